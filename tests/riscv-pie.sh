#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# The riscv64 payload is a static PIE that relocates itself (arch/riscv/
# entry.S): assert what that code relies on, from the built files.
#   - the ELF is a PIE entered at its first byte;
#   - .rela.dyn holds only R_RISCV_RELATIVE, the one type entry.S applies;
#   - the flat binary carries .rela.dyn byte for byte, ahead of .bss;
#   - the flat binary still starts with the Image header booti checks.
set -u
elf=$SBM_BUILDDIR/sbmbench-riscv64.elf bin=$SBM_BUILDDIR/sbmbench-riscv64.bin
readelf=${READELF:-readelf}
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

for f in "$elf" "$bin"; do
	[ -f "$f" ] || { echo "FAIL: $f not built"; exit 1; }
done
# ld marks a PIE linked at a non-zero address EXEC; DYNAMIC says -pie
if "$readelf" -l -W "$elf" | grep -q '^ *DYNAMIC '; then ok "PIE (a DYNAMIC segment)"; else bad "not linked -pie"; fi
entry=$("$readelf" -h "$elf" | awk '/Entry point/ { print $NF }')
# section NAME -> "addr offset size" (hex)
sect() {
	"$readelf" -S -W "$elf" | sed 's/^ *\[ *[0-9]*\] *//' |
		awk -v n="$1" '$1 == n { print $3, $4, $5 }'
}
read -r text_addr _ _ <<<"$(sect .text)"
if [ $((0x$text_addr)) = $((entry)) ]; then ok "entry at the start of .text ($entry)"; else bad "entry $entry, .text at 0x$text_addr"; fi

types=$("$readelf" -r -W "$elf" | awk '$1 ~ /^[0-9a-f]+$/ && NF >= 3 { print $3 }' | sort | uniq -c)
n=$(awk '$2 == "R_RISCV_RELATIVE" { print $1 }' <<<"$types")
if [ -n "$n" ] && [ "$(wc -l <<<"$types")" = 1 ]; then
	ok "$n relocations, all R_RISCV_RELATIVE"
else
	bad "relocation types other than (or no) R_RISCV_RELATIVE: $(tr -s ' \n' ' ' <<<"$types")"
fi

read -r r_addr r_off r_size <<<"$(sect .rela.dyn)"
read -r b_addr _ _ <<<"$(sect .bss)"
if [ -z "$r_addr" ]; then
	bad "no .rela.dyn section"
else
	start=$((0x$r_addr - 0x$text_addr))
	if [ $((start + 0x$r_size)) -le "$(stat -c %s "$bin")" ] && [ $((0x$r_addr + 0x$r_size)) -le $((0x$b_addr)) ]; then
		ok ".rela.dyn inside the flat binary, before .bss"
	else
		bad ".rela.dyn (0x$r_addr+0x$r_size) outside the flat binary or after .bss (0x$b_addr)"
	fi
	if cmp -s <(tail -c +$((0x$r_off + 1)) "$elf" | head -c $((0x$r_size))) \
		<(tail -c +$((start + 1)) "$bin" | head -c $((0x$r_size))); then
		ok ".rela.dyn in the flat binary equals the ELF's"
	else
		bad ".rela.dyn in the flat binary differs from the ELF's"
	fi
fi
if [ "$(tail -c +57 "$bin" | head -c 4 | od -An -c | tr -d ' ')" = 'RSC005' ]; then
	ok "Image header magic2 at 0x38"
else
	bad "no Image header magic2 (RSC\\x05) at 0x38"
fi
exit $fail
