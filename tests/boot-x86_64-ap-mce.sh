#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# A machine check on an AP while the run is under way (QEMU's monitor
# "mce" into CPU 1) must reach the AP's own IDT, which prints the vector
# and halts that CPU.  With CR4.MCE clear QEMU raises a triple fault
# instead, and with the IDT that INIT leaves the AP would triple-fault
# too: either way the machine resets and the line never appears.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"

mon=$boot_tmp/mon
log=$boot_tmp/mce.log
mkfifo "$mon.in" "$mon.out" || { echo "SKIP: no mkfifo"; exit 77; }
# Held open read-write, so a write never blocks once QEMU is gone (the
# old image's triple fault ends it); the output pipe is kept drained.
exec 3<>"$mon.in"
cat "$mon.out" >"$boot_tmp/monitor.log" &
"$SBM_SRCDIR/images/qemu-run" --quiet --log "$log" --arch x86_64 \
	--image "$SBM_BUILDDIR/BOOTX64.EFI" --smp 2 --timeout 180 \
	--qemu-arg -monitor --qemu-arg "pipe:$mon" \
	-- iters=200000 reps=50 timeout_ms=20000 2>"$boot_tmp/qemu-run.err" &
qpid=$!

# The config record comes after every CPU was started.
wait_for() { boot_wait_for "$log" "$1" "$2" "$qpid"; }	# PATTERN SECONDS
if wait_for '@sbm config' 120; then
	ok "run under way, CPU 1 started"
	# bank 0: valid, uncorrected, enabled; MCG_STATUS: RIPV, MCIP
	echo "mce 1 0 0xb000000000000000 0x5 0 0" >&3
	wait_for 'cpu-trap: AP' 60
else
	bad "the run never got under way"
fi
line=$(grep -a 'cpu-trap: AP' "$log" | head -n 1)
echo "${line:-no cpu-trap line}"
echo quit >&3
wait "$qpid"
exec 3>&-
case $line in
*"apic 0x1 vector 18 #MC "*) ok "AP reported the machine check and halted" ;;
*) bad "no #MC line from the AP"; boot_evidence ap-mce "$log" "?" ;;
esac
grep -aqi 'triple fault' "$log" "$boot_tmp/monitor.log" &&
	bad "QEMU raised a triple fault" || ok "no triple fault"
[ "$(grep -ac 'BdsDxe: starting' "$log")" -le 1 ] && ok "no platform reset" ||
	bad "the firmware booted twice (reset)"
boot_done
