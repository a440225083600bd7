#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# arm64 UEFI image, 4 CPUs started with PSCI CPU_ON (HVC, from the FADT);
# the native op is LSE stset (-cpu max has LSE), the cycle counter runs;
# and the same at EL2.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"

boot_check smp4 "cpus=4 nodes=1 llcs=1 packages=1 smt=1" -- \
	--arch arm64 --image "$SBM_BUILDDIR/BOOTAA64.EFI" --smp 4 --timeout 90 \
	-- iters=2000 reps=2 timeout_ms=20000
grep -q '^result .*layout=global op=stset .*cpus=4 ' "$boot_tmp/rec" &&
	ok "native op is stset on 4 CPUs" || bad "global result: $(grep 'layout=global' "$boot_tmp/rec")"
grep -q '^hello .*virt=qemu-tcg .*cycles=1' "$boot_tmp/rec" &&
	ok "virt=qemu-tcg, PMCCNTR cycles" || bad "hello: $(grep '^hello' "$boot_tmp/rec")"

# virtualization=on: the firmware and the image run at EL2, PSCI by SMC
# (FADT ARM_BOOT_ARCH says so); secondaries take the EL2 regime.
boot_check smp4-el2 "cpus=4 nodes=1 llcs=1 packages=1 smt=1" -- \
	--arch arm64 --image "$SBM_BUILDDIR/BOOTAA64.EFI" --smp 4 --timeout 90 \
	--qemu-arg -machine --qemu-arg virt,virtualization=on -- iters=2000 reps=2 timeout_ms=20000
grep -q 'image at EL2, tables acpi, PSCI .* via smc' "$boot_tmp/smp4-el2.log" &&
	ok "EL2 boot, PSCI via smc" || bad "EL2 banner: $(grep '^sbmbench: arm64' "$boot_tmp/smp4-el2.log")"
boot_done
