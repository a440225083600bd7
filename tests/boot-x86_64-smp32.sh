#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# 32 CPUs, 2 sockets x 8 cores x 2 threads: every AP started and reported.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"
boot_check smp32 "cpus=32 packages=2 llcs=2 smt=2 cores=16" -- \
	--arch x86_64 --image "$SBM_BUILDDIR/BOOTX64.EFI" --smp 32 \
	--topology sockets=2,cores=8,threads=2 --timeout 240 \
	-- iters=300 reps=1 warmup=10 timeout_ms=20000
boot_done
