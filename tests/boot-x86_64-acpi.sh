#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# A malformed ACPI table is reported (@sbm warn what=acpi) and skipped, and
# the run still ends status=ok.  QEMU and OVMF fix up checksums and length
# fields of -acpitable tables, so the damage is inside the body: a SLIT
# that claims 5 localities but carries a 2x2 matrix.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"

slit=$boot_tmp/slit-bad.bin
printf '\005\000\000\000\000\000\000\000\012\025\025\012' >"$slit"
boot_check bad-slit "cpus=2" -- \
	--arch x86_64 --image "$SBM_BUILDDIR/BOOTX64.EFI" --smp 2 --timeout 60 \
	--qemu-arg -acpitable --qemu-arg "sig=SLIT,rev=1,data=$slit" \
	-- iters=2000 reps=2 timeout_ms=20000
grep -q '^warn .*what=acpi .*SLIT' "$boot_tmp/rec" &&
	ok "bad SLIT reported as warn what=acpi" || bad "no acpi warning for the bad SLIT"
boot_done
