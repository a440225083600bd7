#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# The machine map on this tree's image under QEMU: experiment=c2c,noise,scale,rw
# on two sockets / two nodes.  Every pair once, in topology order, with the
# class and line home its CPUs' records imply; one noise record per CPU; scale
# for every layout in both CPU orders; a checked rw record per layout.
# Structure only: under TCG the figures are QEMU's.
#
# Its checks (every pair once, in topology order) are more than a row of
# tests/boot-tests.tsv holds, so it boots on its own.
set -u

. "$SBM_SRCDIR/tests/boot-lib.sh"

case $SBM_ARCH in
x86_64) img=$SBM_BUILDDIR/BOOTX64.EFI; topo=sockets=2,cores=1,threads=2 ;;	# SMT pairs too
arm64) img=$SBM_BUILDDIR/BOOTAA64.EFI; topo=sockets=2,clusters=1,cores=2 ;;
riscv64) img=$SBM_BUILDDIR/sbmbench-riscv64.elf; topo=sockets=2,cores=2 ;;
*) echo "no image for '$SBM_ARCH'"; exit 77 ;;
esac
opts=(experiment=c2c,noise,scale,rw rw_ms=20 c2c_rounds=10 noise_s=0.05 iters=200 warmup=10 timeout_ms=20000)

