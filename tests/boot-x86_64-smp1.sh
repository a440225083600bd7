#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# x86_64 UEFI image, one CPU; and a bad option ends with a clear message,
# a failing end record and a non-zero exit.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"
img=$SBM_BUILDDIR/BOOTX64.EFI

boot_check smp1 "cpus=1 nodes=1 llcs=1 packages=1 smt=1" -- \
	--arch x86_64 --image "$img" --smp 1 --timeout 60 -- iters=2000 reps=2 timeout_ms=20000

rc=0
"$SBM_SRCDIR/images/qemu-run" --quiet --log "$boot_tmp/bad.log" --arch x86_64 \
	--image "$img" --smp 1 --timeout 60 -- layouts=bogus 2>/dev/null || rc=$?
"$SBM_BUILDDIR/sbmlog" records "$boot_tmp/bad.log" >"$boot_tmp/badrec"
[ "$rc" = 1 ] && grep -q "bad value 'bogus' for layouts" "$boot_tmp/bad.log" &&
	grep -q '^end .*status=fail' "$boot_tmp/badrec" &&
	ok "layouts=bogus rejected with a message, end status=fail, exit 1" ||
	bad "layouts=bogus: rc=$rc $(tail -n 3 "$boot_tmp/bad.log")"
boot_done
