#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The corpus refresher (tests/acpi/real-topo/extract-raw.py) round-trips
# iasl's raw dumps and refuses damaged ones: tests/real-topo-extract.py.
set -u
command -v iasl >/dev/null 2>&1 || { echo "FAIL: iasl not found (acpica-tools)"; exit 1; }
exec python3 "$SBM_SRCDIR/tests/real-topo-extract.py" \
	"$SBM_SRCDIR/tests/acpi/real-topo/extract-raw.py" \
	"$SBM_SRCDIR/tests/acpi/real-topo"
