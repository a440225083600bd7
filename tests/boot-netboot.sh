#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# A lab of machines (issue #33), under QEMU's user networking: its DHCP
# and TFTP serve the tree tools/sbmbench image --netboot wrote, the
# firmware's own PXE loads the image (romfile= drops iPXE), and
# tools/sbmbench collect listens on host loopback, which the guest
# reaches as 10.0.2.2.  Variables live in writable flash.
#   A  boot 1 reads its options by TFTP (the tree's file and its MAC's),
#      runs, saves, resets itself; boot 2 (same QEMU) sends the result:
#      the collector stores it equal to boot 1's serial records, db list
#      shows the run, boot 2 deletes the variables and powers off.
#   R  after_upload=run: boot 2 sends run 1 and then runs run 2, which
#      boot 3 sends (its file now says after_upload=off) before powering
#      off; both stored as printed.
#   H  UEFI HTTP boot (a boot option with the URI, written into the
#      variable store by tests/efi-boot-uri.py): options by HTTP from
#      the URI's directory, the machine's own file winning, boot 2 sends
#      the result; a machine file over 8 KiB is refused: the run fails
#      at setup, measuring nothing.
#   B  collector down during boot 2: the variables stay, it says so and
#      powers off without running; then a collector answering 500, then
#      one acknowledging a wrong checksum: kept each time; then boot 3
#      with the collector up sends the result of B's boot 1.
#   F  a hostile flood on the collector (100 trickling, 3000 idle) while
#      a machine boots and uploads: stored once, as printed; the
#      collector's threads and descriptors stay under its bounds.
#   C  four machines boot the one tree at once, one collector: four runs
#      stored (the time it took is printed).
#   K  the collector stopped with the upload queued, killed, restarted:
#      the machine's next try is stored once.
# The arm64 tree (AAVMF) runs A only; x86_64 (OVMF) runs them all.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"

py=${SBM_PYTHON:-python3}
case $SBM_ARCH in
x86_64) efi=BOOTX64.EFI qemu=qemu-system-x86_64
	code=/usr/share/OVMF/OVMF_CODE.fd vars=/usr/share/OVMF/OVMF_VARS.fd
	machine=(-machine q35 -device virtio-net-pci,netdev=n0,romfile=,mac=) ;;
arm64)	efi=BOOTAA64.EFI qemu=qemu-system-aarch64
	code=/usr/share/AAVMF/AAVMF_CODE.fd vars=/usr/share/AAVMF/AAVMF_VARS.fd
	machine=(-machine virt -cpu max -device virtio-net-pci,netdev=n0,romfile=,mac=) ;;
*) echo "UEFI images only (this tree: $SBM_ARCH)"; exit 77 ;;
esac
command -v "$qemu" >/dev/null || { bad "$qemu not found"; boot_done; exit; }
w=$boot_tmp
SBM_SBMLOG=$SBM_BUILDDIR/sbmlog
export SBM_SBMLOG
pids=()
cleanup() {
	local p
	for p in ${pids[@]+"${pids[@]}"}; do kill "$p" 2>/dev/null; done
	rm -rf "$boot_tmp"
}
trap cleanup EXIT

# the tree, as a lab would serve it (image --netboot takes the images of
# the source tree's build/; elsewhere, as under distcheck, this tree's
# image and a tree written by hand)
if [ "$(cd "$SBM_BUILDDIR" && pwd)" != "$(cd "$SBM_SRCDIR" && pwd)/build/$SBM_ARCH" ]; then
	mkdir -p "$w/tree" && cp "$SBM_BUILDDIR/$SBM_IMAGE" "$w/tree/$efi" &&
		echo "tftp-root=$w/tree client-arch,11" >"$w/tree/dnsmasq.conf" && echo hold_s=0 >"$w/tree/sbmbench.cfg"
	echo "(image --netboot not run: this is not the source tree's build/$SBM_ARCH)" >"$w/image.out"
