#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The form of tests/boot-tests.tsv, checked in every tree: a row that is
# malformed, or a check row that names no boot, would otherwise fail late
# (in the tree of its architecture) or, worse, never run.
set -u
table=$SBM_SRCDIR/tests/boot-tests.tsv
hooks=$SBM_SRCDIR/tests/boot-hooks.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

# Per-row rules; prints "line N: what is wrong" for each breach.
awk -F'\t+' -v hooks="$(sed -n 's/^hook_\([a-z0-9_]*\)().*/\1/p' "$hooks" | tr '\n' ' ')" '
BEGIN { n = split(hooks, h, " "); for (i = 1; i <= n; i++) hook[h[i]] = 1 }
/^#/ || /^[ \t]*$/ { next }
$1 == "boot" {
	if (NF != 8) { print "line " NR ": boot row with " NF " fields, want 8"; next }
	if (seen[$2]++) print "line " NR ": boot " $2 " twice"
	if (index($2, $3 "-") != 1) print "line " NR ": name " $2 " does not start with its arch " $3 "-"
	if ($4 != "-" && $4 !~ /^@WORK@\/[^\/]+$/ && $4 !~ /^hooks\/[^\/]+$/ && $4 ~ /\//) print "line " NR ": image " $4 " (-, a build file, hooks/NAME: the test-switch image, or @WORK@/NAME)"
	if ($4 ~ /^@WORK@/ && $8 == "-") print "line " NR ": image " $4 " but no hook makes it"
	if ($5 !~ /^--/) print "line " NR ": qemu-run arguments " $5 " (start with --)"
	if ($5 !~ /--timeout [0-9]+/) print "line " NR ": no --timeout (a hang would stall make check)"
	m = split($6, w, " "); if ($6 != "-") for (i = 1; i <= m; i++)
		if (w[i] !~ /^[a-z_0-9]+=[^ ]+$/) print "line " NR ": image option " w[i] " (key=value)"
	m = split($7, w, " ")
	for (i = 1; i <= m; i++)
		if (w[i] !~ /^(cpus|packages|nodes|llcs|cores|smt|dist|placement|exit|status)=[^ ]+$/ && w[i] != "tier=slow")
			print "line " NR ": expect word " w[i]
	if ($8 != "-" && !($8 in hook)) print "line " NR ": no function hook_" $8 " in tests/boot-hooks.sh"
	print $2 > "'"$out"'/names"
	print $3 > "'"$out"'/arches"
	next
}
$1 == "check" {
	if (NF != 5) { print "line " NR ": check row with " NF " fields, want 5"; next }
	if ($3 !~ /^(rec|log|log=[0-9]+|preflight)$/) print "line " NR ": WHERE " $3 " (rec, log, log=N, preflight)"
	if ($3 == "preflight" && $4 !~ /^[a-z]+:([*]|[a-z_]+(,[a-z_]+)*)( [a-z]+:([*]|[a-z_]+(,[a-z_]+)*))*$/) print "line " NR ": preflight wants KIND:KEYS words, not " $4
	if ($4 ~ / $/) print "line " NR ": regex ends in a space (write [ ])"
	print NR "\t" $2 > "'"$out"'/globs"
	next
}
{ print "line " NR ": unknown row kind " $1 " (boot, check)" }
' "$table" >"$out/errors"
if [ -s "$out/errors" ]; then
	sed 's/^/FAIL: boot-tests.tsv /' "$out/errors"
	fail=1
else
	ok "every row well formed"
fi

# Every check row applies to some boot.
unmatched=0
while IFS='	' read -r line glob; do
	hit=0
	while read -r name; do
		# shellcheck disable=SC2254 # the glob is the point
		case $name in $glob) hit=1 ;; esac
	done <"$out/names"
	[ $hit = 1 ] && continue
	bad "boot-tests.tsv line $line: check row '$glob' matches no boot row"
	unmatched=$((unmatched + 1))
done <"$out/globs"
[ $unmatched != 0 ] || ok "every check row matches a boot row"

# This tree's architecture has boots to run.
n=$(grep -cx "$SBM_ARCH" "$out/arches")
if [ "$n" -gt 0 ]; then ok "$n boot rows for $SBM_ARCH"; else bad "no boot rows for $SBM_ARCH"; fi
exit $fail
