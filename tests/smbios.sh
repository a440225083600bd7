#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# core/fw/smbios.c against dmidecode, an independent SMBIOS decoder: the same
# bytes (tests/test_smbios --dump, in dmidecode's --dump-bin layout) read
# by both must give the same strings (dmidecode shows a byte outside
# printable ASCII as '.', where ours keeps UTF-8 or shows '?').
set -u
dmi=$(command -v dmidecode || echo /usr/sbin/dmidecode)
[ -x "$dmi" ] || { echo "FAIL: dmidecode not found (Debian package dmidecode; tools/install-deps installs it)"; exit 1; }
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
fail=0
for form in dump dump21; do
"$SBM_BUILDDIR/tests/test_smbios" --$form "$w/dump.bin" >"$w/ours" ||
	{ echo "FAIL: test_smbios --$form"; exit 1; }
if [ $form = dump21 ]; then
	# a 2.1 entry point of length 0x1E: dmidecode takes it too
	if "$dmi" --from-dump "$w/dump.bin" 2>&1 | grep -q '^SMBIOS 2\.1 present'; then
		echo "ok: dmidecode reads the 2.1 entry point of length 0x1E"
	else
		echo "FAIL: dmidecode does not read our 2.1 entry point"; fail=1
	fi
fi
# type 38 (IPMI device): base address and register spacing, in order
"$dmi" --from-dump "$w/dump.bin" -t 38 2>/dev/null | sed -n \
	's/^[[:space:]]*Base Address: \(.*\)$/\1/p; s/^[[:space:]]*Register Spacing: \(.*\)$/\1/p' |
	paste -d'|' - - | sed 's/|/, /' >"$w/ipmi"
grep '^ipmi=' "$w/ours" | sed 's/^ipmi=//' >"$w/ipmi-ours"
if [ -s "$w/ipmi" ] && cmp -s "$w/ipmi" "$w/ipmi-ours"; then
	echo "ok: type 38: $(wc -l <"$w/ipmi") IPMI devices as dmidecode reads them"
else
	echo "FAIL: type 38: ours"; cat "$w/ipmi-ours"; echo "dmidecode:"; cat "$w/ipmi"; fail=1
fi
grep -v '^ipmi=' "$w/ours" >"$w/names"
while IFS='=' read -r key ours; do
	theirs=$("$dmi" --from-dump "$w/dump.bin" -s "$key" 2>"$w/err" | head -n 1)
	# ours drops blanks at the ends, keeps well-formed UTF-8 and shows
	# any other byte that is not printable ASCII as '?'; dmidecode keeps
	# the blanks and shows every byte outside printable ASCII as '.'
	# (each byte of a UTF-8 character too): byte for byte the same
	theirs=$(printf '%s' "$theirs" | sed 's/^ *//; s/ *$//')
	if [ "$(printf '%s' "$ours" | LC_ALL=C tr '?\200-\377' '[.*]')" = "$theirs" ]; then
		echo "ok: $key: '$ours'"
	else
		echo "FAIL: $key: ours '$ours', dmidecode '$theirs' ($(cat "$w/err"))"
		fail=1
	fi
done <"$w/names"
[ -s "$w/ours" ] || { echo "FAIL: nothing parsed ($form)"; fail=1; }
# the fixture's UTF-8 string is kept as UTF-8, its Latin-1 byte is a '?'
if grep -q "^baseboard-manufacturer=$(printf '\303\234n\303\257code Boards \342\202\254')\$" "$w/ours" &&
	grep -q '^system-product-name=Server?9000$' "$w/ours"; then
	echo "ok: UTF-8 kept, a byte that is not UTF-8 a '?' ($form)"
else
	echo "FAIL: UTF-8 not kept, or Latin-1 not '?' ($form)"; fail=1
fi
done
exit $fail
