/* SPDX-License-Identifier: BSD-2-Clause */
#include "gicr_walk.h"

/* GICR_PIDR2.ArchRev: 3 GICv3, 4 GICv4 (IHI 0069, 12.11.28) */
static int is_redistributor(const struct gicr_io *io, uint64_t rd)
{
	uint32_t arch = (io->rd32(rd + GICR_PIDR2) >> 4) & 0xf;

	return arch == 3 || arch == 4;
}

uint64_t gicr_find(const struct gicr_range *r, unsigned n, uint64_t stride,
		   uint32_t aff, const struct gicr_io *io, unsigned *nbad)
{
	for (unsigned i = 0; i < n; i++) {
		uint64_t o = 0, typer;

		do {
			/* the region ends without Last (no overflow: a
			 * hostile stride may be any multiple of 64 KiB) */
			if (o > r[i].len || r[i].len - o < GICR_FRAME)
				break;
			if (!is_redistributor(io, r[i].base + o)) {
				(*nbad)++;
				break;
			}
			typer = io->rd64(r[i].base + o + GICR_TYPER);
			if ((uint32_t)(typer >> 32) == aff)
				return r[i].base + o;
			if (stride)
				o += stride;
			else
				o += typer & TYPER_VLPIS ? 2 * GICR_FRAME :
				     GICR_FRAME;
		} while (!(typer & TYPER_LAST));
	}
	return 0;
}
