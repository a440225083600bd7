#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# The USB disk image (GPT, one EFI System Partition) boots as a disk.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"
printf 'iters=2000 reps=2 timeout_ms=20000\n' >"$boot_tmp/sbmbench.cfg"
"$SBM_SRCDIR/images/mkimage" --x64 "$SBM_BUILDDIR/BOOTX64.EFI" \
	--cfg "$boot_tmp/sbmbench.cfg" --out "$boot_tmp/usb.img" >/dev/null ||
	bad "mkimage failed"
sfdisk -l "$boot_tmp/usb.img" 2>/dev/null | grep -q 'EFI System' &&
	ok "GPT with an EFI System Partition" || bad "no EFI System Partition"
boot_check disk-image "cpus=2" -- --arch x86_64 --image "$boot_tmp/usb.img" \
	--smp 2 --timeout 60
grep -q '^config .* iters=2000 reps=2 ' "$boot_tmp/rec" &&
	ok "sbmbench.cfg on the image read" || bad "config: $(grep '^config' "$boot_tmp/rec")"
boot_done
