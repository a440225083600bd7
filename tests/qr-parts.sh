#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tools/sbmbench report PICTURE puts the QR codes' parts back in order; a
# picture is hostile input.  A stand-in decoder ($SBM_ZBARIMG) gives
# crafted text: only parts 1 <= K <= N <= 16 are kept (part 999999999 of 1
# once made awk allocate gigabytes), each once, what is dropped or missing
# is said with the picture's name, two pictures of one name keep their own
# records, and the temp directory goes however the report ends.  One real
# code (qrencode, zbarimg) checks the same through the decoder.
set -u
sbmbench=$SBM_SRCDIR/tools/sbmbench
records=$SBM_SRCDIR/tests/logs/screen-qr.records
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

SBM_SBMLOG=$SBM_BUILDDIR/sbmlog
export SBM_SBMLOG
mkdir "$w/tmp" "$w/a" "$w/b"
TMPDIR=$w/tmp
export TMPDIR
# the stand-in decoder: a "picture" is a PPM magic line, then the text
# zbarimg would print for it (called as zbarimg --raw -q -Sbinary PICTURE)
cat >"$w/zbar" <<'EOF'
#!/bin/sh
for pic; do :; done
tail -n +2 "$pic"
EOF
chmod +x "$w/zbar"
# picture FILE: the text on stdin behind a PPM magic line
picture() { { printf 'P6\n'; cat; } >"$1"; }
report() { SBM_ZBARIMG=$w/zbar "$sbmbench" report "$@" >"$w/out" 2>"$w/err"; }
left_over() { [ -n "$(ls -A "$w/tmp")" ]; }

grep '^@sbm' "$records" >"$w/recs"
n=$(wc -l <"$w/recs")
half=$((n / 2))

# two parts, the second first: put back in order, a complete run
{ echo "sbmbench qr part 2 of 2"; tail -n +$((half + 1)) "$w/recs"
  echo "sbmbench qr part 1 of 2"; head -n "$half" "$w/recs"; } | picture "$w/a/s.ppm"
report "$w/a/s.ppm"; rc=$?
[ $rc = 0 ] && grep -q "from the screen's QR codes: 6 of the 48" "$w/out" &&
	ok "parts out of order: put back in order" || { bad "parts out of order (exit $rc)"; cat "$w/err"; }
left_over && bad "temp directory left after a report" || ok "temp directory removed"

# hostile part numbers: dropped, each named with the picture; fast
for head in "part 999999999 of 1" "part 1 of 999999999" "part 0 of 1" \
	"part 2 of 1" "part 3 of 17" "part -1 of 2" "part 1 of 2 x" "part 1of 2"; do
	{ echo "sbmbench qr $head"; cat "$w/recs"; } | picture "$w/bad.ppm"
	SBM_ZBARIMG=$w/zbar timeout 20 "$sbmbench" report "$w/bad.ppm" >"$w/out" 2>"$w/err"; rc=$?
	[ $rc = 1 ] && grep -q "bad.ppm: dropped a QR code headed \"sbmbench qr $head\"" "$w/err" &&
		grep -q 'no sbmbench QR code found' "$w/err" &&
		ok "\"$head\": dropped, said, exit 1" || { bad "\"$head\": exit $rc"; cat "$w/err"; }
done

# a second part 1 and a part of another count: dropped; a missing part: said
{ echo "sbmbench qr part 1 of 3"; head -n "$half" "$w/recs"
  echo "sbmbench qr part 1 of 3"; echo "@sbm forged"
  echo "sbmbench qr part 2 of 4"; echo "@sbm forged"; } | picture "$w/c.ppm"
report "$w/c.ppm"; rc=$?
grep -q 'c.ppm: dropped a second part 1' "$w/err" && grep -q 'c.ppm: dropped part 2 of 4: the first part said 3' "$w/err" &&
	grep -q 'c.ppm: part 2 of 3 is missing' "$w/err" && grep -q 'c.ppm: part 3 of 3 is missing' "$w/err" &&
	! grep -q forged "$w/out" && ok "duplicate, other count, missing: said" || { bad "duplicate/missing parts"; cat "$w/err"; }