else
	SBM_SKIP_DEPS=1 "$SBM_SRCDIR/tools/sbmbench" image --netboot "$w/tree" >"$w/image.out" 2>&1
fi
[ -f "$w/tree/$efi" ] && grep -q 'hold_s=0' "$w/tree/sbmbench.cfg" &&
	[ -f "$w/tree/$efi" ] && [ -f "$w/tree/dnsmasq.conf" ] && [ -f "$w/tree/sbmbench.cfg" ] &&
	ok "image --netboot: $efi, sbmbench.cfg, dnsmasq.conf" || { bad "image --netboot: $(cat "$w/image.out")"; boot_done; exit; }
grep -q "^tftp-root=$w/tree" "$w/tree/dnsmasq.conf" && grep -q 'option:client-arch,11' "$w/tree/dnsmasq.conf" &&
	ok "dnsmasq.conf serves the tree, x86_64 and arm64 clients" || bad "dnsmasq.conf: $(cat "$w/tree/dnsmasq.conf")"
# the image this tree built (image --netboot takes every built tree's)
cp "$SBM_BUILDDIR/$SBM_IMAGE" "$w/tree/$efi"
opts='iters=2000 reps=2 gap=0 layouts=global,private experiment=sbm timeout_ms=20000 hold_s=0'

# collector PORTVAR: tools/sbmbench collect on a free loopback port
collector() {
	local out=$w/collect$1.out i
	"$SBM_SRCDIR/tools/sbmbench" collect --listen "127.0.0.1:${2:-0}" --results "$w/lab/results" \
		--db "$w/lab/db.sqlite" >"$out" 2>"$w/collect$1.err" &
	pids+=($!)
	cpid=$!
	for i in $(seq 1 100); do
		port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9][0-9]*\):.*/\1/p' "$out")
		[ -n "$port" ] && return 0
		sleep 0.1
	done
	bad "collector $1 did not start: $(cat "$w/collect$1.err")"
	boot_done
	exit
}
cfg() { printf '%s\nupload=http://10.0.2.2:%s/\n' "$opts" "$1" >"$w/tree/sbmbench.cfg"; }
# machine NAME MAC-LAST-BYTE: boots from the tree until it powers off
machine() {
	[ -f "$w/vars-$1.fd" ] || cp "$vars" "$w/vars-$1.fd"
	timeout -k 5 400 "$qemu" "${machine[@]/%mac=/mac=52:54:00:12:34:$2}" -accel tcg -smp 2 -m 512M \
		-drive "if=pflash,format=raw,unit=0,readonly=on,file=$code" \
		-drive "if=pflash,format=raw,unit=1,file=$w/vars-$1.fd" \
		-netdev "user,id=n0,tftp=$w/tree,bootfile=$efi" \
		-display none -serial stdio -monitor none </dev/null >"$w/$1.log" 2>&1
}
has() { grep -aqF -- "$2" "$w/$1.log"; }
run_ids() { grep -ao '@sbm hello v=1 run=[0-9a-f]*' "$1" | sed 's/.*run=//'; }

# A: save, reset, send
collector A
cfg "$port"
echo 'gap=0' >"$w/tree/sbmbench-52-54-00-12-34-56.cfg"
t0=$(date +%s)
machine a 56; rc=$?
ta=$(($(date +%s) - t0))
id=$(run_ids "$w/a.log" | head -n 1)
[ "$rc" = 0 ] && [ -n "$id" ] && ok "A: boots 1 and 2 in one QEMU, powered off (${ta} s)" || { bad "A: exit $rc"; boot_evidence netboot-a "$w/a.log" "$rc"; }
has a 'options from tftp://10.0.2.2/sbmbench.cfg' && has a 'options from tftp://10.0.2.2/sbmbench-52-54-00-12-34-56.cfg' &&
	ok "A: options from the tree's file and the machine's own (by MAC)" || bad "A: options by TFTP not read"
