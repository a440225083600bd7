#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tools/preflight --from over 136 real machines' MADT, SRAT and SLIT
# (tests/acpi/real-topo/), held against iasl -d: tests/preflight-real.py.
set -u
command -v iasl >/dev/null 2>&1 || { echo "FAIL: iasl not found (acpica-tools)"; exit 1; }
exec python3 "$SBM_SRCDIR/tests/preflight-real.py" \
	"$SBM_BUILDDIR/tests/preflight-asan" "$SBM_SRCDIR/tests/acpi/real-topo"
