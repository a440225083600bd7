#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# x86_64 UEFI image on QEMU's "max" CPU under TCG: AMD vendor, leaf 4 all
# zero and no CPUID 0x8000001D, so the caches come from the legacy leaves
# 0x80000005/6.  Every level gets a cache record, L3 is shared by a
# package (2 sockets: 2 LLCs), and llc_source says the sharing was
# inferred from those leaves.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"

boot_check amd-legacy "cpus=4 packages=2 llcs=2 nodes=1 smt=1" -- \
	--arch x86_64 --image "$SBM_BUILDDIR/BOOTX64.EFI" --smp 4 \
	--topology sockets=2,cores=2,threads=1 --cpu max --timeout 90 \
	-- iters=2000 reps=2 timeout_ms=20000
grep -q '^topo .*llc_source=inferred-cpuid-80000006-package ' "$boot_tmp/rec" &&
	ok "llc_source names the legacy leaf" || bad "topo: $(grep '^topo' "$boot_tmp/rec")"
for want in "level=1 type=data" "level=1 type=inst" "level=2 type=unified"; do
	grep -q "^cache .*$want .*shared_by=1 instances=4" "$boot_tmp/rec" &&
		ok "cache record: $want, one per core" || bad "no per-core cache record $want"
done
grep -q '^cache .*level=3 type=unified .*shared_by=2 instances=2' "$boot_tmp/rec" &&
	ok "cache record: L3, one per package" || bad "L3: $(grep '^cache' "$boot_tmp/rec")"
# geometry holds together: size = ways x sets x line for every cache
awk '$1 == "cache" { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	n++; if (v["size"] != v["ways"] * v["sets"] * v["line"] || v["size"] == 0) bad++ }
	END { exit !(n >= 4 && !bad) }' "$boot_tmp/rec" &&
	ok "every cache record: size = ways x sets x line" ||
	bad "cache geometry: $(grep '^cache' "$boot_tmp/rec")"
boot_done
