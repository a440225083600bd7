#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# EFI load options: the UEFI shell starts the image with arguments (from
# startup.nsh); they must override \sbmbench.cfg on the same volume.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"
esp=$boot_tmp/esp
mkdir -p "$esp"
cp "$SBM_BUILDDIR/BOOTX64.EFI" "$esp/sbmbench.efi"
# no EFI/BOOT/BOOTX64.EFI: OVMF falls back to its shell, which runs this
printf 'fs0:\r\nsbmbench.efi iters=1500 reps=1 cpus=2 timeout_ms=20000\r\n' >"$esp/startup.nsh"
printf 'iters=999 reps=3\n' >"$esp/sbmbench.cfg"
boot_check loadopts "cpus=4" -- --arch x86_64 --image "$esp" --smp 4 --timeout 90
grep -q '^config .* iters=1500 reps=1 .*cpus=2 ' "$boot_tmp/rec" &&
	ok "load options applied over sbmbench.cfg" || bad "config: $(grep '^config' "$boot_tmp/rec")"
boot_done
