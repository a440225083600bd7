#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Compile the ACPI fixtures (tests/acpi/*.asl, ACPICA's own table
# templates, edited) with iasl, then run the parser tests on them.
# Without iasl this fails (it is a dependency, not an option).
set -eu
iasl=${IASL:-iasl}
if ! command -v "$iasl" >/dev/null 2>&1; then
	echo "FAIL: iasl not found, the ACPI fixtures cannot be compiled:" \
		"install the Debian package acpica-tools (tools/install-deps does)"
	exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for f in "$SBM_SRCDIR"/tests/acpi/*.asl; do
	name=$(basename "$f" .asl)
	if ! "$iasl" -p "$dir/$name" "$f" >"$dir/$name.log" 2>&1; then
		cat "$dir/$name.log"
		echo "FAIL: iasl could not compile $f"
		exit 1
	fi
done
# real machines' tables (tests/acpi/real/MACHINE/TABLE.dat) as
# real-MACHINE-TABLE.aml beside the compiled ones
for f in "$SBM_SRCDIR"/tests/acpi/real/*/*.dat; do
	m=$(basename "$(dirname "$f")")
	cp "$f" "$dir/real-$m-$(basename "$f" .dat).aml"
done
"$SBM_BUILDDIR/tests/test_acpi" "$dir"
