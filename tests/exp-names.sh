#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# An experiment's names stay in its folders: its name and its record
# kinds (REC_KIND in core/exp/NAME/; a kind that is also a key of some
# kind, as sbm's "layout", is too common a word to tell) are spelled as a
# string ("name" or 'name') only in core/exp/NAME/ and tools/exp/NAME/.
# Shared code (the engine, the report's frame, compare, the JSON, the
# page, the database) reaches an experiment through its hooks.  The
# places that still spell one are listed below, each with its reason:
# a new one fails, and so does a listed one that is gone (the list stays
# true).  Every place found is printed: where each name is spelled.
set -u
cd "$SBM_SRCDIR" || exit 1
S=$SBM_BUILDDIR/sbmlog
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

# file:word, why it may spell another's name
cat >"$out/allowed" <<'EOF'
core/exp/proof/exp_proof.c:sbm	a companion names the experiment it runs with
core/options/config_engine.c:sbm	experiment='s declared default
core/output/screen.c:result	the QR summary counts the verdict records it holds
core/exp/sbm/sbm_report.c:noise	the verdict word "noise", not the experiment
tools/exp/sbm/sbm_text.c:noise	the verdict word "noise", not the experiment
tools/exp/sbm/sbm_compare.c:noise	the verdict word "noise", not the experiment
tools/exp/sbm/page.py:noise	the verdict word "noise", not the experiment
core/measure/coh_model.c:noise	the verdict word "noise", not the experiment
core/measure/coh_model.h:noise	the verdict word "noise", not the experiment
core/measure/layout_spec.c:group	the layout spec's key group=, not the record
arch/riscv/riscv_main.c:model	the device tree's model property
tools/exp/model/model_map.c:proof	the model explains the measured experiments
tools/exp/model/model_rows.c:rw	the model explains the measured experiments
tools/exp/model/model_rows.c:rw-plan	the model explains the measured experiments
tools/exp/model/model_rows.c:sbm	the model explains the measured experiments
tools/exp/model/model_rows.c:scale	the model explains the measured experiments
tools/exp/model/model_rows.h:sbm	the model explains the measured experiments
tools/exp/model/model_rows.h:scale	the model explains the measured experiments
tools/exp/model/model_report.c:sbm	the model explains the measured experiments
tools/exp/model/model_report.c:scale	the model explains the measured experiments
tools/exp/model/page.py:sbm	the model explains the measured experiments
tools/sbmdb/store.py:result	database schema 1's tables, dropped by the upgrade
tools/sbmdb/store.py:proof	database schema 1's tables, dropped by the upgrade
tools/sbmdb/store.py:c2c	database schema 1's tables, dropped by the upgrade
tools/sbmdb/store.py:scale	database schema 1's tables, dropped by the upgrade
tools/sbmdb/store.py:noise	database schema 1's tables, dropped by the upgrade
tools/sbmdb/store.py:rw	database schema 1's tables, dropped by the upgrade
tools/sbmdb/cli.py:c2c	import-c2c: published core-to-core data
tools/sbmdb/c2clog.py:c2c	import-c2c: published core-to-core data as c2c records
EOF

"$S" experiments >"$out/exps" && [ -s "$out/exps" ] ||
	{ echo "FAIL: sbmlog experiments"; exit 1; }
"$S" schema >"$out/schema" || { echo "FAIL: sbmlog schema"; exit 1; }
# the words of each experiment: "NAME WORD" lines
awk '$1 == "key" { print $3 }' "$out/schema" | sort -u >"$out/keys"
while read -r n; do
	[ -d "core/exp/$n" ] || { bad "no core/exp/$n/ for registry line $n"; continue; }
	echo "$n $n"
	# shellcheck disable=SC2046 # its files, none with a blank
	sed -n 's/.*REC_KIND("\([^"]*\)".*/\1/p' $(find "core/exp/$n" -name '*.c') |
		grep -vxF -f "$out/keys" | sed "s/^/$n /"
done <"$out/exps" | sort -u >"$out/words"
[ "$(wc -l <"$out/words")" -ge 15 ] || bad "only $(wc -l <"$out/words") names read"

# every quoted spelling in one pass, then each kept where it is not its
# experiment's own folder
awk '{ print "\"" $2 "\""; print "\047" $2 "\047" }' "$out/words" >"$out/pats"
find core arch tools -type f \( -name '*.c' -o -name '*.h' -o -name '*.def' \
	-o -name '*.py' \) | LC_ALL=C sort >"$out/files"
xargs grep -oHF -f "$out/pats" <"$out/files" | tr -d "\"'" | sort -u |
	awk -F: 'NR == FNR { own[$2] = own[$2] " " $1; next }
	{ split(own[$2], o, " "); mine = 0
	  for (i in o) if (index($1, "core/exp/" o[i] "/") == 1 ||
	      index($1, "tools/exp/" o[i] "/") == 1) mine = 1
	  if (!mine) print $1 ":" $2 }' \
	FS=' ' "$out/words" FS=: - >"$out/found"
sort -u "$out/found" -o "$out/found"
echo "where an experiment's name or kind is spelled outside its folders:"
sed 's/^/  /' "$out/found"
cut -f1 "$out/allowed" | sort -u >"$out/allow"
cut -d' ' -f1 "$out/found" | sort -u >"$out/places"
new=$(comm -23 "$out/places" "$out/allow")
gone=$(comm -13 "$out/places" "$out/allow")
[ -z "$new" ] && ok "no shared file spells an experiment's name but the $(wc -l <"$out/allow") listed" ||
	bad "spelled outside its folders (reach it through its hooks): $(echo "$new" | tr '\n' ' ')"
[ -z "$gone" ] && ok "every listed place still spells it" ||
	bad "listed but no longer spelled (drop them from the list): $(echo "$gone" | tr '\n' ' ')"
exit $fail
