/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Finding a CPU's GICv3/v4 redistributor in the firmware's redistributor
 * regions, as the GIC architecture lays them out (Arm IHI 0069, 9.1 and
 * 12.11: an RD_base and an SGI_base frame of 64 KiB each, two more VLPI
 * frames where GICR_TYPER.VLPIS says so, GICR_TYPER.Last on the region's
 * last one) and as Linux walks them: each frame's GICR_PIDR2 must say
 * GICv3 or GICv4 before it is believed, and a DT "redistributor-stride"
 * replaces the architectural step (some implementations pad frames).
 * Pure: the reads come in as functions, so the host test gives it a made
 * memory.
 */
#ifndef SBM_ARM64_GICR_WALK_H
#define SBM_ARM64_GICR_WALK_H

#include <stdint.h>

#define GICR_FRAME	0x20000ull	/* RD_base + SGI_base */
#define GICR_TYPER	0x0008
#define GICR_PIDR2	0xffe8
#define TYPER_VLPIS	(1ull << 1)
#define TYPER_LAST	(1ull << 4)

struct gicr_range {
	uint64_t base, len;
};

struct gicr_io {
	uint32_t (*rd32)(uint64_t addr);
	uint64_t (*rd64)(uint64_t addr);
};

/*
 * The RD_base of the redistributor whose GICR_TYPER affinity is @aff (as
 * GICR_TYPER[63:32] spells it), or 0.  @stride: the DT's
 * redistributor-stride, 0 for the architectural step.  *@nbad counts the
 * regions whose walk stopped at a frame that is no redistributor.
 */
uint64_t gicr_find(const struct gicr_range *r, unsigned n, uint64_t stride,
		   uint32_t aff, const struct gicr_io *io, unsigned *nbad);

#endif
