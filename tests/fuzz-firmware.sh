#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Short libFuzzer runs of the firmware-table parsers: ACPI (from nothing)
# and FDT (seeded with the QEMU device tree dumps).
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
mkdir "$work/acpi" "$work/fdt"
cp "$SBM_SRCDIR"/tests/fdt/*.dtb "$work/fdt/"
for t in acpi fdt; do
	"$SBM_BUILDDIR/tests/fuzz_$t" -max_total_time="${FUZZ_SECONDS:-10}" \
		-max_len=16384 -artifact_prefix="$work/$t-" -print_final_stats=1 \
		"$work/$t" >"$work/$t.out" 2>&1
	rc=$?
	grep -E "stat::number_of_executed_units|ERROR|SUMMARY" "$work/$t.out" | head -5
	if [ $rc -ne 0 ]; then
		tail -n 30 "$work/$t.out"
		echo "FAIL: fuzz_$t exit $rc"
		fail=1
	else
		echo "ok: fuzz_$t"
	fi
done
exit $fail
