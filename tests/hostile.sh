#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# A log is hostile input (issue #18): a record's CRC is integrity, not
# authenticity, so anyone can write one that passes.  Here every text
# field that reaches a report, CSV, JSON or a plot carries backquotes, a
# gnuplot system() call, quotes, a tab, DEL, C1 controls (raw and UTF-8),
# a right-to-left override and a line separator (UTF-8), an ANSI escape, a value cut by a line break (rejoined by its CRC) and
# values of 900 bytes and 4 KiB; the file name is hostile too.  Every
# report, table and plot is made from it, and nothing may run (no marker
# file), no gnuplot script may hold record text outside single quotes,
# JSON must parse, CSV rows must be RFC 4180 with the header's column
# count, and the text on the terminal must be printable ASCII.  Well-formed
# UTF-8 that is no such mark (SMBIOS names) reaches each output whole.
set -u
sbmlog=$SBM_BUILDDIR/sbmlog
sign=$SBM_BUILDDIR/tests/sbm-sign
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

T=$(printf '\t')
DEL=$(printf '\177')
C1=$(printf '\233')		# CSI as one byte (8-bit terminals)
U1=$(printf '\302\233')		# CSI as UTF-8 (U+009B)
# marks that make text read other than it is: right-to-left override,
# line separator (well-formed UTF-8, never shown as such)
BIDI=$(printf '\342\200\256\342\200\250')
ESC=$(printf '\033')
# Short enough for the smallest fields (8 bytes with the NUL): what is
# cut off the rest must still be inert.
P="\`>P\`"
S="$P'\"$T"
# A bare value: no blank, no '"' at its start.
H="$S$DEL$C1$U1$BIDI\$(>P)system(\"touch${T}MARKER\")\`touch${T}MARKER\`@x\\#,;"
# A quoted value: blanks, no '"'.
Q="\`>P\` system('touch MARKER') \`touch MARKER\` ' \$(>P) @x , ;$T$DEL$C1$U1$BIDI"
long=$(printf '%0900d' 0)
huge=$(printf '%04096d' 0)

