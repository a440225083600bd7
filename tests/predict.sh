#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tools/sbmbench predict (issue #44): the coherence model from a machine
# on paper, a run's own map and a published matrix.  Every expected
# figure is worked here by hand from the model's premise (docs/model.md),
# not taken from the tool: a contended update costs one hand-off; S
# sharers saturated pay S x (hand-off + op) a round; at a gap Z the exact
# mean-value recursion R(n) = D (1 + Q(n-1)), Q(n) = n R(n) / (Z + R(n)).
# Hostile input (words, numbers, CSVs) is refused by name.
set -u
py=${SBM_PYTHON:-python3}
sbmbench=$SBM_SRCDIR/tools/sbmbench
logs=$SBM_SRCDIR/tests/logs
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }
SBM_SBMLOG=$SBM_BUILDDIR/sbmlog
export SBM_SBMLOG
# sbm ARGS: the tool into $w/out and $w/err, its exit status kept; a
# read of a key the schema lacks (sbmlog says so on the way out) fails
sbm() {
	"$sbmbench" "$@" >"$w/out" 2>"$w/err"
	set -- $?
	! grep -q 'internal error' "$w/err" || bad "sbmlog read a key its schema lacks: $(grep 'internal error' "$w/err")"
	return "$1"
}
# rec WHAT LAYOUT GAP ARBITER KEY: a model record's value, from $w/out
rec() {
	awk -v what="$1" -v l="$2" -v g="$3" -v a="$4" -v k="$5" '
	$1 == "@sbm" && $2 == "model" {
		delete v
		for (i = 3; i <= NF; i++) { n = index($i, "="); if (n) v[substr($i, 1, n - 1)] = substr($i, n + 1) }
		key = v["what"] == "scale" ? v["order"] ":" v["cpus"] : v["gap"]
		if (v["what"] == what && v["layout"] == l && key == g && v["arbiter"] == a) { print v[k]; exit }
	}' "$w/out"
}
# near GOT WANT: within 0.01 ns (the records' 3 decimals)
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(a != "" && d < 0.01 && d > -0.01) }'; }
check() {	# check WHAT LAYOUT GAP ARBITER KEY WANT MESSAGE
	got=$(rec "$1" "$2" "$3" "$4" "$5")
	near "$got" "$6" && ok "$7: $5 $got" || bad "$7: $5 $got, want $6"
}

# One LLC of two cores, 50 ns apart, op 5 ns: one sharer is the floor,
# two saturated hand the line over at every update: 2 x (50 + 5) ns.
sbm predict --topology sockets=1,cores=2 --latency llc=50,op=5; rc=$?
[ $rc = 0 ] && ok "paper: 2 CPUs" || bad "paper: exit $rc: $(cat "$w/err")"
check sbm global 0 fair upd_ns 110 "S=2 saturated: 2 x (hand-off + op)"
check sbm global 0 nearest upd_ns 110 "S=2: both arbiters alike"
check sbm private 0 fair upd_ns 5 "S=1: the floor op, no hand-off"
check scale global topo:1 fair upd_ns 5 "scale k=1: the floor"
check scale global topo:2 fair upd_ns 110 "scale k=2: one hand-off per update"
# At a gap of 1000 ns: D = 55, R(1) = 55, Q(1) = 55/1055,
# R(2) = 55 (1 + 55/1055); cost above the floor = R(2) - op.
want=$(awk 'BEGIN { d = 55; q = d / (1000 + d); printf "%.4f", d * (1 + q) - 5 }')
check sbm global 1000 fair cost_ns "$want" "S=2 at gap 1000 (MVA by hand)"
"$SBM_BUILDDIR/sbmlog" check "$w/out" >/dev/null && ok "paper: its output is a log" || bad "paper: output not a clean log"

