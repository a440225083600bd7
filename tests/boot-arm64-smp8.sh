#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# arm64 UEFI image, 2 sockets x 2 clusters x 2 cores on 2 NUMA nodes:
# packages and clusters from PPTT (no cache structures there, so one LLC
# per cluster), nodes from SRAT GICC affinity, distances from SLIT; leaves
# in their node's memory (SRAT memory affinity).
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"

boot_check smp8-numa "cpus=8 packages=2 nodes=2 llcs=4 smt=1 dist=10,20 placement=node" -- \
	--arch arm64 --image "$SBM_BUILDDIR/BOOTAA64.EFI" --smp 8 \
	--topology sockets=2,clusters=2,cores=2 --numa 2 --numa-dist 20 \
	--timeout 120 -- iters=2000 reps=2 timeout_ms=20000
grep -q '^topo .*llc_source=inferred-pptt-cluster node_source=srat' "$boot_tmp/rec" &&
	ok "sources: inferred-pptt-cluster, srat" || bad "topo sources: $(grep '^topo' "$boot_tmp/rec")"
boot_done