has a 'the next network boot sends it to the collector' && has a 'sbmbench: resetting' &&
	ok "A: boot 1 saved its result and reset itself" || bad "A: no save and reset"
has a "sent run $id's result to the collector at 10.0.2.2:$port, which acknowledged its CRC-32; deleted the variables" &&
	has a 'after_upload=off: powering off' && ok "A: boot 2 sent run $id, deleted the variables, powered off" ||
	bad "A: boot 2 did not send"
[ "$(run_ids "$w/a.log" | wc -l)" = 1 ] && ok "A: boot 2 ran nothing (after_upload=off)" || bad "A: a second run"
grep -a '^@sbm ' "$w/a.log" | tr -d '\r' >"$w/a.rec"
cmp -s "$w/a.rec" "$w/lab/results/$id.log" && ok "A: results/$id.log = boot 1's serial records, byte for byte" ||
	bad "A: stored log differs: $(ls "$w/lab/results")"
"$SBM_SRCDIR/tools/sbmbench" db list --db "$w/lab/db.sqlite" 2>&1 | grep -q " $id " && ok "A: db list shows run $id" ||
	bad "A: not in db list"
grep -q "run $id .* -> results/$id.log" "$w/collectA.out" && ok "A: the collector's line for the machine" || bad "A: no collector line"

# arm64 (AAVMF): A alone, which holds its PXE, TFTP and HTTP; the rest
# is the same C in arch/efi and the same collector, proved on x86_64
# (the arm64 tree's boots are the slower, and the suite has a budget)
if [ "$SBM_ARCH" = arm64 ]; then
	kill "$cpid"; wait "$cpid" 2>/dev/null
	boot_done
	exit
fi

# R: after_upload=run (by the machine's own file): boot 2 sends run 1,
# then runs run 2 and saves it; once run 2 is under way its file says
# after_upload=off, so boot 3 sends run 2 and powers off
printf 'gap=0\nafter_upload=run\n' >"$w/tree/sbmbench-52-54-00-12-34-58.cfg"
t0=$(date +%s)
machine r 58 &
rpid=$!
pids+=("$rpid")
for _ in $(seq 1 2000); do
	[ "$(run_ids "$w/r.log" 2>/dev/null | wc -l)" -ge 2 ] && break
	kill -0 "$rpid" 2>/dev/null || break
	sleep 0.1
done
echo 'gap=0' >"$w/tree/sbmbench-52-54-00-12-34-58.cfg"
wait "$rpid"; rc=$?
tr=$(($(date +%s) - t0))
mapfile -t rid < <(run_ids "$w/r.log")
if [ "$rc" = 0 ] && [ "${#rid[@]}" = 2 ] && [ "${rid[0]}" != "${rid[1]}" ]; then
	ok "R: three boots, two runs (${rid[*]}), powered off (${tr} s)"
else
	bad "R: exit $rc, runs: ${rid[*]:-none}"; boot_evidence netboot-r "$w/r.log" "$rc"
fi
# boot 2's order: it sent run 1, said so, then run 2 began
grep -an -e "sent run ${rid[0]:-x}'s result" -e 'after_upload=run: running again' \
	-e "@sbm hello v=1 run=${rid[1]:-x} " "$w/r.log" | cut -d: -f1 | tr '\n' ' ' >"$w/r.order"
read -r l1 l2 l3 rest <"$w/r.order"
[ -n "${l3:-}" ] && [ -z "${rest:-}" ] && [ "$l1" -lt "$l2" ] && [ "$l2" -lt "$l3" ] &&
	ok "R: boot 2 sent run ${rid[0]:-?}, then ran run ${rid[1]:-?} (after_upload=run)" ||
	bad "R: boot 2 did not send then run: lines $(cat "$w/r.order")"
has r "sent run ${rid[1]:-x}'s result" && has r 'after_upload=off: powering off' &&
	ok "R: boot 3 sent run ${rid[1]:-?} and powered off" || bad "R: boot 3 did not send run 2"
