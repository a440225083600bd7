#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# arm64 UEFI image, one CPU, on a Cortex-A57 (ARMv8.0: no LSE atomics):
# the native op falls back to LL/SC, and op=stset is refused with a clear
# message and a failing end record (qemu-run exits 1 on it).
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"
img=$SBM_BUILDDIR/BOOTAA64.EFI

boot_check smp1-a57 "cpus=1 nodes=1 llcs=1 packages=1 smt=1" -- \
	--arch arm64 --image "$img" --smp 1 --cpu cortex-a57 --timeout 90 \
	-- iters=2000 reps=2 timeout_ms=20000
grep -q '^hello .*counter=cntvct .*hz_source=cntfrq' "$boot_tmp/rec" &&
	ok "counter cntvct from cntfrq" || bad "hello: $(grep '^hello' "$boot_tmp/rec")"
grep -q '^result .*layout=global op=llsc ' "$boot_tmp/rec" &&
	ok "no LSE: op=native is llsc" || bad "global result: $(grep 'layout=global' "$boot_tmp/rec")"

rc=0
"$SBM_SRCDIR/images/qemu-run" --quiet --log "$boot_tmp/bad.log" --arch arm64 \
	--image "$img" --smp 1 --cpu cortex-a57 --timeout 90 -- op=stset 2>/dev/null || rc=$?
"$SBM_BUILDDIR/sbmlog" records "$boot_tmp/bad.log" >"$boot_tmp/badrec"
[ "$rc" = 1 ] && grep -q "op=stset needs LSE atomics" "$boot_tmp/bad.log" &&
	grep -q '^end .*status=fail' "$boot_tmp/badrec" &&
	ok "op=stset without LSE refused with a message, end status=fail, exit 1" ||
	bad "op=stset on cortex-a57: rc=$rc $(tail -n 3 "$boot_tmp/bad.log")"
boot_done
