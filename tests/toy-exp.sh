#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# CONTRIBUTING.md's walk-through, done by a script: the toy experiment of
# tests/toy-exp/ (its file and one registry line) built into the twin
# from the twin's objects, then run: its option parsed and shown in
# --help, its record out and in the schema, a bad value refused naming
# the key, experiment= listing it.
set -u
toy=$SBM_SRCDIR/tests/toy-exp
env=$SBM_BUILDDIR/tests/toy-exp.env
[ -r "$env" ] || { echo "FAIL: no $env (make tests/toy-exp.env)"; exit 1; }
CC='' CFLAGS='' CPPFLAGS='' OBJECTS='' CC_FOR_BUILD='' SBMLOG_CSRCS=''
EXPERIMENT_CSRCS=''
# shellcheck source=/dev/null
. "$env"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

# the tree's registry (Makefile.am's EXPERIMENT_CSRCS) with the toy's
# line added, made into registry.h as make makes it
mkdir -p "$work/inc/exp"
list="$EXPERIMENT_CSRCS $(sed 's/[\\ 	]//g' "$toy/registry.line")"
# (not as a sub-make of make check: its flags would add directory lines)
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory \
	-C "$SBM_BUILDDIR" registry-h EXPERIMENT_CSRCS="$list" \
	>"$work/inc/exp/registry.h" &&
	grep -qF 'X(rw)' "$work/inc/exp/registry.h" &&
	grep -qF 'X(toy)' "$work/inc/exp/registry.h" ||
	{ echo "FAIL: make registry-h with the toy"; exit 1; }

cc_one() {
	# shellcheck disable=SC2086 # flags are lists
	$CC $CFLAGS -I"$work/inc" -I"$SBM_SRCDIR/core" $CPPFLAGS \
		-c "$1" -o "$work/$(basename "$1" .c).o"
}
for f in "$SBM_SRCDIR/core/exp/experiments.c" \
	"$SBM_SRCDIR/core/exp/experiment_options.c" \
	"$SBM_SRCDIR/core/exp/experiment_records.c" "$toy/core/exp/toy/exp_toy.c"; do
	cc_one "$f" || { echo "FAIL: compile $f"; exit 1; }
done
objs=
for o in $OBJECTS; do
	case $o in
	*-experiments.o | *-experiment_options.o | *-experiment_records.o) ;;
	*) objs="$objs $SBM_BUILDDIR/$o" ;;
	esac
done
# shellcheck disable=SC2086 # lists
$CC $CFLAGS -o "$work/toy-twin" $objs "$work"/*.o -lpthread -lm ||
	{ echo "FAIL: link the twin with the toy"; exit 1; }
ok "the twin built with the toy experiment"

# sbmlog with the toy: its record kind comes from its file alone, its
# host side (one line of report's text) from tests/toy-exp/host_toy.c
srcs=
for f in $SBMLOG_CSRCS; do
	srcs="$srcs $SBM_SRCDIR/$f"
done
# shellcheck disable=SC2086 # lists
if $CC_FOR_BUILD -std=c11 -DSBM_EXP_RECORDS_ONLY -I"$work/inc" \
	-I"$SBM_SRCDIR/core" -I"$SBM_SRCDIR/tools" -o "$work/sbmlog" $srcs \
	"$toy/core/exp/toy/exp_toy.c" "$toy/tools/exp/toy/host_toy.c" -lm &&
	"$work/sbmlog" schema >"$work/schema" &&
	grep -qx 'kind toy list 7 one' "$work/schema" &&
	grep -qx 'key toy min_ticks u64 ticks' "$work/schema"; then
	ok "sbmlog built with the toy knows its record kind"
else
	bad "sbmlog with the toy: no toy kind in its schema"
fi

twin=$work/toy-twin
if "$twin" experiment=toy toy_reads=5 >"$work/five.log" 2>&1 &&
	grep -Eq '^@sbm toy v=1 run=[0-9a-f]+ reads=5 min_ticks=[0-9]+ ' \
		"$work/five.log" &&
	"$work/sbmlog" report --format json "$work/five.log" >/dev/null &&
	grep -q '^@sbm end .* status=ok' "$work/five.log"; then
	ok "toy_reads=5 reaches the toy's record"
else
	bad "experiment=toy toy_reads=5"
	tail -n 20 "$work/five.log"
fi
# the toy's records in every host output with no edit but its two files
# and the registry line: CSV and JSON from the schema, text from its
# host file, the database and the page from the schema
S=$work/sbmlog
# the row: this log, its run id and arch as its hello says, reads=5
run=$(sed -n 's/^@sbm toy v=1 run=\([0-9a-f]*\) .*/\1/p' "$work/five.log" | head -n 1)
arch=$("$S" records "$work/five.log" |
	awk '$1 == "hello" { for (i = 2; i <= NF; i++) if ($i ~ /^arch=/) { sub(/^arch=/, "", $i); print $i; exit } }')
