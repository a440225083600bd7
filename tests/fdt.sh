#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Compile the DT fixtures with dtc, add the QEMU dumps, run the parser test.
# Without dtc this fails (it is a dependency, not an option).
set -eu
dtc=${DTC:-dtc}
if [ "$dtc" = no ] || ! command -v "$dtc" >/dev/null 2>&1; then
	echo "FAIL: dtc not found, the FDT fixtures cannot be compiled:" \
		"install the Debian package device-tree-compiler (tools/install-deps does)"
	exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for f in "$SBM_SRCDIR"/tests/fdt/*.dts; do
	"$dtc" -I dts -O dtb -o "$dir/$(basename "$f" .dts).dtb" "$f"
done
cp "$SBM_SRCDIR"/tests/fdt/*.dtb "$dir/"
rc=0
"$SBM_BUILDDIR/tests/test_fdt" "$dir" || rc=1
"$SBM_BUILDDIR/tests/test_fdt_topo" "$dir" || rc=1
exit $rc
