#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# The PE hygiene of the tree's UEFI images (the one users boot and the
# boot tests' hooks/ one), read from the built files by pe-check: no W+X
# section, 4 KiB section alignment, NX_COMPAT, a valid .sbat.  Then the
# same image with one rule broken at a time must fail, naming the rule
# (so the check reads the file it is given, and can fail).
set -u
b=$SBM_BUILDDIR
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for img in "$b/$SBM_IMAGE" "$b/$SBM_HOOKS_IMAGE"; do
	if "$b/pe-check" "$img"; then ok "$img follows the rules"; else bad "$img"; fi
done

u32() { od -An -tu4 -j "$2" -N 4 "$1" | tr -d ' '; }
u16() { od -An -tu2 -j "$2" -N 2 "$1" | tr -d ' '; }
# poke FILE OFFSET BYTES (printf escapes)
poke() { printf '%b' "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none; }

img=$b/$SBM_IMAGE
pe=$(u32 "$img" 60)
opt=$((pe + 24))
sect=$((opt + $(u16 "$img" $((pe + 20)))))
nsect=$(u16 "$img" $((pe + 6)))
sbat_hdr=
for ((i = 0; i < nsect; i++)); do
	[ "$(dd if="$img" bs=1 skip=$((sect + 40 * i)) count=5 status=none)" = .sbat ] &&
		sbat_hdr=$((sect + 40 * i))
done
[ -n "$sbat_hdr" ] || bad "no .sbat section header found by the test itself"

# broken NAME OFFSET BYTES MESSAGE: the image with BYTES at OFFSET fails
# with MESSAGE
broken() {
	cp "$img" "$tmp/$1.efi"
	poke "$tmp/$1.efi" "$2" "$3"
	"$b/pe-check" "$tmp/$1.efi" >"$tmp/$1.out"
	if [ $? = 1 ] && grep -q "^FAIL: .*$4" "$tmp/$1.out"; then
		ok "$1: refused ($4)"
	else
		bad "$1: not refused with '$4'"; cat "$tmp/$1.out"
	fi
}
broken no-nx $((opt + 70)) '\x00\x00' 'NX_COMPAT (0x0100) is not set'
broken text-writable $((sect + 39)) '\xe0' 'section .text (flags 0xe00000[0-9a-f]*) is writable and executable'
broken align-512 $((opt + 32)) '\x00\x02\x00\x00' 'SectionAlignment 0x200 is not a multiple of 4 KiB'
[ -z "$sbat_hdr" ] || broken no-sbat "$sbat_hdr" '.xbat' 'no .sbat section'
[ -z "$sbat_hdr" ] || broken sbat-generation-0 $(($(u32 "$img" $((sbat_hdr + 20))) + 84)) ',0,' '.sbat: line 2: generation "0"'
exit $fail
