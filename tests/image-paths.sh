#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Paths given to the image tools are the user's, and hostile at worst:
# images/mkimage --esp DIR never removes what it did not make there (it
# ran rm -rf DIR), and images/qemu-run writes every path inside a QEMU
# option string with its commas doubled (QEMU's ",," escape), so a comma
# in a path cannot add options (checked in --dry-run's arguments, and by
# QEMU itself opening such a path where it is installed).
set -u
mkimage=$SBM_SRCDIR/images/mkimage
qemu_run=$SBM_SRCDIR/images/qemu-run
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

# any file stands in for the UEFI image: these tests boot nothing
printf 'MZ not really an EFI image\n' >"$w/BOOTX64.EFI"

# --esp DIR: a directory of the user's is refused, and kept whole
mkdir -p "$w/home/docs"
echo precious >"$w/home/docs/thesis.tex"
"$mkimage" --x64 "$w/BOOTX64.EFI" --esp "$w/home" --out "$w/a.img" >"$w/out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'did not make' "$w/out" && [ "$(cat "$w/home/docs/thesis.tex")" = precious ] &&
	ok "--esp on the user's directory: refused, nothing removed" || bad "--esp on a user directory (exit $rc): $(cat "$w/out")"
ln -s "$w/home" "$w/link"
"$mkimage" --x64 "$w/BOOTX64.EFI" --esp "$w/link" --out "$w/a.img" >"$w/out" 2>&1; rc=$?
[ $rc = 2 ] && [ -f "$w/home/docs/thesis.tex" ] && ok "--esp a symbolic link: refused" || bad "--esp symlink (exit $rc)"
if command -v sfdisk >/dev/null 2>&1 && command -v mformat >/dev/null 2>&1; then
	# a new directory: made, marked; again: only mkimage's files replaced
	"$mkimage" --x64 "$w/BOOTX64.EFI" --esp "$w/esp" --out "$w/a.img" >"$w/out" 2>&1; rc=$?
	[ $rc = 0 ] && cmp -s "$w/BOOTX64.EFI" "$w/esp/EFI/BOOT/BOOTX64.EFI" && [ -f "$w/esp/.sbmbench-esp" ] && [ -s "$w/a.img" ] &&
		ok "--esp a new directory: made" || bad "--esp a new directory (exit $rc): $(cat "$w/out")"
	echo mine >"$w/esp/notes.txt"
	"$mkimage" --x64 "$w/BOOTX64.EFI" --esp "$w/esp" --out "$w/a.img" >"$w/out" 2>&1; rc=$?
	[ $rc = 0 ] && [ "$(cat "$w/esp/notes.txt")" = mine ] && ok "--esp again: a file added there stays" || bad "--esp again (exit $rc)"
	# a tree's esp/ from before the marker: only mkimage's files in it
	mkdir -p "$w/old/EFI/BOOT" && cp "$w/BOOTX64.EFI" "$w/old/EFI/BOOT/"
	"$mkimage" --x64 "$w/BOOTX64.EFI" --esp "$w/old" --out "$w/a.img" >"$w/out" 2>&1; rc=$?
	[ $rc = 0 ] && ok "--esp an earlier mkimage's tree (no marker): reused" || bad "--esp earlier tree (exit $rc)"
else
	bad "sfdisk or mtools missing (Debian packages fdisk, mtools): mkimage unchecked"
fi

# qemu-run: a comma in each kind of path QEMU takes in an option string
d="$w/a,b=c,readonly=off"
mkdir -p "$d/esp/EFI/BOOT"
cp "$w/BOOTX64.EFI" "$d/esp/EFI/BOOT/"
printf 'x' >"$d/usb.img"
printf 'x' >"$d/code.fd"
printf 'x' >"$d/vars.fd"
e=$(printf '%s' "$d" | sed 's/,/,,/g')
dry() { "$qemu_run" --arch x86_64 --accel tcg --dry-run "$@" >"$w/args" 2>"$w/err"; }
has() { grep -qxF -- "$1" "$w/args"; }
dry --image "$d/usb.img"; rc=$?
[ $rc = 0 ] && has "if=none,id=esp,format=raw,file=$e/usb.img,readonly=on" &&
	ok "qemu-run: disk image path, commas doubled" || { bad "disk image path (exit $rc)"; cat "$w/args" "$w/err"; }
dry --image "$d/esp"; rc=$?
[ $rc = 0 ] && has "if=none,id=esp,format=raw,file=fat:$e/esp,readonly=on" &&
	ok "qemu-run: ESP directory path, commas doubled" || { bad "ESP directory path (exit $rc)"; cat "$w/args" "$w/err"; }
dry --image "$d/usb.img" --firmware "$d/code.fd" --vars "$d/vars.fd"; rc=$?
[ $rc = 0 ] && has "if=pflash,format=raw,unit=0,readonly=on,file=$e/code.fd" &&
	has "if=pflash,format=raw,unit=1,file=$e/vars.fd" &&
	ok "qemu-run: firmware and variable store paths, commas doubled" || { bad "pflash paths (exit $rc)"; cat "$w/args" "$w/err"; }
TMPDIR=$d dry --image "$w/BOOTX64.EFI"; rc=$?
[ $rc = 0 ] && grep -q "^if=none,id=esp,format=raw,file=fat:$e/tmp\.[^,]*/esp,readonly=on\$" "$w/args" &&
	ok "qemu-run: its own ESP under a TMPDIR with commas, doubled" || { bad "ESP under TMPDIR (exit $rc)"; cat "$w/args" "$w/err"; }

# QEMU itself opens the doubled path as one file name (stopped before it
# runs anything: -S); an undoubled comma would set readonly=off
q=$(command -v qemu-system-x86_64 2>/dev/null)
if [ -n "$q" ]; then
	dry --image "$d/usb.img"
	drive=$(grep '^if=none,id=esp' "$w/args")
	timeout 5 "$q" -S -display none -monitor none -serial none -nodefaults \
		-drive "$drive" -device virtio-blk-pci,drive=esp >"$w/qemu" 2>&1; rc=$?
	[ $rc = 124 ] && ok "QEMU opens a disk image whose path has commas" || { bad "QEMU on the doubled path (exit $rc)"; cat "$w/qemu"; }
fi
exit $fail