# Two packages of two cores: 20 ns within, 100 across, op 0.  Global:
# fair = each CPU's mean over the other three = (20 + 100 + 100) / 3;
# nearest-first tour 0-1-2-3-0 = (20 + 100 + 20 + 100) / 4 = 60, so a
# round of four = 240.  Node: two lines of two, 2 x 20 each.
sbm predict --topology sockets=2,cores=2 --latency llc=20,none=100 --gap 0
fair=$(awk 'BEGIN { printf "%.4f", 4 * 220 / 3 }')
check sbm global 0 fair upd_ns "$fair" "two packages: fair round"
check sbm global 0 nearest upd_ns 240 "two packages: nearest-first tour"
check sbm global 0 fair handoff_ns "$(awk 'BEGIN { printf "%.4f", 220 / 3 }')" "fair mean hand-off"
check sbm node 0 fair upd_ns 40 "node: two lines of two"
check sbm node 0 fair pct "$(awk -v f="$fair" 'BEGIN { printf "%.4f", 100 * 40 / f }')" "node %global of the fair global"
lo=$(rec sbm global 0 nearest upd_ns); hi=$(rec sbm global 0 fair upd_ns)
awk -v a="$lo" -v b="$hi" 'BEGIN { exit !(a < b) }' && ok "band: nearest-first below fair ($lo < $hi)" || bad "band: $lo vs $hi"

# A symmetric machine: 1 socket, 4 cores, 40 ns, op 0: every arbiter 4 x 40.
sbm predict --topology cores=4 --latency llc=40 --gap 0 --no-scale
check sbm global 0 fair upd_ns 160 "symmetric: 4 x 40"
check sbm global 0 nearest upd_ns 160 "symmetric: nearest the same"
grep -q 'what=scale' "$w/out" && bad "--no-scale still printed scale rows" || ok "--no-scale: no scale rows"

# Refused by name: unknown words, missing classes, bad numbers.
refused() {	# refused MESSAGE WANT ARGS...
	m=$1; want=$2; shift 2
	sbm predict "$@"; rc=$?
	[ $rc = 2 ] && grep -q -- "$want" "$w/err" && ok "refused: $m" ||
		bad "refused: $m: exit $rc, $(cat "$w/err" "$w/out" | head -3)"
}
refused "unknown topology word" "unknown word 'bogus=2'" --topology bogus=2 --latency llc=1
refused "missing class latency" "give none=NS" --topology sockets=2,cores=2 --latency llc=20
refused "not a number" "not a number" --topology cores=2 --latency llc=nan
refused "negative" "not a number" --topology cores=2 --latency llc=-5
refused "too many CPUs" "more than" --topology sockets=64,cores=64,threads=2 --latency smt=1,llc=1,none=1
refused "a bad gap" "--gap" --topology cores=2 --latency llc=1 --gap 10,x

# A run's own map: the twin fixture has c2c, sbm and scale records;
# every layout gets a row and the ones outside the band a warning.
sbm predict "$logs/twin-x86_64-all.log"; rc=$?
[ $rc = 0 ] && ok "log: modelled" || bad "log: exit $rc $(cat "$w/err")"
n=$(grep -c '^@sbm model .*what=sbm .*measured_ns=' "$w/out")
[ "$n" = 24 ] && ok "log: 12 results x 2 arbiters beside measured" || bad "log: $n sbm rows with measured"
grep -q '^@sbm warn .*what=model .*msg="global lock_bts gap 0: measured .* below' "$w/out" &&
	ok "log: a warn names the layout and the way it departs" || bad "log: no warning for global"
"$SBM_BUILDDIR/sbmlog" report --format csv --table model "$w/out" >"$w/csv" &&
	[ "$(grep -c ',sbm,' "$w/csv")" = 24 ] &&
	ok "log: the model records as CSV ($(wc -l <"$w/csv") lines)" || bad "log: CSV of model records"
"$SBM_BUILDDIR/sbmlog" report "$logs/twin-x86_64-all.log" >"$w/rep"
grep -q '^model (docs/model.md): predicted beside measured' "$w/rep" && grep -q '^WARNING model: ' "$w/rep" &&
	ok "report: the model section" || bad "report: no model section"
