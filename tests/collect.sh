#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tools/sbmbench collect (issue #33), a real HTTP server on loopback: a
# result is stored under results/ by its run id, equal to what was sent,
# added to the database and acknowledged with its CRC-32; sent again it
# is acknowledged again and stored once; a different log of the same run
# gets a name of its own.  Hostile requests are refused with a reason
# (a body that says 1 GiB, no length, chunked, a wrong checksum, no good
# record, two runs, other paths and methods, a header flood, garbage, a
# client that stalls or trickles, a flood of them from one address and
# from several), nothing is written outside results/
# (a symbolic link planted at a log's name is not written through), and
# the collector still serves after all of them.
set -u
py=${SBM_PYTHON:-python3}
sbmbench=$SBM_SRCDIR/tools/sbmbench
send="$py $SBM_SRCDIR/tests/collect-send.py"
logs=$SBM_SRCDIR/tests/logs
w=$(mktemp -d)
pid=
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null; rm -rf "$w"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }
SBM_SBMLOG=$SBM_BUILDDIR/sbmlog
export SBM_SBMLOG
command -v "$py" >/dev/null || { echo "FAIL: $py not found"; exit 1; }

# the collector runs in a directory of its own, beside a file it must
# never touch; its logs go to $w/lab/results
mkdir -p "$w/lab/cwd" "$w/outside"
echo precious >"$w/outside/keep"
(cd "$w/lab/cwd" && exec "$sbmbench" collect --listen 127.0.0.1:0 \
	--results "$w/lab/results" --db "$w/lab/db.sqlite" --timeout 3 \
	>"$w/out" 2>"$w/err") &
pid=$!
port=
for _ in $(seq 1 100); do
	port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9][0-9]*\):.*/\1/p' "$w/out")
	[ -n "$port" ] && break
	sleep 0.1
done
[ -n "$port" ] && ok "listening on port $port" || { bad "no listening line: $(cat "$w/out" "$w/err")"; exit 1; }
crc() { "$py" -c 'import sys, zlib; print("%08x" % (zlib.crc32(open(sys.argv[1], "rb").read()) & 0xffffffff))' "$1"; }
sql() {
	"$py" -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$w/lab/db.sqlite" "$1"
}
res=$w/lab/results

# a result: stored by run id, equal, in the database, acknowledged
$send "$port" ok "$logs/twin-x86_64.log" >"$w/a"
want=$(crc "$logs/twin-x86_64.log")
head -n 1 "$w/a" | grep -q ' 200 ' && grep -q "^sbmbench-ack crc32=$want run=54fdfb4f " "$w/a" &&
	ok "result: 200, acknowledged with its CRC-32 $want" || bad "result: $(cat "$w/a")"
cmp -s "$res/54fdfb4f.log" "$logs/twin-x86_64.log" && ok "result: results/54fdfb4f.log holds the bytes sent" ||
	bad "result: stored log differs or is missing: $(ls "$res")"
[ "$(sql "SELECT count(*) FROM run WHERE run_hex = '54fdfb4f'")" = 1 ] && ok "result: the run is in the database" ||
	bad "result: not in the database"
grep -q '52:54:00:12:34:56 run 54fdfb4f (x86_64): 23 records, status ok -> results/54fdfb4f.log' "$w/out" &&
	ok "result: one line naming the machine, the run, the file" || bad "result: line $(cat "$w/out")"
"$sbmbench" db list --db "$w/lab/db.sqlite" | grep -q '54fdfb4f' && ok "db list shows the run" || bad "db list"

# the same again (an answer lost on the way): acknowledged, stored once
$send "$port" ok "$logs/twin-x86_64.log" >"$w/a"
grep -q "^sbmbench-ack crc32=$want " "$w/a" && [ "$(find "$res" -mindepth 1 | wc -l)" = 1 ] &&
	[ "$(sql 'SELECT count(*) FROM run')" = 1 ] && grep -q 'sent again: stored once' "$w/out" &&
	ok "sent twice: acknowledged, one file, one run" || bad "sent twice: $(cat "$w/a"; ls "$res")"

# a different log of the same run: its own name, its damage said
$send "$port" ok "$logs/damaged.log" >"$w/a"
grep -q '^sbmbench-ack .* damaged=6 file=54fdfb4f-2.log' "$w/a" && cmp -s "$res/54fdfb4f-2.log" "$logs/damaged.log" &&
	cmp -s "$res/54fdfb4f.log" "$logs/twin-x86_64.log" &&
	ok "same run, other bytes: 54fdfb4f-2.log, the first kept, 6 damaged said" || bad "other bytes: $(cat "$w/a")"

# a symbolic link planted at the next name is not written through
ln -s "$w/outside/planted" "$res/d0e5c3a1.log"
grep '^@sbm ' "$logs/twin-x86_64.log" | sed 's/run=54fdfb4f/run=d0e5c3a1/; s/  #[0-9a-f]\{8\}.*$//' |
	"$SBM_BUILDDIR/tests/sbm-sign" >"$w/c.log"

