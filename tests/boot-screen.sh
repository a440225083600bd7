#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# The final screen of a UEFI image: booted with a display (x86_64: q35's
# VGA under OVMF; arm64: ramfb, the one display AAVMF gives a GOP with a
# framebuffer), held with hold_s= while the QEMU monitor takes a
# screendump.  The picture must show text, its QR codes must decode
# (zbarimg) into records whose CRCs check, each one as the serial console
# printed it, the end record among them; tools/sbmbench report must read
# the picture like a log.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"

case ${SBM_ARCH:-} in
x86_64) display=() ;;
arm64) display=(--qemu-arg -device --qemu-arg ramfb) ;;
*) echo "SKIP: no UEFI screen on ${SBM_ARCH:-?}"; exit 77 ;;
esac
command -v zbarimg >/dev/null || {
	bad "zbarimg not found: install the Debian package zbar-tools (tools/install-deps does)"
	boot_done
	exit
}

mon=$boot_tmp/mon
log=$boot_tmp/screen.log
shot=$boot_tmp/screen.ppm
mkfifo "$mon.in" "$mon.out" || { echo "SKIP: no mkfifo"; exit 77; }
# read-write, so a write never blocks once QEMU is gone
exec 3<>"$mon.in"
cat "$mon.out" >"$boot_tmp/monitor.log" &
"$SBM_SRCDIR/images/qemu-run" --quiet --log "$log" --arch "$SBM_ARCH" \
	--image "$SBM_BUILDDIR/$SBM_IMAGE" --smp 2 --timeout 240 \
	${display[@]+"${display[@]}"} --qemu-arg -monitor --qemu-arg "pipe:$mon" \
	-- iters=2000 reps=2 timeout_ms=20000 hold_s=120 2>"$boot_tmp/qemu-run.err" &
qpid=$!

wait_for() { boot_wait_for "$1" "$2" "$3" "$qpid"; }	# FILE PATTERN SECONDS

if wait_for "$log" '@sbm end ' 200; then
	ok "the run ended and holds its screen"
	echo "screendump $shot" >&3
	# the monitor answers with its next prompt once the file is written
	for ((i = 0; i < 100; i++)); do
		[ "$(grep -c '(qemu)' "$boot_tmp/monitor.log")" -ge 2 ] && break
		sleep 0.1
	done
else
	bad "no end record"
fi
kill -0 "$qpid" 2>/dev/null && ok "still holding after the end record" ||
	bad "the image did not hold its screen (hold_s=120)"
echo quit >&3
wait "$qpid"
exec 3>&-

grep -a '^@sbm ' "$log" | sed 's/\r$//' >"$boot_tmp/serial.rec"
hello=$(grep -a '^@sbm hello ' "$boot_tmp/serial.rec")
case $hello in
*" screen="[0-9]*x[0-9]*" screen_format="*) ok "hello names the screen" ;;
*) bad "hello names no screen: $hello" ;;
esac

if [ ! -s "$shot" ]; then
	bad "no screendump"
	boot_evidence screen "$log" "?"
	boot_done
	exit
fi
# Not blank: the text rows at the top have lit and dark pixels (P6, the
# header is 3 lines).
head -n 3 "$shot" >"$boot_tmp/hdr"
hdr=$(wc -c <"$boot_tmp/hdr")
read -r w h < <(sed -n 2p "$boot_tmp/hdr")
top=$((w * 3 * h / 5))
lit=$(tail -c +$((hdr + 1)) "$shot" | head -c "$top" | tr -d '\000' | wc -c)
if [ "$lit" -gt $((w * 3)) ] && [ "$lit" -lt $((top / 2)) ]; then
	ok "text on screen ($lit lit bytes in the top ${top})"
else
	bad "the top of the screen looks blank or flooded ($lit lit bytes of $top)"
fi

zbarimg --raw -q -Sbinary "$shot" 2>/dev/null | grep -a '^@sbm ' >"$boot_tmp/qr.rec"
nqr=$(wc -l <"$boot_tmp/qr.rec")
nparts=$(zbarimg --raw -q -Sbinary "$shot" 2>/dev/null | grep -c '^sbmbench qr part ')
[ "$nqr" -gt 2 ] && ok "$nparts QR code(s) decoded: $nqr records" ||
	bad "QR codes decoded into $nqr records"
# exit 0: no record rejected and the run complete as its qr record says
if "$SBM_BUILDDIR/sbmlog" check "$boot_tmp/qr.rec" >"$boot_tmp/check.out" 2>&1 &&
	grep -q ' 0 rejected, 1 runs, 1 ended' "$boot_tmp/check.out"; then
	ok "every decoded record parses, its CRC checks"
else
	bad "decoded records rejected: $(head -n 5 "$boot_tmp/check.out")"
fi
missing=0
while IFS= read -r rec; do
	grep -qxF "$rec" "$boot_tmp/serial.rec" || { missing=$((missing + 1)); echo "not on serial: $rec"; }
done <"$boot_tmp/qr.rec"
[ "$missing" = 0 ] && ok "every QR record is on serial as it was printed" ||
	bad "$missing QR records differ from serial"
qr_end=$(grep '^@sbm end ' "$boot_tmp/qr.rec")
ser_end=$(grep '^@sbm end ' "$boot_tmp/serial.rec")
[ -n "$qr_end" ] && [ "$qr_end" = "$ser_end" ] &&
	ok "the QR's end record is the serial end record" ||
	bad "end records differ: QR '$qr_end', serial '$ser_end'"
parts=$(sed -n 's/^@sbm qr .* parts=\([0-9]*\) .*/\1/p' "$boot_tmp/serial.rec")
[ "$nparts" = "${parts:-?}" ] && ok "as many codes as the qr record's parts=$parts" ||
	bad "qr record says parts=${parts:-?}, $nparts codes decoded"
held=$(sed -n 's/^@sbm qr .* held=\([0-9]*\) .*/\1/p' "$boot_tmp/serial.rec")
[ -n "$held" ] && [ "$held" = $((nqr - 1)) ] &&
	ok "the qr record's held=$held is what the codes hold" ||
	bad "qr record says held=${held:-?}, the codes hold $((nqr - 1)) before end"
grep -q '^@sbm result ' "$boot_tmp/qr.rec" && ok "results in the QR codes" ||
	bad "no result record in the QR codes"

if SBM_SBMLOG=$SBM_BUILDDIR/sbmlog "$SBM_SRCDIR/tools/sbmbench" report "$shot" \
	>"$boot_tmp/report.out" 2>&1 &&
	grep -q "from the screen's QR codes" "$boot_tmp/report.out"; then
	ok "sbmbench report reads the screendump"
else
	bad "sbmbench report on the screendump: $(tail -n 5 "$boot_tmp/report.out")"
fi
[ "$boot_fail" = 0 ] || boot_evidence screen "$log" "?"
boot_done
