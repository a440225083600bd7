# SPDX-License-Identifier: BSD-2-Clause
# shellcheck shell=bash
# shellcheck disable=SC2154 # work, from tests/boot-run.sh
# The HOOK column of tests/boot-tests.tsv: inputs a table row cannot hold,
# made in the test's scratch directory $work before the boot (sourced by
# tests/boot-run.sh, which provides work, ok and bad).

# A SLIT that claims 5 localities but carries a 2x2 matrix.  QEMU and OVMF
# fix up checksums and length fields of -acpitable tables, so the damage
# has to be inside the body.
hook_bad_slit() {
	printf '\005\000\000\000\000\000\000\000\012\025\025\012' >"$work/slit-bad.bin"
}

# No EFI/BOOT/BOOTX64.EFI on the volume: OVMF falls back to its shell, which
# runs startup.nsh, the one way to hand the image EFI load options.  They
# must win over \sbmbench.cfg on the same volume.
hook_shell_esp() {
	mkdir -p "$work/esp"
	cp "$SBM_BUILDDIR/$SBM_IMAGE" "$work/esp/sbmbench.efi"
	printf 'fs0:\r\nsbmbench.efi iters=1500 reps=1 cpus=2 timeout_ms=20000\r\n' >"$work/esp/startup.nsh"
	printf 'iters=999 reps=3 hold_s=0\n' >"$work/esp/sbmbench.cfg"
}

# The USB disk image as a user writes it to a stick, options on the volume.
hook_usb_image() {
	printf 'iters=2000 reps=2 timeout_ms=20000 hold_s=0\n' >"$work/sbmbench.cfg"
	"$SBM_SRCDIR/images/mkimage" "$SBM_MKIMAGE_FLAG" "$SBM_BUILDDIR/$SBM_IMAGE" \
		--cfg "$work/sbmbench.cfg" --out "$work/usb.img" >/dev/null ||
		bad "mkimage failed"
	if sfdisk -l "$work/usb.img" 2>/dev/null | grep -q 'EFI System'; then
		ok "GPT with an EFI System Partition"
	else
		bad "no EFI System Partition"
	fi
}

# QEMU's own riscv64 virt device tree, edited by the awk program $1, into
# $work/$2: the inputs of the DT rows.
qemu_dt_edited() {
	local dtc=${DTC:-dtc}
	if [ "$dtc" = no ] || ! command -v "$dtc" >/dev/null; then
		bad "dtc not found: install the Debian package device-tree-compiler (tools/install-deps does)"
		return
	fi
	"$QEMU" -machine virt,dumpdtb="$work/virt.dtb" -smp 4 -m 1G -display none >/dev/null 2>&1 ||
		bad "QEMU could not dump its device tree"
	"$dtc" -q -I dtb -O dts "$work/virt.dtb" | awk "$1" |
		"$dtc" -q -I dts -O dtb -o "$work/$2" ||
		bad "dtc could not rebuild the device tree"
}

# QEMU's own device tree with the test-only /chosen property that makes
# the payload's wfi probe run an illegal instruction, as firmware that
# sets mstatus.TW makes of wfi: the harts must fall back to spinning.
hook_wfi_traps_dtb() {
	qemu_dt_edited '{ print } /^\tchosen \{/ { print "\t\tsbmbench,test-wfi-traps;" }' \
		virt-wfi-traps.dtb
}

# The same with the property that makes each parked hart's first wfi
# enter the trap handler as late-trapping firmware would (after the probe
# passed): the handler must step over it and the hart spin from then on.
hook_wfi_traps_late_dtb() {
	qemu_dt_edited '{ print } /^\tchosen \{/ { print "\t\tsbmbench,test-wfi-traps-late;" }' \
		virt-wfi-traps-late.dtb
}

# The same with the property that shuts down as if SBI had no SRST.
hook_no_srst_dtb() {
	qemu_dt_edited '{ print } /^\tchosen \{/ { print "\t\tsbmbench,test-no-srst;" }' \
		virt-no-srst.dtb
}