# hostile requests: refused, with the reason
refused() { # HOW CODE WHAT [FILE]
	$send "$port" "$1" "${4:-$logs/twin-x86_64.log}" >"$w/a" 2>&1
	if head -n 1 "$w/a" | grep -q " $2 " && grep -q "^sbmbench-refused $2 " "$w/a"; then
		ok "$3: refused $2"
	else
		bad "$3: $(head -c 300 "$w/a")"
	fi
}
refused huge 413 "a body of 1 GiB"
refused no-length 411 "no Content-Length"
refused chunked 411 "a chunked body"
refused wrong-crc 400 "a checksum that does not match"
refused headers 431 "300 header lines of 1 KiB"
refused get 405 "GET of a path outside"
printf 'no record here\n@sbm hello v=1 run=12345678 arch=x86_64  #00000000\n' >"$w/junk"
refused ok 422 "no record with a good CRC" "$w/junk"
refused ok 422 "records of two runs" "$logs/two-runs.log"
head -c 20000 /dev/urandom >"$w/random"
refused ok 422 "20 KB of random bytes" "$w/random"
for p in /sbmbench/result/../../../x /../etc/passwd "/sbmbench/result?file=../x" /sbmbench/result/ /SBMBENCH/RESULT; do
	$send "$port" path "$logs/riscv64-qemu.log" "$p" >"$w/a"
	head -n 1 "$w/a" | grep -q ' 404 ' && ok "path $p: refused 404" || bad "path $p: $(cat "$w/a")"
done
$send "$port" garbage >"$w/a"
grep -q 'sbmbench-refused 400' "$w/a" && ok "bytes that are not HTTP: refused 400" || bad "garbage: $(cat "$w/a")"
# a client that stops half-way, one that sends a byte every 0.2 s:
# both cut off at the 3 s deadline, not held
t0=$(date +%s)
$send "$port" short "$logs/twin-x86_64.log" >"$w/a"
$send "$port" slow "$logs/twin-x86_64.log" >"$w/a2"
t=$(($(date +%s) - t0))
[ "$t" -le 12 ] && grep -q 'body cut short' "$w/err" && ok "a stalled and a trickling client: cut off (${t} s for both)" ||
	bad "slow clients: ${t} s, $(cat "$w/a" "$w/a2")"

# a hostile flood (issue #45): 100 clients trickling a request 10 bytes
# every 0.5 s and 3000 that send one request line, all from 127.0.0.1
# and reconnecting 1 s after each cut; meanwhile a real upload every
# second is acknowledged, and the collector's threads and descriptors
# stay under its bounds (2 store threads besides the loop; 256 sockets)
peak() { # the most threads and descriptors, and RSS, while it runs
	: >"$w/peak"
	while kill -0 "$pid" 2>/dev/null && [ ! -e "$w/peak.stop" ]; do
		echo "$(sed -n 's/^Threads:[^0-9]*//p' /proc/$pid/status) $(find /proc/$pid/fd -mindepth 1 -maxdepth 1 | wc -l) $(sed -n 's/^VmRSS:[^0-9]*\([0-9]*\).*/\1/p' /proc/$pid/status)" >>"$w/peak"
		sleep 0.2
	done
}
flood() { # NAME SLOW IDLE FROMS [HOW]: uploads (collect-send.py HOW,
	# default ok) during a flood
	rm -f "$w/peak.stop"
	peak &
	ppid=$!
	$py "$SBM_SRCDIR/tests/collect-flood.py" "$port" "$2" "$3" "$w/$1.stats" "$4" &
	fpid=$!
	sleep 4
	acked=0 lat='' miss=''
	for _ in 1 2 3 4 5; do
		t0=$(date +%s%N)
		$send "$port" "${5:-ok}" "$logs/twin-x86_64.log" >"$w/a"
		if grep -q "^sbmbench-ack crc32=$want " "$w/a"; then
			acked=$((acked + 1))
		else	# what the unacknowledged upload got, for the failure line
			miss="$miss [$(head -c 120 "$w/a" | tr '\n' ' ')]"
		fi
		lat="$lat $(( ($(date +%s%N) - t0) / 1000000 ))"
		sleep 1
	done
	kill "$fpid"; wait "$fpid" 2>/dev/null
	touch "$w/peak.stop"; wait "$ppid"
	read -r thr fds rss <<EOT
$(sort -n "$w/peak" | awk '{ if ($1 > t) t = $1; if ($2 > f) f = $2; if ($3 > r) r = $3 } END { print t + 0, f + 0, r + 0 }')
EOT
}
nruns=$(sql 'SELECT count(*) FROM run')
sleep 1.5	# the refusals above linger 1 s (LINGER_S), then close
# the collector's descriptors at rest; under a flood at most its bound of
# connections more, plus 10: the upload being stored, its temporary file,
# the database and its journal, one accept in flight (the collector takes
# no other while a transport is being made), and sockets aborted in the
# loop's last turn (cuts, expired deadlines), closed in its next (81 =
# 9 + 64 + 8 was seen under load)
fds0=$(find /proc/$pid/fd -mindepth 1 -maxdepth 1 | wc -l)
nfiles=$(find "$res" -mindepth 1 | wc -l)
flood quiet 0 0 127.0.0.1
[ "$acked" = 5 ] && ok "no flood (the baseline): 5 of 5 uploads acknowledged, ms:$lat, $thr threads, $fds descriptors, RSS $rss kB" ||
	bad "no flood: $acked of 5 acknowledged, the others got:$miss"