for i in "${rid[@]}"; do
	grep -a "^@sbm [a-z_0-9]* v=1 run=$i " "$w/r.log" | tr -d '\r' >"$w/r-$i.rec"
	[ -s "$w/r-$i.rec" ] && cmp -s "$w/r-$i.rec" "$w/lab/results/$i.log" &&
		ok "R: results/$i.log = run $i's serial records" || bad "R: run $i not stored as printed"
done
# H: UEFI HTTP boot (the firmware's boot option holds the URI, as QEMU's
# DHCP offers none): options by HTTP from the URI's directory, the
# machine's own file winning; the upload as after PXE.  Then a machine
# file over 8 KiB: refused whole, the run fails at setup.
mkdir -p "$w/http/lab"
cp "$SBM_BUILDDIR/$SBM_IMAGE" "$w/http/lab/$efi"
printf '%s\nupload=http://10.0.2.2:%s/\n' "$opts" "$port" >"$w/http/lab/sbmbench.cfg"
echo 'iters=1234' >"$w/http/lab/sbmbench-52-54-00-12-34-70.cfg"
head -c 9000 /dev/zero | tr '\0' '#' >"$w/http/lab/sbmbench-52-54-00-12-34-71.cfg"
(cd "$w/http" && exec "$py" -u -m http.server --bind 127.0.0.1 0) >"$w/http.out" 2>&1 &
pids+=($!)
hpid=$!
for _ in $(seq 1 100); do
	hport=$(sed -n 's/^Serving HTTP on .* port \([0-9][0-9]*\).*/\1/p' "$w/http.out")
	[ -n "$hport" ] && break
	sleep 0.1
done
uri=http://10.0.2.2:${hport:-0}/lab/$efi
for m in h:70 hbig:71; do
	cp "$vars" "$w/vars-${m%:*}.fd"
	"$py" "$SBM_SRCDIR/tests/efi-boot-uri.py" "$w/vars-${m%:*}.fd" "$uri" ||
		bad "H: efi-boot-uri.py could not write the boot option"
done
t0=$(date +%s)
machine h 70; rc=$?
th=$(($(date +%s) - t0))
idh=$(run_ids "$w/h.log" | head -n 1)
[ "$rc" = 0 ] && [ -n "$idh" ] && has h "from Uri($uri)" && ok "H: HTTP boot from $uri, run $idh, powered off (${th} s)" ||
	{ bad "H: exit $rc"; boot_evidence netboot-h "$w/h.log" "$rc"; }
has h "options from http://10.0.2.2:$hport/lab/sbmbench.cfg" &&
	has h "options from http://10.0.2.2:$hport/lab/sbmbench-52-54-00-12-34-70.cfg" &&
	ok "H: options by HTTP beside the URI (the tree's file, the MAC's)" || bad "H: options by HTTP not read"
grep -aq "^@sbm config v=1 run=$idh iters=1234 " "$w/h.log" && ok "H: the machine's own file won (iters=1234)" ||
	bad "H: iters=1234 not in the config record"
grep -a "^@sbm [a-z_0-9]* v=1 run=$idh " "$w/h.log" | tr -d '\r' >"$w/h.rec"
has h "sent run $idh's result to the collector" && has h 'after_upload=off: powering off' &&
	cmp -s "$w/h.rec" "$w/lab/results/$idh.log" && ok "H: boot 2 (HTTP boot too) sent run $idh, stored as printed" ||
	bad "H: run $idh not sent or not stored as printed"
# (a setup failure is a failed run, saved and sent like any other)
machine hbig 71; rc=$?
idbig=$(run_ids "$w/hbig.log" | head -n 1)
has hbig "sbmbench-52-54-00-12-34-71.cfg: larger than 8191 bytes" && has hbig "@sbm end v=1 run=$idbig status=fail " &&
	! grep -aq '^@sbm result ' "$w/hbig.log" && has hbig "sent run $idbig's result" &&
	ok "H: a machine file over 8 KiB refused: run $idbig failed at setup, measured nothing, was sent (exit $rc)" ||
	{ bad "H: the large file"; boot_evidence netboot-hbig "$w/hbig.log" "$rc"; }
