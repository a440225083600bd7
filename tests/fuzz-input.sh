#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Short libFuzzer runs of what takes input: run options, records, the
# saved result, the screen from a video mode.  Each starts from its seeds
# in tests/fuzz-seeds/ (reproducers of what crashed once stay there) and
# the fixture logs.  Longer runs: FUZZ_SECONDS=600 make check
# TESTS=tests/fuzz-input.sh
set -u
seeds=$SBM_SRCDIR/tests/fuzz-seeds
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
for t in options record result screen acpidump; do
	mkdir "$work/$t"
	cp "$seeds/$t"/* "$work/$t/"
done
# whole logs for the saved result, each record line alone for rec_parse
cp "$SBM_SRCDIR"/tests/logs/*.log "$work/result/"
grep -h -a '@sbm ' "$SBM_SRCDIR"/tests/logs/*.log | head -n 300 |
	split -l 1 - "$work/record/log-"
for t in options record result screen acpidump; do
	# a screen's text past a few lines only scrolls, and costs
	max_len=4096
	[ $t = screen ] && max_len=512
	"$SBM_BUILDDIR/tests/fuzz_$t" -max_total_time="${FUZZ_SECONDS:-5}" \
		-max_len="$max_len" -timeout=10 -artifact_prefix="$work/$t-" \
		-print_final_stats=1 "$work/$t" >"$work/$t.out" 2>&1
	rc=$?
	grep -E "stat::number_of_executed_units|ERROR|SUMMARY" "$work/$t.out" |
		head -5
	if [ $rc -ne 0 ]; then
		tail -n 30 "$work/$t.out"
		for a in "$work/$t"-*; do
			[ -f "$a" ] && echo "reproducer: $a" && od -c "$a" | head -20
		done
		echo "FAIL: fuzz_$t exit $rc"
		fail=1
	else
		echo "ok: fuzz_$t"
	fi
done
exit $fail