mkdir "$w/run" "$w/tmp"
# the log's own name: quotes, a backquoted command, $( ), a comma, a blank
log="$w/run/h\`>F\`'\"\$(>F), x.log"
r='v=1 run=0badc0de'
{
	echo "firmware chatter ${ESC}[2J${ESC}]0;title$(printf '\007')"
	echo "@sbm hello $r version=$H arch=$H platform=$H virt=$H cpu_model=\"$Q\" counter=$H counter_hz=1000000000 hz_source=$H cycle_counter=$H cycles=1"
	echo "@sbm topo $r cpus=2 packages=1 nodes=1 llcs=1 cores=2 smt=1 line=64 llc_source=$H node_source=$H"
	echo "@sbm cpu $r id=0 hwid=0x0 node=0 package=0 llc=0 core=0 smt=0 bsp=1 enabled=1"
	echo "@sbm cpu $r id=1 hwid=0x1 node=0 package=0 llc=0 core=1 smt=0 bsp=0 enabled=1"
	echo "@sbm llc $r id=0 ncpus=2 cpus=$H"
	echo "@sbm node $r id=0 ncpus=2 cpus=0-1 dist=$H"
	echo "@sbm cache $r level=1 type=$H size=32768 line=64 ways=8 sets=64 shared_by=1 instances=2"
	echo "@sbm config $r iters=1000 reps=3 warmup=10 line=64 cpus=2 mode=$H ops=$H placement=$H"
	echo "@sbm result $r layout=global op=$H mode=$H cpus=2 iters=1000 reps=3 unit=ticks/iter median=70.0 mean=71.0 min=60.0 max=80.0 stddev=2.0 cv=3.0 rep_cv=3.0 ns=70.000 clean=1"
	echo "@sbm result $r layout=$H op=$H mode=$H cpus=2 iters=1000 reps=3 unit=ticks/iter median=35.0 mean=36.0 min=30.0 max=40.0 stddev=2.0 cv=3.0 rep_cv=3.0 ns=35.000 clean=1"
	echo "@sbm result $r layout=gap op=lock_bts mode=loop cpus=2 iters=1000 reps=3 median=nan mean=inf min=-inf max=1e999 ns=nan gap=4294967295 ci95=nan upd_ns=inf pct=nan pct_median=nan cost_ns=inf mhz=nan clean=1"
	echo "@sbm group $r layout=$H by=llc id=0 cpus=2 median=35.0 mean=36.0 min=30.0 max=40.0"
	echo "@sbm group $r layout=$H by=$H id=0 cpus=2 median=35.0 mean=36.0 min=30.0 max=40.0"
	echo "@sbm warn $r what=$H id=7 msg=\"$Q\""
	echo "@sbm warn $r what=long id=8 msg=$long"
	echo "@sbm error $r what=$H"
	echo "@sbm cpufail $r id=9 hwid=$H"
	echo "@sbm c2c-plan $r cpus=2 pairs=1 select=$H rounds=20 warmup=16 home=$H placement=$H"
	echo "@sbm c2c $r a=0 b=1 class=$H home=0 median=250.00 min=225.00 cas_median=175.00 cas_min=150.00 batch=2 cas_batch=2"
	echo "@sbm noise-plan $r cpus=2 seconds=0.100 threshold=1000 steps=1"
	echo "@sbm noise $r cpu=0 polled_ms=128.007 count=45 total=112695800 max=28189200 hist_lo=9 hist=$H"
	echo "@sbm noise $r cpu=1 polled_ms=128.007 count=45 total=112695800 max=28189200 hist_lo=9 hist=0,12,9,2"
	echo "@sbm scale-plan $r cpus=2 steps=2 iters=2000 op=$H layouts=$H orders=$H llcs=1 points=2"
	echo "@sbm scale $r cpus=1 median=159.0 min=153.0 max=385.0 ns=79.606 layout=$H order=$H op=$H upd_ns=39.803 clean=1 llcs=1"
	echo "@sbm scale $r cpus=2 median=259.0 min=253.0 max=485.0 ns=99.606 layout=$H order=$H op=$H upd_ns=49.803 clean=1 llcs=1"
	echo "@sbm scale-summary $r layout=$H order=$H op=$H cpus=2 base_ns=39.803 last_ns=49.803 doubles_at=$H llc_wins_from=$H llc_stops_at=$H"
	echo "@sbm rw-plan $r writers=1 readers=1 place=$H reader=$H idle_ns=20000 run_ns=80000 scan_ns=10000"
	echo "@sbm rw $r layout=$H reader=$H writers=1 readers=1 writer_ns=133.772 writer_alone_ns=30.709 floor_ns=35.684 above_ns=98.088 above_alone_ns=-4.975 reader_ns=50.069 reader_alone_ns=44.322 visited=1.71 visited_alone=2.00 lines=1.00 per_cpu_ns=29.215 check=$H wrong=$H dropped=0"
	echo "@sbm warn $r what=split id=10 msg=$H"
	echo "@sbm end $r status=$H warnings=3 records=32"
} >"$w/body"
# no record longer than the format allows but the one meant to be
"$sign" <"$w/body" >"$w/signed" || bad "sbm-sign failed"
# after signing, what the reader strips before its CRC check: an ANSI
# colour in front of every $( ), and a line break in a value, which the
# CRC rejoins
LC_ALL=C awk -v esc="$ESC" -v nl="$(printf '\n')" '{ gsub(/[$][(]/, esc "[31m&") }
	/what=split/ { i = index($0, "system"); $0 = substr($0, 1, i) nl substr($0, i + 1) } { print }' \
	"$w/signed" >"$log"
# a 4 KiB value: longer than any record, rejected and named
echo "@sbm warn $r what=huge id=11 msg=$huge" | "$sign" >>"$log"

