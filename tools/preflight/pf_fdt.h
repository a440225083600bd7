/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The image's view of a device-tree machine (riscv64 always, arm64
 * without ACPI): the same decoders and glue the images run
 * (core/fw/fdt*.c, fdt_topo.c), over /sys/firmware/fdt or a DTB file.
 */
#ifndef SBM_TOOLS_PF_FDT_H
#define SBM_TOOLS_PF_FDT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "topo/topo.h"

/* Whether @blob (@len bytes) starts as a flattened device tree. */
bool pf_fdt_is(const void *blob, size_t len);

/*
 * The topology of the DTB @blob (@len bytes) into @t (topo_init() done),
 * finalized, with its distances; *arch "riscv64" or "arm64".  The boot
 * CPU is the first enabled one (the DT does not say which booted).  0,
 * or -1 with @why.
 */
int pf_fdt_topo(const void *blob, size_t len, struct topo *t,
		const char **arch, const char **why);

/* The bits of a CPU's reg the image keeps as its hardware id on @arch
 * (pf_fdt_topo()'s): MPIDR affinity on arm64, all of a hart id. */
uint64_t pf_fdt_hwid_mask(const char *arch);

#endif