"$SBM_BUILDDIR/sbmlog" report "$logs/twin-x86_64.log" >"$w/rep"
grep -q '^model: no map .*experiment=c2c.*--from-c2c' "$w/rep" && ok "report without c2c: says how to get a map" ||
	bad "report without c2c: $(grep '^model' "$w/rep")"
sbm predict "$logs/twin-x86_64.log"; rc=$?
[ $rc = 1 ] && grep -q 'no map' "$w/err" && ok "predict without a map: exit 1, said" || bad "predict without a map: exit $rc"

# The read side (docs/model.md section 6), on a live twin run: one
# writer, one reader, one line each layout; the map's one pair is the
# hand-off.  A scan after the writer wrote pays that one hand-off; while
# the writer runs (set, 20 us, clear, 80 us) a scan every T = its time +
# 10 us finds the line written with (min(T,20000) + min(T,80000)) / 1e5;
# the writer's spells both outlast T, so each update finds the line read
# and pays it back: one hand-off.
twin=$SBM_BUILDDIR/sbmbench-linux
# val KIND LAYOUT KEY: a key of the twin log's first KIND record (of
# LAYOUT; - for any)
val() {
	awk -v k="$1" -v l="$2" -v key="$3" '$1 == "@sbm" && $2 == k && (l == "-" || index($0, " layout=" l " ")) {
		for (i = 3; i <= NF; i++) if (index($i, key "=") == 1) { print substr($i, length(key) + 2); exit } }' "$w/rw.log"
}
# written LAYOUT: the scan+w cost the rule above gives
written() {
	awk -v r="$(val rw "$1" reader_ns)" -v h="$hand" 'BEGIN { t = r + 10000
		a = t < 20000 ? t : 20000; b = t < 80000 ? t : 80000; printf "%.4f", (a + b) / 100000 * h }'
}
if [ -x "$twin" ] && "$twin" experiment=rw,c2c layouts=global,private rw_ms=30 >"$w/rw.log" 2>"$w/rw.err"; then
	sbm predict "$w/rw.log"; rc=$?
	hand=$(val c2c - cas_median)
	[ $rc = 0 ] && [ -n "$hand" ] && [ -n "$(val rw global reader_ns)" ] && ok "rw: predict on a twin log" ||
		bad "rw: predict exit $rc, hand-off '$hand': $(head -c 300 "$w/err")"
	check scan global 0 serial lines 1 "rw scan: one line"
	check scan global 0 serial cost_ns "$hand" "rw scan: one hand-off"
	check scan global 0 overlap cost_ns "$hand" "rw scan: one miss, nothing to overlap"
	check write+r global 0 one cost_ns "$hand" "rw write+r: every update pays the line back"
	check scan+w global 0 serial cost_ns "$(written global)" "rw scan+w: the share of scans that find it written"
	check scan+w private 0 serial cost_ns "$(written private)" "rw scan+w private: the same rule"
	grep -q '^global *scan ' "$w/out" && ok "rw: the table names its rows" || bad "rw: no rw table"
	grep -q '^global *scan ' "$w/rw.log" && ok "rw: the image prints the model beside rw" ||
		bad "rw: the image's model has no rw rows"
else
	bad "rw: the twin run failed: $(head -c 300 "$w/rw.err")"
fi