kill "$hpid"; wait "$hpid" 2>/dev/null

kill "$cpid"; wait "$cpid" 2>/dev/null

# B: down, 500, wrong checksum: kept each time; then up
cfg "$port"		# nobody listens there now
machine b 57; rc=$?
idb=$(run_ids "$w/b.log" | head -n 1)
has b "could not send run $idb's result to the collector" && has b 'the variables stay' && has b 'not running' &&
	ok "B: collector down: run $idb kept, said, powered off (exit $rc)" || { bad "B: collector down"; boot_evidence netboot-b "$w/b.log" "$rc"; }
has b 'did not take the result' && has b 'try 4 of 4 in 12.' && has b '(4 tries)' &&
	ok "B: collector down: tried 4 times, 2, 6 and 12 s apart, each wait said" || bad "B: no retries said: $(grep -a 'sbmbench: ' "$w/b.log" | tail -n 4)"
[ "$(run_ids "$w/b.log" | wc -l)" = 1 ] && ok "B: nothing else ran" || bad "B: a run after a failed send"
for how in 500 wrong-crc; do
	"$py" "$SBM_SRCDIR/tests/collect-fake.py" "$how" "$w/fake.port" >"$w/fake-$how.out" 2>&1 &
	fpid=$!
	pids+=("$fpid")
	for _ in $(seq 1 100); do [ -s "$w/fake.port" ] && break; sleep 0.1; done
	cfg "$(cat "$w/fake.port")"
	rm -f "$w/fake.port"
	machine b 57
	cp "$w/b.log" "$w/b-$how.log"
	kill "$fpid"; wait "$fpid" 2>/dev/null
	grep -q 'answered' "$w/fake-$how.out" && has "b-$how" "could not send run $idb's result" && has "b-$how" 'the variables stay' &&
		ok "B: a collector answering $how: run $idb kept, said" || bad "B: $how: $(grep -a 'sbmbench: ' "$w/b-$how.log" | tail -n 3)"
done
has b-500 'the collector refused it' && ok "B: the 500 named as a refusal" || bad "B: 500 not named"
has b-wrong-crc 'does not acknowledge CRC-32' && ok "B: the wrong checksum named" || bad "B: wrong checksum not named"
collector B "$port"
cfg "$port"
machine b 57; rc=$?
has b "sent run $idb's result to the collector" && [ -f "$w/lab/results/$idb.log" ] &&
	ok "B: boot 3 with the collector up sent run $idb (exit $rc)" || { bad "B: boot 3"; boot_evidence netboot-b3 "$w/b.log" "$rc"; }

# F: a hostile flood (issue #45) while a machine boots and uploads: 100
# clients trickling 10 bytes every 0.5 s and 3000 sending one request
# line, all from the machine's own address (QEMU's user network hands the
# collector every guest as 127.0.0.1), reconnecting 1 s after each cut
"$py" "$SBM_SRCDIR/tests/collect-flood.py" "$port" 100 3000 "$w/flood.stats" &
fpid=$!
pids+=("$fpid")
rm -f "$w/peak.stop"
(while kill -0 "$cpid" 2>/dev/null && [ ! -e "$w/peak.stop" ]; do
	echo "$(sed -n 's/^Threads:[^0-9]*//p' /proc/$cpid/status) $(find /proc/$cpid/fd -mindepth 1 -maxdepth 1 | wc -l) $(sed -n 's/^VmRSS:[^0-9]*\([0-9]*\).*/\1/p' /proc/$cpid/status)"
	sleep 0.5
done) >"$w/peak" &
ppid=$!
sleep 3
t0=$(date +%s)
machine f 59; rc=$?
tf=$(($(date +%s) - t0))
kill "$fpid"; wait "$fpid" 2>/dev/null
touch "$w/peak.stop"; wait "$ppid"
read -r thr fds rss <<EOT
$(awk '{ if ($1 > t) t = $1; if ($2 > f) f = $2; if ($3 > r) r = $3 } END { print t + 0, f + 0, r + 0 }' "$w/peak")
EOT
idf=$(run_ids "$w/f.log" | head -n 1)
grep -a "^@sbm [a-z_0-9]* v=1 run=$idf " "$w/f.log" | tr -d '\r' >"$w/f.rec"
[ "$rc" = 0 ] && [ -n "$idf" ] && has f "sent run $idf's result" && cmp -s "$w/f.rec" "$w/lab/results/$idf.log" &&
	ok "F: under the flood ($(cat "$w/flood.stats")): run $idf sent and stored as printed, $(grep -ac 'did not take the result' "$w/f.log") tries again, ${tf} s" ||
	{ bad "F: under the flood: exit $rc"; boot_evidence netboot-f "$w/f.log" "$rc"; }
