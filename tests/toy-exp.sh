#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# CONTRIBUTING.md's walk-through, done by a script: the toy experiment of
# tests/toy-exp/ (its file, its option's file, one registry line, its
# record kind's schema rows) built into the twin from the twin's objects,
# then run: its option parsed and shown in --help, its record out, a bad
# value refused naming the key, experiment= listing it.
set -u
toy=$SBM_SRCDIR/tests/toy-exp
env=$SBM_BUILDDIR/tests/toy-exp.env
[ -r "$env" ] || { echo "FAIL: no $env (make tests/toy-exp.env)"; exit 1; }
CC='' CFLAGS='' CPPFLAGS='' OBJECTS=''
# shellcheck source=/dev/null
. "$env"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

# the tree's registry and schema, each with the toy's lines added
mkdir -p "$work/inc/exp" "$work/inc/out"
awk -v add="$toy/registry.line" '
	/a new experiment: one line above this one/ {
		while ((getline l < add) > 0) print l
		n++
	}
	{ print }
	END { if (n != 1) exit 1 }' \
	"$SBM_SRCDIR/core/exp/experiments.h" >"$work/inc/exp/experiments.h" ||
	{ echo "FAIL: experiments.h has no line to add before"; exit 1; }
cat "$SBM_SRCDIR/core/out/record_schema.def" "$toy/record_schema.rows" \
	>"$work/inc/out/record_schema.def"

cc_one() {
	# shellcheck disable=SC2086 # flags are lists
	$CC $CFLAGS -I"$work/inc" -I"$SBM_SRCDIR/core" $CPPFLAGS \
		-c "$1" -o "$work/$(basename "$1" .c).o"
}
for f in "$SBM_SRCDIR/core/exp/experiments.c" \
	"$SBM_SRCDIR/core/exp/experiment_options.c" \
	"$SBM_SRCDIR/core/out/record_schema.c" "$toy/exp_toy.c" \
	"$toy/exp_toy_options.c"; do
	cc_one "$f" || { echo "FAIL: compile $f"; exit 1; }
done
objs=
for o in $OBJECTS; do
	case $o in
	*-experiments.o | *-experiment_options.o | *-record_schema.o) ;;
	*) objs="$objs $SBM_BUILDDIR/$o" ;;
	esac
done
# shellcheck disable=SC2086 # lists
$CC $CFLAGS -o "$work/toy-twin" $objs "$work"/*.o -lpthread -lm ||
	{ echo "FAIL: link the twin with the toy"; exit 1; }
ok "the twin built with the toy experiment"

twin=$work/toy-twin
if "$twin" experiment=toy toy_reads=5 >"$work/five.log" 2>&1 &&
	grep -Eq '^@sbm toy v=1 run=[0-9a-f]+ reads=5 min_ticks=[0-9]+ ' \
		"$work/five.log" &&
	grep -q '^@sbm end .* status=ok' "$work/five.log"; then
	ok "toy_reads=5 reaches the toy's record"
else
	bad "experiment=toy toy_reads=5"
	tail -n 20 "$work/five.log"
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
