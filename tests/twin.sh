#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The Linux twin as a user runs it: a full report with valid records, the
# machine map (c2c, noise), the pair mode, and clear errors with a non-zero
# status for bad options.
set -u
twin=$SBM_BUILDDIR/sbmbench-linux
# the same objects with the test switches (rw_test_stale=1) on
twin_hooks=$SBM_BUILDDIR/tests/sbmbench-linux-hooks
sbmlog=$SBM_BUILDDIR/sbmlog
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

online=$(getconf _NPROCESSORS_ONLN)

"$twin" iters=20000 reps=3 >"$out/loop.log" 2>&1 || bad "loop mode exit status $?"
"$sbmlog" check "$out/loop.log" || bad "loop log has damaged records"
"$sbmlog" records "$out/loop.log" >"$out/loop.rec"
for l in global node llc llc-u8 private private-u8; do
	for g in 0 1000; do
		grep -q "^result .* layout=$l .* gap=$g " "$out/loop.rec" && ok "result for $l at gap $g" ||
			bad "no result for $l at gap $g"
	done
done
# pct is the ratio of sums (each layout's mean over global's mean at the
# same gap), pct_median the ratio of medians, global 100; cost_ns is
# (mean - floor) per update in ns
awk '$1 == "result" { delete v; for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	k = v["layout"] "@" v["gap"]; mean[k] = v["mean"]; med[k] = v["median"]
	pct[k] = v["pct"]; pmed[k] = v["pct_median"]; gap[k] = v["gap"]
	if (!("cost_ns" in v) || !("floor" in v)) nofloor = 1 }
	END { bad = nofloor
	      for (k in mean) { g = "global@" gap[k]
		if (pct[g] != "100.0000") bad = 1
		want = mean[k] / mean[g] * 100; wmed = med[k] / med[g] * 100
		if (pct[k] == "" || (pct[k] - want) > 0.01 || (want - pct[k]) > 0.01) bad = 1
		if (pmed[k] == "" || (pmed[k] - wmed) > 0.01 || (wmed - pmed[k]) > 0.01) bad = 1 }
	      exit bad }' "$out/loop.rec" && ok "pct = mean / global mean, pct_median from medians, per gap; floors present" ||
	bad "pct figures inconsistent"
grep -q "^global mask  *: 100.0000%" "$out/loop.log" && ok "seed block: global 100%" || bad "seed block"
# event rates (issue 20): at a gap, the cost above the floor with its
# interval and the gap the CPUs really had; the seed block of costs above
# the floors.  Without a floor: "-", never a number, and no pct_abv key
grep -q "^result .* layout=llc .* gap=1000 .* cost_ci=[0-9.]* .*gap_real_ns=[0-9.]*" "$out/loop.rec" &&
	ok "gap 1000: cost_ci and gap_real_ns" || bad "gap 1000: no cost_ci or gap_real_ns"
grep -q "^%cost above floor vs global mask operation, gap 1000 ns" "$out/loop.log" &&
	ok "seed block at a gap: costs above the floors" || bad "no seed block of costs above the floors"
# windows by time on a subset without global: the pilots run on the most
# shared layout chosen (node), the plan counts every chosen layout, and
# each one gets its time-window results
"$twin" reps=2 budget=2 layouts=node,private >"$out/subset.log" 2>&1 || bad "subset run exit status $?"
grep -Eq "^gap 0 ns: windows of [0-9.]+ ms .* in the pilot on node, .*\), 2 layouts x 2 reps: " "$out/subset.log" &&
	ok "subset: piloted on node, the plan counts both layouts" || bad "subset: no plan line piloted on node for 2 layouts"
for l in node private; do
	grep -Eq "^@sbm result .* layout=$l .* gap=0 .* window=time window_us=[1-9][0-9.]* iters_min=[1-9]" "$out/subset.log" &&
		ok "subset: $l in time windows" || bad "subset: no time-window result for $l"
done
"$twin" iters=2000 reps=2 layouts=global,llc >"$out/nofloor.log" 2>&1 || bad "no-floor run exit status $?"
grep -q '^per-LLC mask  *:  *-  (no floor)$' "$out/nofloor.log" && ok "no floor: '-' in the seed block" ||
	bad "no floor: no '-' in the seed block"
if grep -q '^@sbm result .*pct_abv=' "$out/nofloor.log"; then bad "no floor: a pct_abv key"; else ok "no floor: no pct_abv key"; fi
n=$(grep -c '^cpu ' "$out/loop.rec")
[ "$n" = "$online" ] && ok "$n cpu records" || bad "cpu records $n, online $online"
grep -q "^end .* status=ok" "$out/loop.rec" && ok "end status=ok" || bad "no end status=ok"
# leaves in their node's memory where mbind works, else the common heap
pl=$(awk '$1 == "config" { for (i = 2; i <= NF; i++) if ($i ~ /^placement=/) print substr($i, 11) }' "$out/loop.rec")
case $pl in
node|boot) ok "placement=$pl" ;;
*) bad "config placement '$pl'" ;;
esac
# the end record counts every record before it
want=$(($(wc -l <"$out/loop.rec") - 1))
grep -Eq "^end .* records=$want cpus=$online lost=0( start_ms=[0-9.]+)?$" "$out/loop.rec" && ok "records=$want, $online CPUs, none lost" ||
	bad "end records count, cpus or lost"

