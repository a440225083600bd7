#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# A short libFuzzer run of the log reader and reports, seeded with the
# fixture logs.  Longer runs: FUZZ_SECONDS=600 make check TESTS=tests/fuzz.sh
set -u
fuzz=$SBM_BUILDDIR/tests/fuzz_logparse
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus"
cp "$SBM_SRCDIR"/tests/logs/*.log "$SBM_SRCDIR"/tests/logs/map/*.log "$work/corpus/"
"$fuzz" -max_total_time="${FUZZ_SECONDS:-15}" -max_len=8192 \
	-artifact_prefix="$work/" -print_final_stats=1 "$work/corpus" \
	>"$work/out" 2>&1
rc=$?
tail -n 20 "$work/out"
if [ $rc -ne 0 ]; then
	for a in "$work"/crash-* "$work"/leak-* "$work"/timeout-*; do
		[ -f "$a" ] && echo "reproducer: $a" && od -c "$a" | head -20
	done
	echo "FAIL: fuzz_logparse exit $rc"
	exit 1
fi
echo "ok: fuzz_logparse"
