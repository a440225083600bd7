#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tools/sbmbench fetch on an efivarfs tree as Linux shows it (4 bytes of
# attributes, then the value): a result saved in two variables comes back
# whole as results/<run id>.log, the variables go only with --delete and
# only once the log is safely there (never through a symbolic link or over
# another log), and bad input gets a clear error and exit status.
set -u
fetch=$SBM_SRCDIR/tools/fetch-results
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }
guid=5b1e7c2a-9d4f-4e61-b8a3-2f6c0d9e7a51

grep -a '^@sbm ' "$SBM_SRCDIR/tests/logs/twin-x86_64.log" | tr -d '\r' >"$w/records"
id=$(head -n 1 "$w/records" | sed -n 's/.* run=\([0-9a-f]\{8\}\) .*/\1/p')
[ -n "$id" ] || bad "fixture has no run id"
size=$(wc -c <"$w/records")
half=$((size / 2))
mkdir "$w/efivars"
{ printf '\007\000\000\000'; head -c "$half" "$w/records"; } >"$w/efivars/SbmResult0-$guid"
{ printf '\007\000\000\000'; tail -c +$((half + 1)) "$w/records"; } >"$w/efivars/SbmResult1-$guid"
# another vendor's variable of the same name is not ours
printf '\007\000\000\000junk' >"$w/efivars/SbmResult2-00000000-0000-0000-0000-000000000000"

"$fetch" --efivars "$w/efivars" --out "$w/results" >"$w/out" 2>&1; rc=$?
[ $rc = 0 ] && ok "fetch exits 0" || { bad "fetch exit $rc"; cat "$w/out"; }
cmp -s "$w/records" "$w/results/$id.log" && ok "results/$id.log = the records, from two variables" || bad "results/$id.log differs"
[ -f "$w/efivars/SbmResult0-$guid" ] && ok "without --delete the variables stay" || bad "variables deleted without --delete"
"$SBM_BUILDDIR/sbmlog" check "$w/results/$id.log" >/dev/null && ok "sbmlog check: every record passes" || bad "sbmlog check of the fetched log"

# It runs as root and the variables are the only copy: no write through a
# symbolic link, no log replaced, and with --delete nothing deleted
# unless the log is safely there.
vars_left() { [ -f "$w/efivars/SbmResult0-$guid" ] && [ -f "$w/efivars/SbmResult1-$guid" ]; }
mkdir "$w/links"
echo precious >"$w/victim"
ln -s "$w/victim" "$w/links/$id.log"
"$fetch" --efivars "$w/efivars" --out "$w/links" --delete >"$w/out" 2>&1; rc=$?
[ $rc = 1 ] && grep -q 'symbolic link: refused' "$w/out" && [ "$(cat "$w/victim")" = precious ] && vars_left &&
	ok "a symbolic link at the log: refused, its target untouched, variables kept" || bad "symlink at the log (exit $rc): $(cat "$w/out")"
mkdir "$w/real"
ln -s "$w/real" "$w/linkdir"
"$fetch" --efivars "$w/efivars" --out "$w/linkdir" --delete >"$w/out" 2>&1; rc=$?
[ $rc = 1 ] && grep -q 'symbolic link: refused' "$w/out" && [ -z "$(ls -A "$w/real")" ] && vars_left &&
	ok "a symbolic link as the out directory: refused, variables kept" || bad "symlink as --out (exit $rc)"
mkdir "$w/kept"
echo "another run's log" >"$w/kept/$id.log"
"$fetch" --efivars "$w/efivars" --out "$w/kept" >"$w/out" 2>&1; rc=$?
[ $rc = 0 ] && [ "$(cat "$w/kept/$id.log")" = "another run's log" ] && cmp -s "$w/records" "$w/kept/$id-2.log" &&
	ok "a different log of that name kept, the result in $id-2.log" || bad "existing log (exit $rc): $(cat "$w/out")"
"$fetch" --efivars "$w/efivars" --out "$w/kept" >"$w/out" 2>&1; rc=$?
[ $rc = 0 ] && grep -q "already fetched as $w/kept/$id-2.log" "$w/out" && [ ! -e "$w/kept/$id-3.log" ] &&
	ok "fetched again: the identical log counts, no copy" || bad "identical log duplicated (exit $rc)"
[ -z "$(find "$w/kept" "$w/links" "$w/results" -name '.sbmfetch.*')" ] && ok "no temp file left beside the logs" || bad "temp files left"
# a write that cannot happen, even for root: a directory under a file
echo file >"$w/afile"
"$fetch" --efivars "$w/efivars" --out "$w/afile/results" --delete >"$w/out" 2>&1; rc=$?
[ $rc = 1 ] && grep -q 'the variables stay' "$w/out" && vars_left &&
	ok "out directory cannot be made: exit 1, variables kept" || bad "unwritable out (exit $rc)"

"$fetch" --efivars "$w/efivars" --out "$w/results2" --delete >"$w/out" 2>&1; rc=$?
[ $rc = 0 ] && cmp -s "$w/records" "$w/results2/$id.log" && ok "--delete: fetched again" || bad "--delete: exit $rc"
[ ! -e "$w/efivars/SbmResult0-$guid" ] && [ ! -e "$w/efivars/SbmResult1-$guid" ] && ok "--delete removed both parts" || bad "parts left after --delete"
[ -e "$w/efivars/SbmResult2-00000000-0000-0000-0000-000000000000" ] && ok "another vendor's variable untouched" || bad "deleted a foreign variable"

"$fetch" --efivars "$w/efivars" --out "$w/results3" >"$w/out" 2>&1; rc=$?
[ $rc = 1 ] && grep -q "no saved sbmbench result" "$w/out" && ok "nothing saved: exit 1, said so" || bad "nothing saved: exit $rc"
"$fetch" --efivars "$w/none" >"$w/out" 2>&1; rc=$?
[ $rc = 1 ] && grep -q "no efivarfs" "$w/out" && ok "no efivarfs: exit 1, said so" || bad "no efivarfs: exit $rc"
"$fetch" --bogus >"$w/out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q "unknown option" "$w/out" && ok "unknown option: exit 2" || bad "unknown option: exit $rc"
exit $fail
