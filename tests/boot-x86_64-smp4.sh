#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# x86_64 UEFI image, four CPUs started by INIT-SIPI-SIPI.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"

boot_check smp4 "cpus=4 nodes=1 llcs=1 packages=1 smt=1" -- \
	--arch x86_64 --image "$SBM_BUILDDIR/BOOTX64.EFI" --smp 4 --timeout 60 \
	-- iters=2000 reps=2 timeout_ms=20000
grep -q '^hello .*platform=uefi .*counter=tsc' "$boot_tmp/rec" &&
	ok "hello names uefi and tsc" || bad "hello record: $(grep '^hello' "$boot_tmp/rec")"
boot_done