# text before any part is not a part
{ echo "https://example.com/"; echo "sbmbench qr part 1 of 1"; cat "$w/recs"; } | picture "$w/d.ppm"
report "$w/d.ppm"; rc=$?
[ $rc = 0 ] && grep -q 'd.ppm: dropped text outside any sbmbench QR part' "$w/err" &&
	ok "text outside the parts: dropped, said" || bad "text outside the parts (exit $rc)"

# two pictures of one name: each its own records (here: its own run)
sed 's/  #[0-9a-f]*$//; s/ run=[0-9a-f]*/ run=0000beef/' "$w/recs" | "$SBM_BUILDDIR/tests/sbm-sign" >"$w/recs2"
{ echo "sbmbench qr part 1 of 1"; cat "$w/recs2"; } | picture "$w/b/s.ppm"
report "$w/a/s.ppm" "$w/b/s.ppm"; rc=$?
[ $rc = 0 ] && [ "$(grep -c '^=== run ' "$w/out")" = 2 ] && grep -q '^=== run 0000beef' "$w/out" &&
	ok "two pictures named s.ppm: two runs" || { bad "two pictures of one name (exit $rc)"; grep '^=== run' "$w/out"; }
left_over && bad "temp directory left after two pictures" || ok "temp directory removed"

# the decoder missing: exit 2, and the temp directory is gone too
SBM_ZBARIMG=$w/none "$sbmbench" report "$w/a/s.ppm" >"$w/out" 2>"$w/err"; rc=$?
[ $rc = 2 ] && grep -q 'not found' "$w/err" && ! left_over &&
	ok "no decoder: exit 2, temp directory removed" || bad "no decoder (exit $rc, $(ls "$w/tmp"))"

# one real code through qrencode and zbarimg: a hostile part number
if command -v qrencode >/dev/null 2>&1 && command -v zbarimg >/dev/null 2>&1; then
	{ echo "sbmbench qr part 999999999 of 1"; cat "$w/recs"; } | qrencode -l L -8 -s 4 -o "$w/real.png"
	timeout 60 "$sbmbench" report "$w/real.png" >"$w/out" 2>"$w/err"; rc=$?
	[ $rc = 1 ] && grep -q 'real.png: dropped a QR code headed "sbmbench qr part 999999999 of 1"' "$w/err" &&
		ok "a real code with part 999999999: dropped" || { bad "real code (exit $rc)"; cat "$w/err"; }
	# a maker named in UTF-8 (SMBIOS "\303\234n\303\257code"): the code's bytes
	# reach the records whole, its CRC checks (zbar's own reading would
	# take them for Shift JIS)
	sed 's/  #[0-9a-f]*$//; s/^\(@sbm hello .*\)$/\1 sys_vendor="\xc3\x9cn\xc3\xafcode GmbH"/' "$w/recs" |
		"$SBM_BUILDDIR/tests/sbm-sign" >"$w/utf8.recs"
	{ echo "sbmbench qr part 1 of 1"; cat "$w/utf8.recs"; } | qrencode -l L -8 -s 4 -o "$w/utf8.png"
	timeout 60 "$sbmbench" report "$w/utf8.png" >"$w/out" 2>"$w/err"; rc=$?
	[ $rc = 0 ] && grep -q "$(printf '^machine id: \303\234n\303\257code GmbH')" "$w/out" && ! grep -q rejected "$w/err" &&
		ok "a real code with UTF-8 in a record: read whole, its CRC checks" || { bad "UTF-8 through a real code (exit $rc)"; cat "$w/err"; }
else
	bad "qrencode or zbarimg missing (tools/install-deps installs them)"
fi
exit $fail