cd "$w/run" || exit 2
printable() { LC_ALL=C tr -d '\n' <"$1" | LC_ALL=C grep -q '[^ -~]' && return 1; return 0; }
nothing_ran() {
	for m in P F O MARKER; do
		[ ! -e "$w/run/$m" ] && [ ! -e "$w/tmp/$m" ] || return 1
	done
}

# text: the hostile values are there, escaped; nothing else but ASCII
"$sbmlog" report "$log" >"$w/r.txt" 2>"$w/r.err"; rc=$?
[ $rc = 1 ] && ok "report: exit 1 (a rejected record)" || bad "report: exit $rc"
grep -qF "$P" "$w/r.txt" && ok "report: the hostile values are shown" || bad "report: hostile values missing"
printable "$w/r.txt" && ok "report: printable ASCII only (control bytes escaped)" || bad "report: control or non-ASCII bytes reach the terminal"
grep -q 'rejected record' "$w/r.txt" && ok "report: the 4 KiB record is rejected and named" || bad "report: 4 KiB record not named"
grep -q 'system(.touch\\x09MARKER.)' "$w/r.txt" && ok "report: the split value came back rejoined" || bad "report: split value lost"
"$sbmlog" compare "$log" "$log" >"$w/c.txt" 2>&1
printable "$w/c.txt" && grep -qF "$P" "$w/c.txt" && ok "compare: printable ASCII only" || bad "compare: control or non-ASCII bytes"
"$sbmlog" records "$log" >"$w/rec.txt" 2>&1
printable "$w/rec.txt" && grep -qF "$P" "$w/rec.txt" && ok "records: printable ASCII only" || bad "records: control or non-ASCII bytes"
"$sbmlog" report --table scale "$log" >"$w/s.txt" 2>&1
printable "$w/s.txt" && grep -qF "$P" "$w/s.txt" && ok "report --table scale: printable ASCII only" || bad "report --table scale: control or non-ASCII bytes"

# JSON: parses, holds the values whole as far as the fields keep them
if command -v jq >/dev/null 2>&1; then
	"$sbmlog" report --format json "$log" >"$w/r.json" 2>/dev/null
	jq -e '.runs | length == 1' "$w/r.json" >/dev/null && ok "json: parses" || bad "json: does not parse"
	jq -e --arg v "$S" '.runs[0].virt | startswith($v)' "$w/r.json" >/dev/null &&
		ok "json: the hostile value survives as data" || bad "json: hostile value mangled"
	jq -e '.rejected | length >= 1' "$w/r.json" >/dev/null && ok "json: the rejected record is listed" || bad "json: no rejected record"
	"$sbmlog" report --table scale --format json "$log" >"$w/s.json" 2>/dev/null
	jq -e 'length == 1' "$w/s.json" >/dev/null && ok "json --table scale: parses" || bad "json --table scale: does not parse"
	printable "$w/r.json" && printable "$w/s.json" && ok "json: ASCII only (\\u00XX escapes)" || bad "json: raw control or non-ASCII bytes"
else
	bad "jq not installed (Debian package jq): json unchecked"
fi

# CSV: every row RFC 4180 with the header's column count, ASCII only
row='("([^"]|"")*"|[^",]*)'
for t in sbm c2c noise scale scale-summary rw; do
	"$sbmlog" report --format csv --table "$t" "$log" >"$w/$t.csv" 2>/dev/null
	n=$(head -n 1 "$w/$t.csv" | awk -F, '{ print NF }')
	# fields counted outside quotes (a doubled quote toggles twice)
	counts=$(awk '{ n = 1; q = 0; for (i = 1; i <= length($0); i++) { c = substr($0, i, 1)
		if (c == "\"") q = !q; else if (c == "," && !q) n++ } print n }' "$w/$t.csv" | sort -u)
	[ "$(wc -l <"$w/$t.csv")" -ge 2 ] && [ "$counts" = "$n" ] &&
		! LC_ALL=C grep -Evq "^$row(,$row)*\$" "$w/$t.csv" && printable "$w/$t.csv" &&
		ok "csv --table $t: $n columns every row, RFC 4180, ASCII" || { bad "csv --table $t: columns $counts of $n or malformed"; cat "$w/$t.csv"; }
