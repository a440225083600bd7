#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# arm64 UEFI image, 4 CPUs started with PSCI CPU_ON (HVC, from the FADT);
# the native op is LSE stset (-cpu max has LSE), the cycle counter runs.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"

boot_check smp4 "cpus=4 nodes=1 llcs=1 packages=1 smt=1" -- \
	--arch arm64 --image "$SBM_BUILDDIR/BOOTAA64.EFI" --smp 4 --timeout 90 \
	-- iters=2000 reps=2
grep -q '^result .*layout=global op=stset .*cpus=4 ' "$boot_tmp/rec" &&
	ok "native op is stset on 4 CPUs" || bad "global result: $(grep 'layout=global' "$boot_tmp/rec")"
grep -q '^hello .*virt=qemu-tcg .*cycles=1' "$boot_tmp/rec" &&
	ok "virt=qemu-tcg, PMCCNTR cycles" || bad "hello: $(grep '^hello' "$boot_tmp/rec")"
boot_done
