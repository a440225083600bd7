#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# docs/records.md's record table ("## Console records") against the
# record schema (core/output/record_schema.def): the same kinds, and for
# each the same keys.  A row's keys are its first `code` span and every
# span that starts with '[' (optional keys); "by(llc/node)" is the key by.
set -u
readme=$SBM_SRCDIR/docs/records.md
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

"$SBM_BUILDDIR/sbmlog" schema >"$out/dump" || bad "sbmlog schema"
awk '$1 == "key" { print $2, $3 } $1 == "kind" { print $2, "-" }' "$out/dump" | sort >"$out/schema"
awk -F'|' '/^## Console records/ { on = 1; next } /^## / { on = 0 }
	on && /^\| `/ {
		n = split($2, kinds, ",")
		s = $3; first = 1; keys = ""
		while (match(s, /`[^`]*`/)) {
			span = substr(s, RSTART + 1, RLENGTH - 2)
			s = substr(s, RSTART + RLENGTH)
			if (first || substr(span, 1, 1) == "[")
				keys = keys " " span
			first = 0
		}
		gsub(/[][]/, " ", keys)
		m = split(keys, k, " ")
		for (i = 1; i <= n; i++) {
			kind = kinds[i]; gsub(/[` ]/, "", kind)
			print kind, "-"
			for (j = 1; j <= m; j++) { key = k[j]; sub(/\(.*/, "", key); print kind, key }
		}
	}' "$readme" | sort -u >"$out/readme"
[ -s "$out/readme" ] && [ -s "$out/schema" ] || bad "no table or no schema read"
comm -23 "$out/schema" "$out/readme" >"$out/missing"
comm -13 "$out/schema" "$out/readme" >"$out/extra"
[ -s "$out/missing" ] && bad "in the schema, not in docs/records.md's table (kind key; - the kind): $(tr '\n' ';' <"$out/missing")" ||
	ok "every schema kind and key in docs/records.md ($(wc -l <"$out/schema") rows)"
[ -s "$out/extra" ] && bad "in docs/records.md's table, not in the schema: $(tr '\n' ';' <"$out/extra")" ||
	ok "nothing in docs/records.md's table the schema lacks"
exit $fail
