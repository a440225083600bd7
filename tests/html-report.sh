#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tools/sbmbench report --html (issue #23) in a real browser: headless
# Chromium loads the one self-contained file with no console error and
# its script running under the page's Content-Security-Policy, the
# screenshot is not blank, and every figure in the DOM (data-* attributes
# named by record key) equals sbmlog's CSV of the same logs.  A hostile
# log's <script> and "onmouseover= reach the page as text only.
# Chromium is required (tools/install-deps installs it); "make check
# CHROMIUM=no" skips this test, saying so.
set -u
# configure's python3 (Debian's first): tools/sbmbench runs the same
py=${SBM_PYTHON:-python3}
sbmbench=$SBM_SRCDIR/tools/sbmbench
check=$SBM_SRCDIR/tests/html-check.py
logs=$SBM_SRCDIR/tests/logs
sign=$SBM_BUILDDIR/tests/sbm-sign
chromium=${CHROMIUM:-chromium}
if [ "$chromium" = no ]; then
	echo "SKIP: configured without Chromium (CHROMIUM=no): the HTML report is not tested in a browser"
	exit 77
fi
if ! command -v "$chromium" >/dev/null 2>&1; then
	echo "FAIL: $chromium not found: install the Debian package chromium (tools/install-deps does), or run make check CHROMIUM=no to skip"
	exit 1
fi
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }
SBM_SBMLOG=$SBM_BUILDDIR/sbmlog
export SBM_SBMLOG

# browse URL OUT ARGS...: headless Chromium, its log in OUT.log
browse() {
	u=$1 o=$2
	shift 2
	timeout 120 "$chromium" --headless --disable-gpu --no-sandbox \
		--user-data-dir="$w/profile" --no-first-run --disable-extensions \
		--enable-logging=stderr --v=0 "$@" "$u" >"$o" 2>"$o.log"
}
# console errors: a thrown exception, a console message, a CSP refusal
console_errors() { grep -E 'Uncaught|CONSOLE|Refused to|Content Security Policy' "$1"; }

# the detector itself: a page whose script throws is caught
printf '<!DOCTYPE html><html><body><script>undefined_function();</script></body></html>\n' >"$w/throw.html"
browse "file://$w/throw.html" "$w/throw.dom" --dump-dom
console_errors "$w/throw.dom.log" >/dev/null && ok "console errors are seen (a throwing page)" ||
	bad "a throwing page shows no console error: the check below could not fail"

# a hostile log: record text built to break out of HTML
r='v=1 run=0badc0de'
"$sign" >"$w/hostile.log" <<EOF
@sbm hello $r version=<script>alert(1)</script> arch=x86_64 platform=uefi virt=none cpu_model="<img src=x onerror=alert(2)>" counter=tsc counter_hz=1000000000 hz_source=x"onmouseover=alert(3) cycles=0 <b>=1
@sbm topo $r cpus=2 packages=1 nodes=1 llcs=1 cores=2 smt=1 line=64 llc_source=cpuid node_source=srat
@sbm result $r layout=<script>alert(4)</script> op=x"onmouseover=alert(5) mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=70.0 mean=71.0 min=60.0 max=80.0 stddev=2.0 cv=3.0 rep_cv=3.0 ns=70.000 clean=1 gap=0 ci95=1.0
@sbm c2c $r a=0 b=1 class=</svg><script>alert(6)</script> home=x"onmouseover=alert(7) median=250.00 min=225.00 cas_median=175.00 cas_min=150.00 batch=2 cas_batch=2
@sbm warn $r what=<script>alert(8)</script> id=1 msg="</p><script>alert(9)</script>"
@sbm end $r status=ok warnings=1 records=5
EOF