flood same 100 3000 127.0.0.1
[ "$acked" = 5 ] && ok "flood from one address ($(cat "$w/same.stats")): 5 of 5 uploads acknowledged, ms:$lat" ||
	bad "flood from one address: $acked of 5 acknowledged ($(cat "$w/same.stats")), the others got:$miss"
[ "$thr" -le 3 ] && [ "$fds" -le $((fds0 + 64 + 10)) ] &&
	ok "flood from one address: at most $thr threads, $fds descriptors ($fds0 at rest, 64 per address), RSS $rss kB" ||
	bad "flood from one address: $thr threads, $fds descriptors (at most $fds0 at rest + 64 per address + 10)"
flood many 0 3000 127.0.0.2,127.0.0.3,127.0.0.4,127.0.0.5,127.0.0.6,127.0.0.7,127.0.0.8
[ "$acked" = 5 ] && ok "flood from 7 addresses ($(cat "$w/many.stats")): 5 of 5 uploads acknowledged, ms:$lat" ||
	bad "flood from 7 addresses: $acked of 5 acknowledged ($(cat "$w/many.stats")), the others got:$miss"
[ "$thr" -le 3 ] && [ "$fds" -le $((fds0 + 256 + 10)) ] && [ "$fds" -gt $((fds0 + 64 + 10)) ] &&
	ok "flood from 7 addresses: at most $thr threads, $fds descriptors ($fds0 at rest, 256 in all), RSS $rss kB" ||
	bad "flood from 7 addresses: $thr threads, $fds descriptors (at most $fds0 at rest + 256 in all + 10)"
[ "$(find "$res" -mindepth 1 | wc -l)" = "$nfiles" ] && [ "$(sql 'SELECT count(*) FROM run')" = "$nruns" ] &&
	ok "the floods stored nothing, the uploads once" || bad "after the floods: $(ls "$res")"
grep -q 'connections cut, idle longest first' "$w/err" && ok "the cuts said in one line per 10 s" || bad "no line about the cuts"

# nothing written outside results/ (and the database), the planted link
# untouched, and still serving
[ ! -e "$w/outside/planted" ] && [ "$(cat "$w/outside/keep")" = precious ] && [ -z "$(ls -A "$w/lab/cwd")" ] &&
	ok "nothing written outside results/ (the planted link not followed)" || bad "wrote outside: $(ls -la "$w/outside" "$w/lab/cwd")"
[ "$(find "$w/lab" -mindepth 1 -maxdepth 1 -printf '%f\n' | sort | tr '\n' ' ')" = "cwd db.sqlite results " ] && ok "the lab directory holds results/ and the db only" ||
	bad "lab: $(ls -a "$w/lab")"
[ -z "$(find "$res" -name '.collect-*')" ] && ok "no temporary file left" || bad "temporary files: $(ls -A "$res")"
$send "$port" ok "$w/c.log" >"$w/a"
grep -q '^sbmbench-ack .*run=d0e5c3a1 .*file=d0e5c3a1-2.log' "$w/a" && [ -L "$res/d0e5c3a1.log" ] && [ ! -e "$w/outside/planted" ] &&
	ok "still serving after all that; a new run beside the planted link" || bad "after hostile requests: $(cat "$w/a")"
kill -0 "$pid" 2>/dev/null && ok "the collector process is alive" || bad "the collector died: $(tail -n 5 "$w/err")"
[ "$(grep -c 'refused' "$w/err")" -ge 15 ] && ok "each refusal said on stderr" || bad "refusals said: $(cat "$w/err")"

# a bad --listen, a results directory that is a link: refused at start
"$sbmbench" collect --listen nonsense --results "$w/r2" --db "$w/d2" >"$w/a" 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'want ADDR:PORT' "$w/a" && ok "--listen nonsense: exit 2" || bad "--listen nonsense: $rc $(cat "$w/a")"
ln -s "$w/outside" "$w/r3"
"$sbmbench" collect --listen 127.0.0.1:0 --results "$w/r3" --db "$w/d3" >"$w/a" 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'symbolic link: refused' "$w/a" && ok "results/ a symbolic link: refused" || bad "results link: $rc $(cat "$w/a")"
exit $fail