# the default runs sbm alone
grep -Eq "^(c2c|noise)" "$out/loop.rec" && bad "default run measured c2c or noise" || ok "default: sbm only"

# the machine map: every pair of online CPUs once, a noise record per CPU
"$twin" experiment=c2c,noise c2c_rounds=100 noise_s=0.2 >"$out/map.log" 2>&1 || bad "experiment=c2c,noise exit status $?"
"$sbmlog" check "$out/map.log" >/dev/null || bad "map log has damaged records"
"$sbmlog" records "$out/map.log" >"$out/map.rec"
want=$((online * (online - 1) / 2))
grep -q "^c2c-plan .* pairs=$want " "$out/map.rec" && ok "c2c plan: $want pairs" || bad "c2c plan: $(grep '^c2c-plan' "$out/map.rec")"
awk -v n="$online" '$1 == "c2c" { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	a = v["a"]; b = v["b"]; k = (a < b) ? a "-" b : b "-" a
	if (a == b || (k in seen) || !(v["median"] > 0) || !(v["cas_min"] > 0)) bad = 1
	seen[k] = 1; got++ }
	END { exit bad || got != n * (n - 1) / 2 }' "$out/map.rec" && ok "c2c: every pair once, figures present" || bad "c2c pairs missing, repeated or empty"
[ "$(grep -c '^noise ' "$out/map.rec")" = "$online" ] && ok "noise: one record per CPU" || bad "noise records"
grep -Eq '^(result|config) ' "$out/map.rec" && bad "sbm ran though not chosen" || ok "sbm not run"
grep -q '^c2c: estimated ' "$out/map.log" && grep -q '^noise: done in ' "$out/map.log" && ok "estimate and elapsed lines" || bad "no estimate/elapsed lines"
grep -q "^end .* status=ok" "$out/map.rec" && ok "map: end status=ok" || bad "map: no end status=ok"
"$sbmlog" report "$out/map.log" | grep -q '^one-way latency, median ns, CAS' && ok "report: c2c grid" || bad "report: no c2c grid"
[ "$("$sbmlog" report --format csv --table c2c "$out/map.log" | wc -l)" = $((want + 1)) ] && ok "csv: one row per pair" || bad "csv c2c rows"
if command -v jq >/dev/null 2>&1; then
	"$sbmlog" report --format json "$out/map.log" | jq -e ".runs[0].records.c2c | length == $want" >/dev/null &&
		ok "json: c2c pairs" || bad "json c2c"
fi
if command -v gnuplot >/dev/null 2>&1; then
	"$sbmlog" plot "$out/map.log" --table c2c -o "$out/map.png" 2>/dev/null &&
		head -c 8 "$out/map.png" | od -c | grep -q 'P   N   G' && ok "plot: c2c heat map" || bad "plot c2c"
fi

# scale: per layout (3 here) and order (topo, and rr on this machine when
# it has two LLCs), a point per CPU count up to 32, and a summary per curve
"$twin" experiment=scale iters=5000 reps=2 layouts=global,llc,private >"$out/scale.log" 2>&1 || bad "experiment=scale exit status $?"
"$sbmlog" check "$out/scale.log" >/dev/null || bad "scale log has damaged records"
n=$(( online < 32 ? online : 32 ))
"$sbmlog" records "$out/scale.log" >"$out/scale.rec"
curves=$(grep -c '^scale-summary ' "$out/scale.rec")
{ [ "$curves" = 3 ] || [ "$curves" = 6 ]; } && ok "scale: a summary per layout and order" || bad "scale summaries: $curves"
[ "$(grep -c '^scale ' "$out/scale.rec")" -ge $((n * curves)) ] && ok "scale: a record per point" || bad "scale records"
[ "$("$sbmlog" report --format csv --table scale "$out/scale.log" | wc -l)" -ge $((n * curves + 1)) ] && ok "csv: scale rows" || bad "csv scale rows"

# rw: a record per layout, every reader op's quiet check passed
"$twin" experiment=rw rw_ms=20 >"$out/rw.log" 2>&1 || bad "experiment=rw exit status $?"
"$sbmlog" check "$out/rw.log" >/dev/null || bad "rw log has damaged records"
"$sbmlog" records "$out/rw.log" >"$out/rw.rec"
grep -q "^rw-plan .* writers=[1-9][0-9]* readers=1 " "$out/rw.rec" && ok "rw plan" || bad "rw plan: $(grep '^rw-plan' "$out/rw.rec")"
for l in global node llc llc-u8 private private-u8; do
	grep -q "^rw .* layout=$l .* writer_ns=[0-9.]* .* reader_ns=[0-9.]* .* check=ok .*trimmed=[0-9]" "$out/rw.rec" &&
		ok "rw record for $l" || bad "no rw record for $l"
