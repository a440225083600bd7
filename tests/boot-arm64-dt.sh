#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# arm64 UEFI image with -machine virt,acpi=off: no RSDP, the firmware puts
# QEMU's DTB in the configuration table; CPUs, PSCI method, cpu-map,
# numa-node-id, distance-map and the PL011 (stdout-path) come from it.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"

boot_check dt-smp4-numa "cpus=4 packages=2 nodes=2 llcs=2 smt=1 dist=10,20" -- \
	--arch arm64 --image "$SBM_BUILDDIR/BOOTAA64.EFI" --smp 4 \
	--topology sockets=2,clusters=1,cores=2 --numa 2 --numa-dist 20 \
	--qemu-arg -machine --qemu-arg virt,acpi=off --timeout 120 \
	-- iters=2000 reps=2 timeout_ms=20000
grep -q '^topo .*llc_source=inferred-cpu-map-cluster node_source=dt-numa-node-id' "$boot_tmp/rec" &&
	ok "sources: cpu-map clusters, numa-node-id" || bad "topo sources: $(grep '^topo' "$boot_tmp/rec")"
grep -q 'tables dt, PSCI .* via hvc, console pl011@0x9000000 (dt-stdout-path)' "$boot_tmp/dt-smp4-numa.log" &&
	ok "DT: PSCI via hvc, PL011 from stdout-path" || bad "DT banner missing"
boot_done
