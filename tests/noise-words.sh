#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Figures that never claim more than the noise allows (issue #45): a cost
# above the floor whose 95 % interval holds 0, or below 0, is said in
# words in report's table and seed lines, in compare and on the HTML page;
# a %global whose denominator (global's cost) is within noise is no
# percentage; the records keep the numbers.  The logs are made here, as
# a 64-vCPU TCG boot printed them (llc at gap 1000: -11192 ns +- 20000).
set -u
sign=$SBM_BUILDDIR/tests/sbm-sign
sbmlog=$SBM_BUILDDIR/sbmlog
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }
res() {	# res RUN LAYOUT OP GAP COST CI [PCT_ABV PCT_ABV_CI]
	pa=''
	[ -n "${7:-}" ] && pa=" pct_abv=$7 pct_abv_ci=$8"
	echo "@sbm result v=1 run=$1 layout=$2 op=$3 mode=loop cpus=64 iters=1000 reps=3 unit=ticks/iter median=5000.0 mean=5000.0 min=4000.0 max=6000.0 stddev=9.0 cv=1.0 rep_cv=1.0 ns=2500.000 pct=100.0 clean=1 gap=$4 ci95=10.0 upd_ns=1250.0 floor=4000.0 cost_ns=$5 cost_ci=$6$pa"
}
run() {	# run ID: hello, topo, then the results from stdin, end
	cat >"$w/body"
	echo "@sbm hello v=1 run=$1 version=0.1.0 arch=x86_64 platform=uefi virt=tcg cpu_model=QEMU counter=tsc counter_hz=1000000000 hz_source=cpuid cycles=0"
	echo "@sbm topo v=1 run=$1 cpus=64 packages=2 nodes=2 llcs=2 cores=32 smt=2 line=64 llc_source=cpuid node_source=srat llc_split=0"
	cat "$w/body"
	echo "@sbm end v=1 run=$1 status=ok warnings=0 records=$(($(wc -l <"$w/body") + 2))"
}
{
	# run 1: llc's cost within noise, node's a figure, global a figure
	{ res 0badc0de global lock_bts 1000 120.0 10.0 100.0 0.0
	  res 0badc0de node lock_bts 1000 60.0 5.0 50.0 6.0
	  res 0badc0de llc lock_bts 1000 -11192.0 20000.0 -42.1414 124.35
	  res 0badc0de llc-u8 xchg 1000 30.0 40.0 25.0 40.0
	  res 0badc0de private lock_bts 1000 0.0 0.0 0.0 0.0
	  res 0badc0de private-u8 xchg 1000 0.0 0.0 0.0 0.0; } | run 0badc0de
	# run 2: global itself within noise: no one's %global is a figure
	{ res 0badc0df global lock_bts 1000 5.0 20.0 100.0 0.0
	  res 0badc0df llc lock_bts 1000 30.0 2.0 600.0 900.0
	  res 0badc0df private lock_bts 1000 0.0 0.0 0.0 0.0; } | run 0badc0df
} | "$sign" >"$w/noise.log"

"$sbmlog" report "$w/noise.log" >"$w/rep"; rc=$?
[ $rc = 0 ] && ok "report: exit 0" || bad "report: exit $rc"
grep -q '^per-LLC mask  *: not above the floor (within noise: -11192.00 +- 20000.00 ns)$' "$w/rep" &&
	ok "seed line: llc in words, with the interval" || bad "seed line: $(grep -i 'llc' "$w/rep" | head -3)"
grep -q -- '-42.14' "$w/rep" && bad "the negative percentage is still printed" || ok "no negative percentage"
grep -q '^per-LLC mask (u8.*: not above the floor (within noise: 30.00 +- 40.00 ns)' "$w/rep" &&
	ok "an interval holding 0 (30 +- 40): words" || bad "llc-u8 30 +- 40 not in words"
grep -qE '^per-NUMA mask +: +50\.0000% \(\+-6\.00\)' "$w/rep" && ok "a figure clear of 0 stays a percentage" || bad "node's figure lost"
awk '$1 == "llc" && $2 == "lock_bts" && $3 == 1000 { exit !($8 == "noise" && $10 == "noise") }' "$w/rep" &&
	ok "table: llc's abv_floor and %global read noise" || bad "table: $(awk '$1 == "llc" && $3 == 1000' "$w/rep")"
awk '$1 == "private" && $3 == 1000 { exit !($8 == "0.00") }' "$w/rep" && ok "the floor layouts stay 0, no noise" ||
	bad "private: $(awk '$1 == "private" && $3 == 1000' "$w/rep")"
grep -q 'global not above its floor within noise: 5.00 +- 20.00 ns' "$w/rep" && grep -q -- '600.0000%' "$w/rep" &&
	bad "run 2: a percentage over a global within noise" || {
	grep -q 'global not above its floor within noise: 5.00 +- 20.00 ns' "$w/rep" &&
		ok "global within noise: no %global, said why" || bad "run 2: $(grep -A4 'gap 1000' "$w/rep" | tail -4)"; }
"$sbmlog" report --format csv "$w/noise.log" | grep -q -- ',-11192' && ok "the records keep the numbers (CSV)" ||
	bad "CSV lost the cost"
"$sbmlog" compare "$w/noise.log" "$w/noise.log" >"$w/cmp" 2>&1
grep -q 'noise' "$w/cmp" && ! grep -q -- '-42.14' "$w/cmp" && ok "compare: noise, no negative percentage" ||
	bad "compare: $(grep -i llc "$w/cmp" | head -3)"
if [ -n "${SBM_PYTHON:-}" ] || command -v python3 >/dev/null; then
	SBM_SBMLOG=$sbmlog "$SBM_SRCDIR/tools/sbmbench" report --html "$w/r.html" "$w/noise.log" >"$w/html.out" 2>&1
	# the answer's cells and chart say the words; only the record's own
	# table (and its data- attributes) keeps -42.1414
	grep -q 'not above the floor (within noise: -1.119e+04 &#177; 2e+04 ns)' "$w/r.html" &&
		! grep -q -- '-42.14[0-9]* &#177;' "$w/r.html" &&
		grep -q 'global not above its floor within noise' "$w/r.html" &&
		ok "html: the words, no negative percentage" || bad "html: no words $(tail -3 "$w/html.out")"
fi
exit $fail