# repeated warnings: a gap the CPUs could not keep, said per layout
r='v=1 run=0ddba11a'
"$sign" >"$w/gaps.log" <<EOF
@sbm hello $r version=1 arch=riscv64 platform=opensbi virt=none cpu_model=riscv64 counter=time counter_hz=10000000 hz_source=dt cycles=0
@sbm topo $r cpus=2 packages=1 nodes=1 llcs=1 cores=2 smt=1 line=64 llc_source=dt node_source=dt
@sbm result $r layout=global op=amoor mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=70.0 mean=71.0 min=60.0 max=80.0 stddev=2.0 cv=3.0 rep_cv=3.0 ns=7000.000 clean=1 gap=1000 ci95=1.0 upd_ns=3550.0 floor=50.0 cost_ns=1050.0 pct_abv=100.0 pct_abv_ci=0.0
@sbm result $r layout=llc op=amoor mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=60.0 mean=61.0 min=50.0 max=70.0 stddev=2.0 cv=3.0 rep_cv=3.0 ns=6000.000 clean=1 gap=1000 ci95=1.0 upd_ns=3050.0 floor=50.0 cost_ns=550.0 pct_abv=52.38 pct_abv_ci=4.5
@sbm warn $r what=gap id=0 msg="gap 1000 ns really 4288 ns (more than 10 % off)"
@sbm warn $r what=gap id=1 msg="gap 1000 ns really 4288 ns (more than 10 % off)"
@sbm warn $r what=gap id=2 msg="gap 1000 ns really 4301 ns (more than 10 % off)"
@sbm warn $r what=timer id=0 msg="stated rate 0"
@sbm end $r status=ok warnings=4 records=8
EOF

set -- "$logs/twin-x86_64-all.log" "$logs/map/riscv64-numa-c2c.log" \
	"$logs/map/x86_64-scale-noise.log" "$logs/map/twin-x86_64-rw.log" \
	"$logs/two-runs.log"
"$sbmbench" report --html "$w/report.html" "$@" "$w/hostile.log" "$w/gaps.log" \
	--c2c "$logs/c2c/published-8cpu.csv" "$logs/c2c/published-8cpu.lscpu" published-8cpu \
	>"$w/out" 2>"$w/err"; rc=$?
[ $rc = 0 ] && [ -s "$w/report.html" ] && ok "report --html: written, exit 0" || bad "report --html: exit $rc $(cat "$w/err")"

# the file: one inline script (ours), a CSP without the network, nothing
# that loads; the hostile text escaped
"$py" "$check" static "$w/report.html" && ok "one file: our script only, CSP default-src 'none', nothing loaded" ||
	bad "the file loads or runs something"
grep -q '&lt;script&gt;alert(4)&lt;/script&gt;' "$w/report.html" &&
	grep -q 'x&quot;onmouseover=alert(5)' "$w/report.html" &&
	! grep -q '<script>alert' "$w/report.html" && ! grep -q 'x"onmouseover' "$w/report.html" &&
	! grep -q '<img' "$w/report.html" &&
	ok "hostile values: <script> and \"onmouseover= escaped" || bad "hostile values reach the page as markup"
for part in 'Machines side by side' 'Core to core' 'By class' 'Scaling' 'Noise' 'Writers against readers' \
	'The answer' 'event rates' '% global above floor (95 %)' 'ns/update (95 %)' '% of global per gap' \
	'published: published-8cpu' 'Records by kind' 'warning &lt;script&gt;alert(8)'; do
	grep -qF "$part" "$w/report.html" || { bad "report lacks '$part'"; continue; }
done
# a run's page leads with the answer (its table, then its chart), then
# its warnings, then the machine, folded
awk '/id="run-8"/ { s = 1 } s && /The answer/ && !a { a = NR } s && /% of global per gap/ && !c { c = NR }
	s && /warning gap/ && !w { w = NR } s && /<details class="machine"><summary>Machine: / && !m { m = NR }
	s && /<\/section>/ { exit } END { exit !(a && c && w && m && a < c && c < w && w < m) }' "$w/report.html" &&
	ok "the answer, its chart, the warnings, then the machine folded" || bad "not in the order answer, chart, warnings, machine"
# alike warnings on one line with their count; others on their own
sec=$(sed -n '/id="run-8"/,/<\/section>/p' "$w/report.html")
[ "$(printf '%s\n' "$sec" | grep -c 'warning gap')" = 1 ] &&
	printf '%s\n' "$sec" | grep -q 'warning gap <span class="count">&#215;3</span>: gap 1000 ns really 4288 ns' &&
	printf '%s\n' "$sec" | grep -q '<li>gap 1000 ns really 4288 ns (more than 10 % off) &#215;2</li>' &&
	printf '%s\n' "$sec" | grep -q 'warning timer: stated rate 0' &&
	ok "repeated warnings: one line with the count, the messages folded" || bad "repeated warnings not grouped"
# the chart: a bar per layout at the gap, its interval; a record with
# no interval has none
printf '%s\n' "$sec" | grep -q '<rect [^>]*class="bar" data-fig="result" data-run="0ddba11a" data-layout="llc" data-op="amoor"' &&
	[ "$(printf '%s\n' "$sec" | grep -c 'class="bar" data-fig="result"')" = 2 ] &&
	ok "the chart: every layout against global at the gap" || bad "the chart lacks a layout"