if "$S" report --format csv --table toy "$work/five.log" >"$work/toy.csv" &&
	head -n 1 "$work/toy.csv" | grep -qx 'file,run,arch,reads,min_ticks' &&
	[ -n "$arch" ] && [ -n "$run" ] && [ "$(wc -l <"$work/toy.csv")" = 2 ] &&
	grep -Eq "^$work/five.log,$run,$arch,5,[0-9]+\$" "$work/toy.csv"; then
	ok "csv --table toy: a column per key of its schema"
else
	bad "csv --table toy"
	cat "$work/toy.csv"
fi
if command -v jq >/dev/null 2>&1 &&
	"$S" report --format json "$work/five.log" |
	jq -e '.runs[0].records.toy[0].reads == 5 and (.runs[0].records.toy[0].min_ticks | type == "number")' >/dev/null; then
	ok "json: records.toy typed by the schema"
else
	bad "json: records.toy"
fi
if "$S" report "$work/five.log" | grep -Eq '^toy: 5 reads, the least gap [0-9]+ ticks$'; then
	ok "report text: the toy's line from its host file"
else
	bad "report text: no toy line"
fi
if "$S" tables | grep -qx 'toy csv every toy record, a column per key of the schema'; then
	ok "sbmlog tables lists the toy's kind"
else
	bad "sbmlog tables lacks toy"
fi
py=${SBM_PYTHON:-python3}
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
if command -v "$py" >/dev/null 2>&1; then
	db() {
		SBM_SBMLOG=$S PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$SBM_SRCDIR/tools" \
			"$py" -m sbmdb "$@"
	}
	if db db add --db "$work/r.sqlite" "$work/five.log" >"$work/db.out" 2>&1 &&
		db html -o "$work/page.html" --db "$work/r.sqlite" >>"$work/db.out" 2>&1 &&
		grep -q 'toy' "$work/page.html" && grep -q 'min_ticks' "$work/page.html"; then
		ok "db add and the page: the toy's record shown"
	else
		bad "db add / page: no toy record"
		cat "$work/db.out"
	fi
fi
if "$twin" experiment=toy >"$work/default.log" 2>&1 &&
	grep -q '^@sbm toy .* reads=1000 ' "$work/default.log"; then
	ok "toy_reads defaults to the declared 1000"
else
	bad "toy_reads default"
fi
rc=0
"$twin" experiment=toy toy_reads=0 >"$work/refused.log" 2>&1 || rc=$?
if [ "$rc" = 2 ] && grep -q "bad value '0' for toy_reads (valid: 1..1000000)" \
	"$work/refused.log"; then
	ok "toy_reads=0 refused, naming the key and its range"
else
	bad "toy_reads=0: exit $rc"
	cat "$work/refused.log"
fi
if "$twin" --help | grep -q '^toy_reads=N .*toy: counter reads'; then
	ok "--help lists toy_reads"
else
	bad "--help lacks toy_reads"
fi
rc=0
"$twin" experiment=bogus >"$work/names.log" 2>&1 || rc=$?
if grep -q 'sbm, scale, c2c, noise, rw, toy)' "$work/names.log"; then
	ok "experiment= takes toy, after the registry's others"
else
	bad "experiment= names"
	cat "$work/names.log"
fi
if "$twin" experiment=toy toy_reads=5 experiment=sbm iters=200 reps=1 \
	layouts=global >"$work/sbm.log" 2>&1 &&
	! grep -q '^@sbm toy ' "$work/sbm.log" &&
	! grep -q 'toy_reads' "$work/sbm.log"; then
	ok "experiment=sbm: no toy record, no toy option in the options line"
else
	bad "experiment=sbm ran the toy or showed its option"
fi
exit $fail