done

# plots: gnuplot runs (no shell) on scripts where record text sits only
# in single quotes (gnuplot substitutes nothing there)
if command -v gnuplot >/dev/null 2>&1; then
	for t in sbm c2c c2c-cas rw scale noise; do
		for ext in png svg; do
			tab="--table $t"
			[ $t = sbm ] && tab=
			# the picture's name has a quote and a command too
			pic="$w/run/$t \`>O\`'\".$ext"
			# shellcheck disable=SC2086 # $tab is two words or none
			TMPDIR=$w/tmp "$sbmlog" plot $tab "$log" -o "$pic" --keep 2>"$w/plot.err"; rc=$?
			kept=$(sed -n 's/^sbmlog: plot files kept in //p' "$w/plot.err")
			if [ $rc = 2 ] || [ ! -s "$pic" ] || [ -z "$kept" ]; then
				bad "plot $t $ext: exit $rc, no picture"; cat "$w/plot.err"; continue
			fi
			for gp in "$kept"/*.gp; do
				# what is left with the single-quoted strings taken out
				sed -E "s/'([^']|'')*'//g" "$gp" >"$w/outside"
				if LC_ALL=C grep -q '`\|MARKER\|>P\|system' "$w/outside" || ! printable "$gp"; then
					bad "plot $t $ext: record text outside single quotes in $(basename "$gp")"
					LC_ALL=C grep -n '`\|MARKER\|>P\|system' "$w/outside" | head -n 3
				else
					ok "plot $t $ext: $(basename "$gp") holds record text only in single quotes"
				fi
			done
			rm -rf "$kept"
		done
	done
else
	bad "gnuplot not installed (Debian package gnuplot-nox): plots unchecked"
fi

# UTF-8 (SMBIOS names, issue #30): well-formed characters reach the
# terminal and the CSV as they are and JSON as \u escapes (a surrogate
# pair above U+FFFF); a stray byte stays escaped
r='v=1 run=0badc0df'
U8=$(printf '\303\234n\303\257code \360\237\230\200')
{
	echo "@sbm hello $r version=1 arch=x86_64 platform=uefi virt=none cpu_model=x counter=tsc counter_hz=1000000000 hz_source=x cycles=0 sys_vendor=\"$U8\" product=$(printf 'a\334b')"
	echo "@sbm result $r layout=global op=lock_or mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=70.0 mean=71.0 min=60.0 max=80.0 stddev=2.0 cv=3.0 rep_cv=3.0 ns=70.000 clean=1"
	echo "@sbm end $r status=ok warnings=0 records=2"
} | "$sign" >"$w/utf8.log"
"$sbmlog" report "$w/utf8.log" >"$w/u.txt" 2>&1
"$sbmlog" report --format csv "$w/utf8.log" >"$w/u.csv" 2>&1
grep -q "^machine id: $U8 a\\\\xdcb" "$w/u.txt" && grep -q ",x86_64,uefi,none,x,$U8,a\\\\xdcb," "$w/u.csv" &&
	ok "UTF-8: whole on the terminal and in CSV, a stray byte escaped" || bad "UTF-8 not whole: $(grep 'machine id' "$w/u.txt")"
if command -v jq >/dev/null 2>&1; then
	"$sbmlog" report --format json "$w/utf8.log" >"$w/u.json" 2>/dev/null
	jq -e --arg v "$U8" '.runs[0].sys_vendor == $v' "$w/u.json" >/dev/null && printable "$w/u.json" &&
		grep -q '"sys_vendor":"\\u00dcn\\u00efcode \\ud83d\\ude00"' "$w/u.json" &&
		ok "UTF-8: JSON holds it whole, in \\u escapes" || bad "UTF-8 in JSON: $(grep -o '"sys_vendor":"[^"]*"' "$w/u.json")"
fi

nothing_ran && ok "no command from the log ran (no marker file)" || { bad "a command from the log ran: $(ls "$w/run" "$w/tmp")"; }
exit $fail