done
grep -q "^rw-plan .* alone_scan=after-write" "$out/rw.rec" && ok "rw: readers alone scan lines just written" || bad "rw plan: no alone_scan"
grep -q "^end .* status=ok" "$out/rw.rec" && ok "rw: end status=ok" || bad "rw: no end status=ok"
"$sbmlog" report "$out/rw.log" | grep -q '^rw: reader=and ' && ok "report: rw table" || bad "report: no rw table"
"$sbmlog" report "$out/rw.log" | grep -q '^layout .* check trimmed$' && ok "report: rw table counts the trim" || bad "report: rw table without trimmed"
[ "$("$sbmlog" report --format csv --table rw "$out/rw.log" | wc -l)" = 7 ] && ok "csv: rw rows" || bad "csv rw rows"
if command -v gnuplot >/dev/null 2>&1; then
	"$sbmlog" plot "$out/rw.log" --table rw -o "$out/rw.svg" 2>/dev/null &&
		grep -q '<svg' "$out/rw.svg" && ok "plot: rw trade-off" || bad "plot rw"
fi
# the twin users run refuses the test switch, by name
rc=0
"$twin" experiment=rw rw_ms=5 rw_test_stale=1 >"$out/refused.log" 2>&1 || rc=$?
[ "$rc" != 0 ] && grep -q "rw_test_stale is a test switch" "$out/refused.log" &&
	ok "rw_test_stale refused without test hooks" || bad "rw_test_stale accepted without test hooks (exit $rc)"
"$twin_hooks" rw_test_stale=2 >"$out/err.log" 2>&1 && bad "rw_test_stale=2 accepted" ||
	{ grep -q "valid" "$out/err.log" && ok "rw_test_stale=2 rejected (hooks twin)" || bad "rw_test_stale=2: $(cat "$out/err.log")"; }
# the wrong-answer path: with the test hook the readers see a stale bit
# the reference does not have; the run must fail and name layout and op
rc=0
"$twin_hooks" experiment=rw rw_ms=5 layouts=global,llc-u8 rw_test_stale=1 >"$out/stale.log" 2>&1 || rc=$?
[ "$rc" = 1 ] && ok "rw_test_stale: exit status 1" || bad "rw_test_stale: exit status $rc"
"$sbmlog" check "$out/stale.log" >/dev/null || bad "stale log has damaged records"
"$sbmlog" records "$out/stale.log" >"$out/stale.rec"
for l in global llc-u8; do
	grep -q "^rw .* layout=$l .* check=wrong wrong=[a-z,-]*weight" "$out/stale.rec" &&
		ok "rw_test_stale: $l check=wrong, weight named" || bad "rw_test_stale: no check=wrong for $l"
	grep -q "^warn .* what=rw .* msg=$l: reader op weight answered unlike the reference" "$out/stale.rec" &&
		ok "rw_test_stale: warn names $l and weight" || bad "rw_test_stale: no warn for $l weight"
done
grep -q "^end .* status=fail " "$out/stale.rec" && ok "rw_test_stale: end status=fail" || bad "rw_test_stale: end not failed"
"$sbmlog" report "$out/stale.log" | grep -q '^rw: llc-u8: wrong answers from .*gather' &&
	ok "report: wrong answers named" || bad "report: wrong answers not named"

"$twin" mode=pair iters=2000 reps=2 >"$out/pair.log" 2>&1 || bad "pair mode exit status $?"
"$sbmlog" check "$out/pair.log" || bad "pair log has damaged records"
grep -q "^@sbm result .* mode=pair" "$out/pair.log" && ok "pair mode results" || bad "pair mode results"
grep -Eq "^@sbm config .* placement=(node|boot) " "$out/pair.log" && ok "pair mode placement" || bad "pair mode placement"

for args in layouts=bogus cpus=0 frobnicate=1 iters "cpus=$((online + 1))" op=nosuch \
	experiment=bogus pairs=0 "experiment=c2c c2c_home=node:63" "experiment=c2c mode=pair" reader=bogus \
	"experiment=rw rw_nreaders=$online"; do
	# shellcheck disable=SC2086 # some cases are two words on purpose
	if "$twin" $args >"$out/err.log" 2>&1; then
		bad "'$args' was accepted"
	else
		rc=$?
		if [ "$rc" -ne 0 ] && grep -qi "valid\|unknown\|more CPUs\|key=value" "$out/err.log"; then
			ok "'$args' rejected ($rc): $(head -n 1 "$out/err.log")"
		else
			bad "'$args' message unclear: $(cat "$out/err.log")"
		fi
	fi
done
exit $fail