# QEMU's own device tree with cpu@2 marked disabled.
hook_hart2_off_dtb() {
	# shellcheck disable=SC2016 # an awk program
	qemu_dt_edited '/cpu@2 \{/ { in2 = 1 } in2 && /status = "okay"/ { sub(/okay/, "disabled"); in2 = 0 } { print }' \
		virt-hart2-off.dtb
}

# QEMU's fw_dynamic padded to 3 MiB: QEMU loads -kernel at the first 2 MiB
# boundary above the firmware file, so the payload lands at 0x80400000,
# 2 MiB above its link address, and fw_dynamic is told to jump there.
# OpenSBI itself still ends where its own linker put it.
hook_fw_padded() {
	local f
	for f in /usr/share/qemu/opensbi-riscv64-generic-fw_dynamic.bin \
		/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin; do
		[ -f "$f" ] && break
	done
	if [ ! -f "$f" ]; then
		bad "no fw_dynamic.bin (Debian packages qemu-system-misc, opensbi)"
		return
	fi
	cp "$f" "$work/fw_dynamic-3M.bin" && truncate -s 3M "$work/fw_dynamic-3M.bin" ||
		bad "could not pad $f"
}

# The padded fw_dynamic (above) and QEMU's device tree with the test-only
# /chosen property that makes the payload start every hart at its own
# entry, as OpenSBI 1.1 sometimes does: entry.S must find each hart's start
# block by hart id at the relocated address.
hook_hsm_entry_high() {
	hook_fw_padded
	qemu_dt_edited '{ print } /^\tchosen \{/ { print "\t\tsbmbench,test-hsm-at-entry;" }' \
		virt-hsm-entry.dtb
}

# 70 extra ACPI tables and then a SLIT (distance 17), all by -acpitable.
# QEMU lists -acpitable tables after its own (FACP, APIC, HPET, SRAT, ...)
# in the order given and OVMF installs them in that order, so the SLIT is
# past entry 64 of the XSDT: found only by a lookup over every entry.
# Without --numa-dist QEMU makes no SLIT of its own.
hook_many_tables() {
	local i
	printf 'sbm\000' >"$work/filler.bin"
	# 2 localities (a 64-bit count), then the 2x2 matrix 10 17 / 17 10
	printf '\002\000\000\000\000\000\000\000\012\021\021\012' >"$work/slit-17.bin"
	: >"$work/acpitables.args"
	for ((i = 0; i < 70; i++)); do
		printf -- '-acpitable\nsig=X%03d,rev=1,data=%s\n' "$i" "$work/filler.bin"
	done >>"$work/acpitables.args"
	printf -- '-acpitable\nsig=SLIT,rev=1,data=%s\n' "$work/slit-17.bin" >>"$work/acpitables.args"
}

# The 44-byte body of a revision-2 SPCR (QEMU adds the header) naming a
# 16550 of interface type $1 (hex) at I/O port $2 (hex, below 0x10000)
# with baud code $3; no IRQ, not a PCI device.
spcr_io_body() {
	local lo hi
	lo=$(printf %02x $(($2 & 0xff))) hi=$(printf %02x $(($2 >> 8)))
	printf '%b' "\\x$1\\x00\\x00\\x00"				# interface type, reserved
	printf '%b' "\\x01\\x08\\x00\\x01\\x$lo\\x$hi\\x00\\x00\\x00\\x00\\x00\\x00"	# GAS: I/O, 8 bits, byte access
	printf '\000\000\000\000\000\000'				# interrupt type, IRQ, GSIV
	printf '%b' "\\x$3\\x00\\x01\\x00\\x00\\x00"			# baud, 8N1, no flow control
	printf '\377\377\377\377\000\000\000\000\000\000\000\000\000\000\000\000'	# PCI: none
}