# map_check NAME HOME_RULE -- QEMU-RUN-ARGS... [-- IMAGE-OPTIONS]
# HOME_RULE: a (the line on a's node) or a node number
map_check() {
	local name=$1 home=$2 log=$boot_tmp/$1.log rc=0 fail0=$boot_fail n want
	shift 3
	"$SBM_SRCDIR/images/qemu-run" --quiet --log "$log" "$@" 2>"$boot_tmp/qemu-run.err" || rc=$?
	[ "$rc" = 0 ] && ok "$name: qemu-run exit 0" || { bad "$name: qemu-run exit $rc"; cat "$boot_tmp/qemu-run.err"; }
	"$SBM_BUILDDIR/sbmlog" check "$log" >/dev/null && ok "$name: every record passes its CRC" || bad "$name: damaged records"
	"$SBM_BUILDDIR/sbmlog" records "$log" >"$boot_tmp/rec"
	n=$(field topo cpus)
	[ "$(grep -c '^cpufail ' "$boot_tmp/rec")" = 0 ] && ok "$name: every CPU came up" || bad "$name: CPUs failed to start"
	want=$((n * (n - 1) / 2))
	[ "$(field c2c-plan pairs)" = "$want" ] && ok "$name: c2c plans $want pairs" || bad "$name: c2c plan $(field c2c-plan pairs), want $want"
	# every pair once; a before b and rows in topology order; class and
	# home as the cpu records say
	if awk -v home="$home" -v want="$want" '
		function kv(i) { split($i, f, "="); v[f[1]] = f[2] }
		function key(c) { return sprintf("%06d%06d%06d%06d%06d%06d", pk[c], nd[c], ll[c], co[c], sm[c], c) }
		$1 == "cpu" { delete v; for (i = 2; i <= NF; i++) kv(i)
			pk[v["id"]] = v["package"]; nd[v["id"]] = v["node"]; ll[v["id"]] = v["llc"]
			co[v["id"]] = v["core"]; sm[v["id"]] = v["smt"] }
		$1 == "c2c" { delete v; for (i = 2; i <= NF; i++) kv(i)
			a = v["a"]; b = v["b"]; p = (a < b) ? a "-" b : b "-" a
			if (a == b || (p in seen)) { print "repeated " p; bad = 1 }
			seen[p] = 1; got++
			if (key(a) >= key(b)) { print "a after b: " a "-" b; bad = 1 }
			if (key(a) key(b) <= last) { print "out of order: " a "-" b; bad = 1 }
			last = key(a) key(b)
			cls = co[a] == co[b] ? "smt" : ll[a] == ll[b] ? "llc" : nd[a] == nd[b] ? "node" : pk[a] == pk[b] ? "package" : "none"
			if (v["class"] != cls) { print "class " v["class"] " for " p ", want " cls; bad = 1 }
			h = home == "a" ? nd[a] : home
			if (v["home"] != h) { print "home " v["home"] " for " p ", want " h; bad = 1 }
			if (!(v["median"] > 0) || !(v["cas_median"] > 0)) { print "no figure for " p; bad = 1 } }
		END { if (got != want) { print got " pairs, want " want; bad = 1 }; exit bad }' "$boot_tmp/rec" >"$boot_tmp/why"; then
		ok "$name: every pair once, in topology order, class and home right"
	else
		bad "$name: c2c records: $(head -n 3 "$boot_tmp/why" | tr '\n' ';')"
	fi
	# x86_64 boots with SMT: each socket's two threads are a pair of class smt
	if [ "$SBM_ARCH" = x86_64 ]; then
		[ "$(grep -c '^c2c .*class=smt' "$boot_tmp/rec")" = 2 ] && ok "$name: two SMT sibling pairs, class smt" ||
			bad "$name: SMT pairs: $(grep -c '^c2c .*class=smt' "$boot_tmp/rec")"
	fi
	[ "$(grep -c '^noise ' "$boot_tmp/rec")" = "$n" ] && ok "$name: one noise record per CPU" || bad "$name: noise records"
	# scale: two LLCs, so both orders; every layout and order has a clean
	# point per CPU count 1..n and a summary; llc's says where it beats global
	if awk -v n="$n" '
		function kv(i) { split($i, f, "="); v[f[1]] = f[2] }
		$1 == "scale-plan" { delete v; for (i = 2; i <= NF; i++) kv(i)
			nl = split(v["layouts"], L, ","); no = split(v["orders"], O, ",")
			if (v["orders"] != "topo,rr" || v["llcs"] != 2 || v["points"] != nl * no * n) {
				print "plan " $0; bad = 1 } }
		$1 == "scale" { delete v; for (i = 2; i <= NF; i++) kv(i)
			k = v["layout"] "/" v["order"] "/" v["cpus"]
			if ((k in pt) || v["clean"] != 1 || !(v["upd_ns"] > 0)) { print "point " k; bad = 1 }
			# an LLC per socket of 2 CPUs: topo fills one, rr spreads
			if (v["cpus"] == 2 && v["llcs"] != (v["order"] == "rr" ? 2 : 1)) { print "llcs " k; bad = 1 }
			pt[k] = 1; npt++ }
		$1 == "scale-summary" { delete v; for (i = 2; i <= NF; i++) kv(i)
			sum[v["layout"] "/" v["order"]] = 1; nsum++
			if ((v["layout"] == "llc") != ("llc_wins_from" in v)) { print "summary " $0; bad = 1 } }
		END { for (l = 1; l <= nl; l++) for (o = 1; o <= no; o++) {
				if (!((L[l] "/" O[o]) in sum)) { print "no summary " L[l] "/" O[o]; bad = 1 }
				for (c = 1; c <= n; c++) if (!((L[l] "/" O[o] "/" c) in pt)) {
					print "missing " L[l] "/" O[o] "/" c; bad = 1 } }
			if (!nl || npt != nl * no * n || nsum != nl * no) { print npt " points, " nsum " summaries"; bad = 1 }
			exit bad }' "$boot_tmp/rec" >"$boot_tmp/why"; then
		ok "$name: scale: every layout in both orders, a clean point per CPU count and a summary"
	else
		bad "$name: scale records: $(head -n 3 "$boot_tmp/why" | tr '\n' ';')"
	fi
	# rw: the reader on the other LLC, every layout measured and checked
	grep -q '^rw-plan .*writers=2 readers=1 .*place=other-llc ' "$boot_tmp/rec" && ok "$name: rw plan, reader on the other LLC" ||
		bad "$name: rw plan $(grep '^rw-plan' "$boot_tmp/rec")"
	[ "$(grep -c '^rw .*check=ok' "$boot_tmp/rec")" = 6 ] && ok "$name: a checked rw record per layout" || bad "$name: rw records"
	grep -q '^end .*status=ok' "$boot_tmp/rec" && ok "$name: end status=ok" || bad "$name: no end status=ok"
	[ "$boot_fail" = "$fail0" ] || boot_evidence "$name" "$log" "$rc"
}

map_check "$SBM_ARCH-map" a -- --arch "$SBM_ARCH" --image "$img" --smp 4 \
	--topology "$topo" --numa 2 --timeout 240 -- "${opts[@]}"
# riscv64 boots in a second: the line on a stated node too
if [ "$SBM_ARCH" = riscv64 ]; then
	map_check "$SBM_ARCH-map-home1" 1 -- --arch "$SBM_ARCH" --image "$img" --smp 4 \
		--topology "$topo" --numa 2 --timeout 240 -- "${opts[@]}" c2c_home=node:1
fi
boot_done
