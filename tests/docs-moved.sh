#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# docs-moved.sh OLD_README [DOCS_ROOT]: nothing of an old README was lost
# when its text moved into README.md and docs/**/*.md under DOCS_ROOT
# (default: this script's ../).  Checked: every heading of OLD_README is a
# heading there (same words, any level); every option key (the first
# column's `code` of its "## Options" table), every record kind and key
# (the words of the `code` spans of its "## Console records" table) and
# every `code` span of the form key=value appears there.  Prints each
# missing item, then one summary line; exits 1 when any is missing.
set -u
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -r "$1" ]; then
	echo "usage: $0 OLD_README [DOCS_ROOT]" >&2
	exit 2
fi
old=$1
root=${2:-$(dirname "$0")/..}
if [ ! -r "$root/README.md" ] || [ ! -d "$root/docs" ]; then
	echo "docs-moved: no README.md and docs/ under $root" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
	cat "$root/README.md"
	find "$root/docs" -name '*.md' -type f -exec cat {} +
} >"$tmp/new" || exit 2

awk -v newfile="$tmp/new" '
function norm(s) { gsub(/[ \t]+/, " ", s); return s }
function htext(s) { sub(/^#+[ \t]*/, "", s); sub(/[ \t]+$/, "", s); return s }
# the backquoted spans of s, into spans[1..n]; returns n
function code_spans(s, n) {
	n = 0
	while (match(s, /`[^`]*`/)) {
		spans[++n] = substr(s, RSTART + 1, RLENGTH - 2)
		s = substr(s, RSTART + RLENGTH)
	}
	return n
}
function missing(what, item) { print "missing " what ": " item; nmiss++ }
BEGIN {
	# the new text: its headings, its words, and all of it on one line
	while ((getline line <newfile) > 0) {
		if (line ~ /^```/)
			fence = !fence
		if (line ~ /^#/ && !fence)
			heads[htext(line)] = 1
		all = all " " line
		m = split(line, w, /[^A-Za-z0-9_.-]+/)
		for (i = 1; i <= m; i++)
			words[w[i]] = 1
	}
	all = norm(all)
}
# the old README, whole, for spans that go over a line end
{ text = text " " $0 }
/^```/ { fence = !fence }
/^#/ && !fence {
	h = htext($0); nhead++
	if (!(h in heads))
		missing("heading", $0)
}
/^## / { sect = $0 }
sect == "## Options" && /^\| `/ {
	split($0, cell, "|")
	n = code_spans(cell[2])
	for (i = 1; i <= n; i++) {
		nopt++
		if (index(all, "`" spans[i] "`") == 0)
			missing("option", spans[i])
	}
}
sect == "## Console records" && /^\| `/ {
	n = code_spans($0)
	for (i = 1; i <= n; i++) {
		s = spans[i]
		gsub(/\([^)]*\)/, "", s)
		gsub(/[][,;:]/, " ", s)
		m = split(s, w, " ")
		for (j = 1; j <= m; j++)
			if (w[j] ~ /^[a-z][a-z0-9_-]*$/ && !(w[j] in recseen)) {
				recseen[w[j]] = 1; nrec++
				if (!(w[j] in words))
					missing("record name", w[j])
			}
	}
}
END {
	text = norm(text)
	n = code_spans(text)
	for (i = 1; i <= n; i++) {
		s = spans[i]
		if (s !~ /^[A-Za-z_][A-Za-z0-9_]*=/ || (s in kvseen))
			continue
		kvseen[s] = 1; nkv++
		if (index(all, "`" s "`") == 0)
			missing("key=value span", "`" s "`")
	}
	printf "docs-moved: %d headings, %d options, %d record names, " \
		"%d key=value spans checked, %d missing\n", \
		nhead, nopt, nrec, nkv, nmiss
	exit (nmiss > 0)
}' "$old"