# SPCR (type 0x12, 16550 with the GAS) names COM2, where q35 has no UART:
# the image must test it, keep COM1 and say so.
hook_spcr_dead_com2() {
	spcr_io_body 12 0x2f8 07 >"$work/spcr.bin"
}

# The same for a 16550 in memory space at $2 (hex, 64-bit), 8-bit
# registers a byte apart.
spcr_mmio_body() {
	local a=$2 i gas=''
	for i in 0 1 2 3 4 5 6 7; do
		gas=$gas$(printf '\\x%02x' $(((a >> (8 * i)) & 0xff)))
	done
	printf '%b' "\\x$1\\x00\\x00\\x00"
	printf '%b' "\\x00\\x08\\x00\\x01$gas"
	printf '\000\000\000\000\000\000'
	printf '%b' "\\x07\\x00\\x01\\x00\\x00\\x00"
	printf '\377\377\377\377\000\000\000\000\000\000\000\000\000\000\000\000'
}

# SPCR names I/O ports 0xcf8-0xcff: the PCI configuration ports and the
# reset control register 0xcf9.  Refused before any access; COM1 kept.
hook_spcr_reset_port() {
	spcr_io_body 00 0xcf8 07 >"$work/spcr.bin"
}

# SPCR names a 16550 in memory at 1 MiB, RAM in OVMF's memory map:
# refused before any access; COM1 kept.
hook_spcr_in_ram() {
	spcr_mmio_body 00 0x100000 >"$work/spcr.bin"
}

# SPCR (type 0, 16550) names COM1 with baud code 0 ("as configured").
hook_spcr_com1() {
	spcr_io_body 00 0x3f8 00 >"$work/spcr.bin"
}

# The 29-byte body of an SPMI (QEMU adds the header): an IPMI 2.0 KCS BMC
# at I/O port 0xca2, as servers describe theirs.
hook_spmi_kcs() {
	{
		printf '\001\001\000\002\000\000\000\000\000\000\000\000'	# KCS, IPMI 2.0, no interrupt
		printf '\001\010\000\001\242\014\000\000\000\000\000\000'	# GAS: I/O 0xca2, byte access
		printf '\000\000\000\000\000'				# UID, reserved
	} >"$work/spmi.bin"
}

# HP ProLiant G5/G7's SPMI: the same KCS at 0xca2, its GAS of bit width 16.
hook_spmi_kcs_width16() {
	{
		printf '\001\001\000\002\000\000\000\000\000\000\000\000'	# KCS, IPMI 2.0, no interrupt
		printf '\001\020\000\001\242\014\000\000\000\000\000\000'	# GAS: I/O 0xca2, 16 bits
		printf '\000\000\000\000\000'				# UID, reserved
	} >"$work/spmi.bin"
}

# An SPMI whose KCS at 0xb1 puts its status/command port on 0xb2, q35's
# SMI_CMD (the FADT names it).
hook_spmi_kcs_smi_port() {
	{
		printf '\001\001\000\002\000\000\000\000\000\000\000\000'	# KCS, IPMI 2.0, no interrupt
		printf '\001\010\000\001\261\000\000\000\000\000\000\000'	# GAS: I/O 0xb1, byte access
		printf '\000\000\000\000\000'				# UID, reserved
	} >"$work/spmi.bin"
}

# SPCR (type 0, 16550) names COM2 at 115200 (baud code 7), the port a
# server's BMC forwards; qemu-run --serial-port 2 logs COM2.
hook_spcr_com2() {
	spcr_io_body 00 0x2f8 07 >"$work/spcr.bin"
}