# Runs on paper (--latency run=K): the same two cores with runs of 5
# updates: serial 2 x (50 / 5 + 5) - 5 = 25 ns, overlapped (the next
# owner's request in flight) 2 x max(50 / 5, 5) - 5 = 15 ns; the floor
# layout has no sharer and no run.
sbm predict --topology sockets=1,cores=2 --latency llc=50,op=5,run=5 --gap 0 --no-scale; rc=$?
[ $rc = 0 ] && ok "paper runs: accepted" || bad "paper runs: exit $rc: $(cat "$w/err")"
check sbm global 0 fair per_owner 5 "paper runs: the given run"
check sbm global 0 fair owner_cost_ns 25 "paper runs: serial"
check sbm global 0 nearest owner_overlap_ns 15 "paper runs: overlapped"
[ -z "$(rec sbm private 0 fair per_owner)" ] && ok "paper runs: none on a line of one" || bad "paper runs: a run on private"
grep -q '(runs of 5.0 updates per owner, given; ' "$w/out" && ok "paper runs: the row says given" || bad "paper runs: row"
sbm predict --topology sockets=1,cores=2 --latency llc=50,op=5,run=0.5 --gap 0; rc=$?
[ $rc != 0 ] && grep -q 'run=0.5: updates per owner are 1 or more' "$w/err" && ok "paper runs: run=0.5 refused, said" ||
	bad "paper runs: run=0.5: exit $rc $(cat "$w/err")"

