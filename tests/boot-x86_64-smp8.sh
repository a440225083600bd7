#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# x86_64 UEFI image, 2 sockets x 2 cores x 2 threads on 2 NUMA nodes with
# CPUID leaf 4 (vendor=GenuineIntel, qemu-run's default): one L3 per
# socket, nodes from SRAT, distances from SLIT; leaves in their node's
# memory (SRAT memory affinity).
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"

boot_check smp8-numa "cpus=8 packages=2 nodes=2 llcs=2 smt=2 dist=10,21 placement=node" -- \
	--arch x86_64 --image "$SBM_BUILDDIR/BOOTX64.EFI" --smp 8 \
	--topology sockets=2,cores=2,threads=2 --numa 2 --numa-dist 21 \
	--cpu max,vendor=GenuineIntel --timeout 90 -- iters=2000 reps=2 timeout_ms=20000
grep -q '^topo .*llc_source=cpuid-4 node_source=srat' "$boot_tmp/rec" &&
	ok "sources: cpuid-4, srat" || bad "topo sources: $(grep '^topo' "$boot_tmp/rec")"
boot_done