# The ISO for BMC virtual media and CDs (images/mkimage --iso), options in
# its \sbmbench.cfg: an El Torito UEFI boot image, and hybrid (the same FAT
# as a GPT EFI System Partition, for a stick).
hook_iso_image() {
	printf 'iters=1500 reps=1 timeout_ms=20000 hold_s=0\n' >"$work/sbmbench.cfg"
	"$SBM_SRCDIR/images/mkimage" "$SBM_MKIMAGE_FLAG" "$SBM_BUILDDIR/$SBM_IMAGE" \
		--cfg "$work/sbmbench.cfg" --iso --out "$work/sbmbench.iso" >/dev/null ||
		bad "mkimage --iso failed"
	if xorriso -indev "$work/sbmbench.iso" -report_el_torito plain 2>/dev/null |
		grep -q '^El Torito boot img : *1 *UEFI *y *none'; then
		ok "El Torito: a UEFI no-emulation boot image"
	else
		bad "no UEFI El Torito boot image (xorriso -report_el_torito)"
	fi
	if sfdisk -l "$work/sbmbench.iso" 2>/dev/null | grep -q 'EFI System'; then
		ok "hybrid: GPT with an EFI System Partition"
	else
		bad "hybrid: no EFI System Partition in the ISO's GPT"
	fi
}

# The ISO, and a first boot from it as a CD-ROM that leaves its result in
# the UEFI variables ($work/vars.fd): the row's boot finds it and cannot
# write it to the read-only CD.
hook_iso_saved() {
	hook_iso_image
	"$SBM_SRCDIR/images/qemu-run" --arch "$SBM_ARCH" --image "$work/sbmbench.iso" \
		--cdrom --vars "$work/vars.fd" --smp 2 --timeout 120 --quiet \
		--log "$work/first-boot.log" 2>/dev/null
	if grep -aq '^sbmbench: result saved in [0-9]* UEFI variable' "$work/first-boot.log"; then
		ok "first boot from the CD: result saved in UEFI variables"
	else
		bad "first boot from the CD: no result saved"
		tail -n 20 "$work/first-boot.log"
	fi
}

# The tree's image built again with Debian 13's GNU-EFI 3.0.18 (from
# tools/install-current-gen, beside the 3.0.15 every tree builds with),
# warnings as errors as always, in $work/b: the "gnuefi318" rows boot
# it under today's firmware.  Skipped, with the reason, without it.
hook_gnu_efi_318() {
	local efiarch=x86_64 debarch=amd64 host=
	[ "$SBM_ARCH" = arm64 ] && efiarch=aarch64 debarch=arm64 host=--host=aarch64-linux-gnu
	# deps/ is where tools/install-deps unpacks, never in the tarball
	# (braces: not a source file tests/dist-files.sh should look for)
	local cur=${SBM_DEPS:-${SBM_SRCDIR}/deps}/current
	local gdir=$cur/gnu-efi-$efiarch/usr v
	v=$(awk -v p="gnu-efi:$debarch" '$1 == p { print $2 }' "$cur/VERSIONS" 2>/dev/null)
	case $v in
	3.0.18-*) ;;
	*)	echo "SKIP: GNU-EFI 3.0.18 ($efiarch) not in $gdir: tools/install-current-gen fetches it"
		exit 77 ;;
	esac
	local newlib
	newlib=$(sed -n 's/^NEWLIB_DIR = //p' "$SBM_BUILDDIR/Makefile")
	mkdir -p "$work/b"
	# shellcheck disable=SC2086 # host: empty or one word
	if (cd "$work/b" && "$SBM_SRCDIR/configure" $host --with-gnu-efi="$gdir" \
		--with-newlib="$newlib" --disable-boot-tests) >"$work/configure.out" 2>&1 &&
		env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$work/b" -j2 "$SBM_IMAGE" \
		>"$work/make.out" 2>&1 && cp "$work/b/$SBM_IMAGE" "$work/$SBM_IMAGE"; then
		ok "$SBM_IMAGE built with GNU-EFI $v ($(grep -c ' CC ' "$work/make.out") files, -Werror)"
	else
		bad "$SBM_IMAGE with GNU-EFI $v: $(tail -n 5 "$work/make.out" "$work/configure.out" 2>/dev/null | tr '\n' ' ')"
	fi
}