# Ownership runs (measure/own_runs.h), on a live twin run of sbm and c2c:
# the image counts the swaps that found another CPU's tag; every CPU's
# first swap finds another's (or none), so changes >= cpus; run is
# updates / changes.  predict divides each hand-off by the run: at gap 0
# a line of S sharers costs S x (h / run + op) - op above the floor.
if [ -x "$twin" ] && "$twin" experiment=sbm,c2c layouts=global,private reps=2 gap=0 iters=20000 >"$w/runs.log" 2>"$w/runs.err"; then
	runs=$(grep '^@sbm runs .* layout=global gap=0 ' "$w/runs.log" | head -1)
	kv() { printf '%s\n' "$runs" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
	u=$(kv updates) c=$(kv changes) n=$(kv cpus) r=$(kv per_owner)
	[ -n "$runs" ] && [ "$c" -ge "$n" ] && [ "$c" -le "$u" ] && [ "$n" -ge 2 ] &&
		awk -v u="$u" -v c="$c" -v r="$r" 'BEGIN { d = u / c - r; exit !(d < 0.006 && d > -0.006) }' &&
		ok "runs: $n CPUs, $u updates, $c changes of owner, run $r = updates / changes" ||
		bad "runs: record '$runs'"
	sbm predict "$w/runs.log"; rc=$?
	pr=$(rec sbm global 0 fair per_owner)
	if [ "$(kv even)" = 1 ]; then
		h=$(rec sbm global 0 fair handoff_ns) op=$(rec sbm global 0 fair op_ns) s=$(rec sbm global 0 fair sharers)
		want=$(awk -v s="$s" -v h="$h" -v op="$op" -v r="$pr" 'BEGIN { printf "%.4f", s * (h / r + op) - op }')
		[ $rc = 0 ] && [ "$pr" = "$r" ] && ok "runs: predict takes the image's run ($pr)" ||
			bad "runs: predict exit $rc, run '$pr' want '$r'"
		check sbm global 0 fair owner_cost_ns "$want" "runs: one hand-off per run, $s sharers"
		# overlapped: the next owner's request in flight during the
		# run, a service of the longer of h / run and op
		want=$(awk -v s="$s" -v h="$h" -v op="$op" -v r="$pr" 'BEGIN { d = h / r; if (d < op) d = op; printf "%.4f", s * d - op }')
		check sbm global 0 fair owner_overlap_ns "$want" "runs overlapped: max(h / run, op) a service"
	else
		# a CPU the host hardly ran: the count is kept, not used
		[ $rc = 0 ] && [ -z "$pr" ] && ok "runs: an uneven count (cpu_min $(kv cpu_min) of $u) is not used" ||
			bad "runs: uneven count used: '$pr'"
	fi
	kmin=$(kv cpu_min) kmax=$(kv cpu_max)
	[ "$kmin" -le "$kmax" ] && [ $((kmin * n)) -le "$u" ] && [ $((kmax * n)) -ge "$u" ] &&
		ok "runs: the fewest and most one CPU made bracket the mean" || bad "runs: cpu_min $kmin cpu_max $kmax"
	# an even count gets a runs row in both tables, an uneven one none
	if [ "$(kv even)" = 1 ]; then
		grep -q '(runs of [0-9.]* updates per owner, measured; overlapped ' "$w/out" &&
			grep -q '(runs of [0-9.]* updates; overlapped ' "$w/runs.log"
	else
		! grep -q '(runs of [0-9.]* updates per owner, measured' "$w/out" && ! grep -q '(runs of [0-9.]* updates; overlapped ' "$w/runs.log"
	fi && ok "runs: the runs row where the count is even (even=$(kv even))" || bad "runs: runs row against even=$(kv even)"
else
	bad "runs: the twin run failed: $(head -c 300 "$w/runs.err")"
fi

# A published matrix (the hand-made fixture of tests/import-c2c.sh):
# with its lscpu, and inferred from the matrix alone, the same machine.
csv=$logs/c2c/published-8cpu.csv
sbm predict --from-c2c "$csv" --lscpu "$logs/c2c/published-8cpu.lscpu" --gap 0 --no-scale; rc=$?
[ $rc = 0 ] && ok "from-c2c with lscpu" || bad "from-c2c: exit $rc $(cat "$w/err")"
cp "$w/out" "$w/lscpu.out"
sbm predict --from-c2c "$csv" --infer-topology --gap 0 --no-scale
grep -q 'LLCs: 3, of 2/4 CPUs' "$w/err" && grep -q 'packages (= nodes): 2, of 2/6 CPUs' "$w/err" &&
	grep -q 'SMT: .* 4 cores of 2 threads' "$w/err" && ok "infer: 4 cores, 3 LLCs, 2 packages, printed" ||
	bad "infer: $(cat "$w/err")"
[ "$(grep '^@sbm model' "$w/out" | sed 's/ run=[0-9a-f]*//; s/of_run=[0-9a-f]*//; s/#.*//')" = \
  "$(grep '^@sbm model' "$w/lscpu.out" | sed 's/ run=[0-9a-f]*//; s/of_run=[0-9a-f]*//; s/#.*//')" ] &&
	ok "infer: the same figures as with lscpu" || bad "infer: figures differ from lscpu's"
# global over the 8 CPUs, fair: the mean of the 28 pairs (made to be
# 4 x 7.75 + 4 x 21.5 + 8 x 43.5 + 12 x 105.5 over 28)
want=$(awk 'BEGIN { printf "%.4f", (4 * 7.75 + 4 * 21.5 + 8 * 43.5 + 12 * 105.5) / 28 }')
check sbm global 0 fair handoff_ns "$want" "published: the fair hand-off is the pairs' mean"

# Hostile CSVs, each refused naming the file and line.
bad_csv() {	# bad_csv MESSAGE WANT (the CSV on stdin)
	cat >"$w/bad.csv"
	sbm predict --from-c2c "$w/bad.csv" --infer-topology; rc=$?
	[ $rc = 2 ] && grep -q -- "$2" "$w/err" && ok "csv refused: $1" ||
		bad "csv refused: $1: exit $rc $(head -c 300 "$w/err")"
}
printf ',,\n5,,\n6\n' | bad_csv "ragged row (short)" "bad.csv:3: column 2"
printf ',,,\n5,,,\nnan,6,,\n' | bad_csv "NaN" "bad.csv:3: column 1: 'nan'"
printf ',,,\n5,,,\n-4,6,,\n' | bad_csv "negative" "bad.csv:3: column 1: '-4'"
"$py" -c 'import sys; sys.stdout.write(",,\n5,,\n6,7" + "," * 1000000 + "\n")' |
	bad_csv "a million columns" "bad.csv:3: 1000002 columns"
printf 'x\n' | bad_csv "one row" "fewer than two rows"
printf ',,\n5,,\n6,7,\n' >"$w/ok.csv"
sbm predict --from-c2c "$w/ok.csv"; rc=$?
[ $rc = 2 ] && grep -q 'needs --lscpu FILE or --infer-topology' "$w/err" && ok "from-c2c needs a topology" || bad "from-c2c without topology: exit $rc"
exit $fail