[ "$(find "$w/lab/results" -name "$idf*" | wc -l)" = 1 ] && ok "F: stored once" || bad "F: $(ls "$w/lab/results")"
[ "$thr" -gt 0 ] && [ "$thr" -le 3 ] && [ "$fds" -le 80 ] &&
	ok "F: the collector held at most $thr threads and $fds descriptors (RSS up to $rss kB)" ||
	bad "F: the collector held $thr threads, $fds descriptors"

# C: four machines, one tree, one collector, at once
t0=$(date +%s)
for m in 1 2 3 4; do
	machine "c$m" "6$m" &
	pids+=($!)
done
wait "${pids[@]: -4}"
tc=$(($(date +%s) - t0))
n=0
for m in 1 2 3 4; do
	i=$(run_ids "$w/c$m.log" | head -n 1)
	[ -n "$i" ] && [ -f "$w/lab/results/$i.log" ] && has "c$m" "sent run $i's result" && n=$((n + 1))
done
[ "$n" = 4 ] && ok "C: four machines at once: four runs stored in ${tc} s" || bad "C: $n of 4 runs stored in ${tc} s"
[ "$(grep -c ' -> results/' "$w/collectB.out")" = 6 ] && ok "C: one collector line per machine (and B's, F's)" ||
	bad "C: collector lines: $(cat "$w/collectB.out")"
# K: the collector stopped with the machine's upload in its queue, then
# killed (the machine's connection reset) and started again: the
# machine's next try is stored once
kill -STOP "$cpid"
machine k 60 &
kpid=$!
pids+=("$kpid")
hexport=$(printf '%04X' "$port")
queued=0
for _ in $(seq 1 4000); do
	while read -r _ local _ st queue _; do
		[ "$local" = "0100007F:$hexport" ] && [ "$st" = 0A ] && queued=$((16#${queue#*:}))
	done </proc/net/tcp
	[ "$queued" -gt 0 ] && break
	kill -0 "$kpid" 2>/dev/null || break
	sleep 0.1
done
sleep 1
kill -KILL "$cpid"; wait "$cpid" 2>/dev/null
collector K "$port"
wait "$kpid"; rc=$?
idk=$(run_ids "$w/k.log" | head -n 1)
nk=$("$py" -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM run WHERE run_hex = ?", (sys.argv[2],)).fetchone()[0])' "$w/lab/db.sqlite" "$idk")
[ "$queued" -gt 0 ] && has k 'did not take the result' && has k "sent run $idk's result" &&
	[ "$(find "$w/lab/results" -name "$idk*" | wc -l)" = 1 ] && [ "$nk" = 1 ] &&
	ok "K: collector killed with the upload queued, restarted: the next try stored run $idk once (exit $rc)" ||
	{ bad "K: queued $queued, run $idk in the db $nk times"; boot_evidence netboot-k "$w/k.log" "$rc"; }
kill "$cpid"
boot_done