# the model beside the measurement (issue #44): the twin log has a map,
# so its section draws measured and predicted bars side by side, every
# figure a model record's that sbmlog predict printed
sec=$(sed -n '/The model beside the measurement/,/<\/section>/p' "$w/report.html")
[ "$(printf '%s\n' "$sec" | grep -c 'class="bar" data-fig="model".*data-arbiter="fair"')" -ge 4 ] &&
	printf '%s\n' "$sec" | grep -q 'measured (95 %) and predicted' &&
	printf '%s\n' "$sec" | grep -q '<title>[^<]* ns measured</title>' &&
	printf '%s\n' "$sec" | grep -q '<title>[^<]*fair arbiter: [^<]* ns predicted</title>' &&
	ok "the model: measured and predicted bars side by side" || bad "the model: no measured/predicted bars"
sec=$(sed -n '/id="run-8"/,/<\/section>/p' "$w/report.html")
# side by side: rows pair by layout and gap, not by op (x86 lock_bts
# and riscv amoor at gap 1000 are one row)
grep -q '<td class="t">global gap 1000: lock_bts/amoor</td>' "$w/report.html" &&
	! grep -q 'global amoor gap' "$w/report.html" && ok "side by side: x86 and riscv paired by layout and gap" ||
	bad "side by side: not paired by layout and gap"
# the per-kind tables: the schema's keys as columns, units named
printf '%s\n' "$sec" | grep -q '<th>pct_abv_ci (%)</th>' && printf '%s\n' "$sec" | grep -q '<th>gap (ns)</th>' &&
	ok "per-kind tables: columns named by the schema's keys and units" || bad "per-kind tables: no schema columns"

# the browser: the DOM, no console error, the script ran
browse "file://$w/report.html" "$w/dom.html" --dump-dom
[ -s "$w/dom.html" ] && ok "chromium: DOM dumped" || bad "chromium: no DOM ($(tail -n 3 "$w/dom.html.log"))"
if console_errors "$w/dom.html.log" >"$w/errors"; then
	bad "console errors: $(head -n 5 "$w/errors")"
else
	ok "chromium: no console error"
fi
grep -q 'alert(' "$w/dom.html" && ! grep -q '<script>alert' "$w/dom.html" && ok "DOM: the hostile text is text" ||
	bad "DOM: hostile markup"

# the DOM's figures against sbmlog's CSV of the same logs (by record key)
mkdir "$w/csv"
i=0
for log in "$@"; do
	i=$((i + 1))
	for t in sbm c2c noise scale rw; do
		"$SBM_SBMLOG" report "$log" --format csv --table "$t" >"$w/csv/$i.$t.csv" 2>/dev/null
	done
done
runs=$(for log in "$@"; do "$SBM_SBMLOG" records "$log" | awk '$1 == "hello" { sub(/^run=/, "", $3); print $3 }'; done)
# shellcheck disable=SC2086 # one word per run id
"$py" "$check" dom "$w/dom.html" "$w/csv" $runs && ok "DOM figures equal sbmlog's CSV" || bad "DOM figures differ from sbmlog's CSV"

# the screenshot: not blank
browse "file://$w/report.html" "$w/shot.out" --screenshot="$w/shot.png" --window-size=1200,2400 --hide-scrollbars
[ -s "$w/shot.png" ] && "$py" "$check" png "$w/shot.png" && ok "screenshot: not blank" || bad "screenshot blank or missing"
console_errors "$w/shot.out.log" >/dev/null && bad "console errors on the screenshot run" || ok "screenshot run: no console error"

# the database as the source: the same runs, the same report sections
"$sbmbench" db add --db "$w/r.sqlite" "$logs/map/riscv64-numa-c2c.log" >/dev/null 2>&1
"$sbmbench" import-c2c "$logs/c2c/published-8cpu.csv" --topology "$logs/c2c/published-8cpu.lscpu" \
	--db "$w/r.sqlite" --name pub8 >/dev/null 2>&1
"$sbmbench" report --html "$w/db.html" --db "$w/r.sqlite" >"$w/out" 2>"$w/err"; rc=$?
[ $rc = 0 ] && grep -q 'data-kind="c2c" data-run="1d7be177"' "$w/db.html" && grep -q 'published: pub8' "$w/db.html" &&
	ok "report --html --db: runs and the published set" || bad "report --html --db: exit $rc $(cat "$w/err")"

exit $fail
