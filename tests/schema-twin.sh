#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The record schema (core/output/record_schema.def) holds what the Linux twin
# really prints: every experiment with small figures, the test switch's
# wrong-answer path (warn records, test_stale), pair mode.  Every record's
# kind and keys must be in the schema, each value of its declared type:
# a key added without its schema row fails here.
set -u
twin=$SBM_BUILDDIR/sbmbench-linux
twin_hooks=$SBM_BUILDDIR/tests/sbmbench-linux-hooks
check=$SBM_BUILDDIR/tests/schema-check
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

run() {
	name=$1
	shift
	"$@" >"$out/$name.log" 2>&1
	rc=$?
	grep -q '^@sbm end ' "$out/$name.log" && ok "$name: ran (exit $rc)" || bad "$name: no end record (exit $rc)"
}
run all "$twin" experiment=sbm,scale,c2c,noise,rw iters=2000 reps=2 c2c_rounds=20 \
	noise_s=0.05 rw_ms=5 layouts=global,llc,private
run pair "$twin" mode=pair iters=1000 reps=2
run stale "$twin_hooks" experiment=rw rw_ms=5 layouts=global,llc-u8 rw_test_stale=1

if "$check" logs "$out"/*.log >"$out/check.txt"; then
	ok "every kind and key in the schema, values of their types"
else
	bad "records unlike the schema:"
	grep -v '^seen ' "$out/check.txt"
fi
# the check saw what the runs print, not an empty set
for k in hello topo cpu llc node config result group proof c2c-plan c2c noise-plan noise \
	scale-plan scale scale-summary rw-plan rw warn end; do
	grep -q "^seen $k " "$out/check.txt" || bad "no $k record checked"
done
grep -q '^seen rw-plan test_stale$' "$out/check.txt" && ok "test_stale checked" || bad "test_stale not seen"
# and a record unlike the schema is caught
printf '@sbm result v=1 run=0000abcd layout=global bogus_key=1\n' |
	"$SBM_BUILDDIR/tests/sbm-sign" >"$out/forged.txt"
printf '@sbm result v=1 run=0000abcd layout=global cpus=two\n@sbm frob v=1 run=0000abcd\n' |
	"$SBM_BUILDDIR/tests/sbm-sign" >>"$out/forged.txt"
"$check" logs "$out/forged.txt" >"$out/forged.out" && bad "forged records passed" ||
	{ [ "$(grep -vc '^seen ' "$out/forged.out")" = 3 ] && ok "unknown key, mistyped value and unknown kind caught" ||
		bad "forged records: $(cat "$out/forged.out")"; }
exit $fail
