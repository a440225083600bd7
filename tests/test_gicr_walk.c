/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The redistributor walk (arch/arm64/gicr_walk.c) over made memory laid
 * out by the GIC architecture (IHI 0069): GICv3 frames of 128 KiB, GICv4
 * frames of 256 KiB (GICR_TYPER.VLPIS), a DT redistributor-stride that
 * pads them, GICR_TYPER.Last, and a frame whose GICR_PIDR2 says no
 * redistributor (the walk must stop there, as Linux's does, instead of
 * believing the GICR_TYPER it would read).
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "../arch/arm64/gicr_walk.h"

#define BASE	0x8000000ull
#define SPAN	0x400000ull	/* 4 MiB of made MMIO */

static uint8_t mem[SPAN];

static uint32_t rd32(uint64_t a)
{
	uint32_t v = 0;

	if (a >= BASE && a + 4 <= BASE + SPAN)
		memcpy(&v, mem + (a - BASE), 4);
	return v;
}

static uint64_t rd64(uint64_t a)
{
	uint64_t v = 0;

	if (a >= BASE && a + 8 <= BASE + SPAN)
		memcpy(&v, mem + (a - BASE), 8);
	return v;
}

static const struct gicr_io io = { rd32, rd64 };

/* One redistributor at @off: @arch in GICR_PIDR2, @aff in GICR_TYPER. */
static void frame(uint64_t off, unsigned arch, uint32_t aff, uint64_t flags)
{
	uint32_t pidr2 = arch << 4 | 0xb;	/* JEDEC bits below */
	uint64_t typer = (uint64_t)aff << 32 | flags;

	memcpy(mem + off + GICR_PIDR2, &pidr2, 4);
	memcpy(mem + off + GICR_TYPER, &typer, 8);
}

int main(void)
{
	struct gicr_range r = { BASE, 4 * GICR_FRAME };
	unsigned bad = 0;

	/* GICv3: four CPUs, 128 KiB apart, Last on the fourth */
	for (unsigned i = 0; i < 4; i++)
		frame(i * GICR_FRAME, 3, i, i == 3 ? TYPER_LAST : 0);
	CHECK_EQ_U64(gicr_find(&r, 1, 0, 2, &io, &bad), BASE + 2 * GICR_FRAME);
	CHECK_EQ_U64(gicr_find(&r, 1, 0, 9, &io, &bad), 0);
	CHECK_EQ_U64(bad, 0);

	/* GICv4 with VLPIS: 256 KiB apart */
	memset(mem, 0, sizeof(mem));
	r.len = 8 * GICR_FRAME;
	for (unsigned i = 0; i < 4; i++)
		frame(i * 2 * GICR_FRAME, 4, 0x100 + i,
		      TYPER_VLPIS | (i == 3 ? TYPER_LAST : 0));
	CHECK_EQ_U64(gicr_find(&r, 1, 0, 0x103, &io, &bad),
		     BASE + 6 * GICR_FRAME);

	/* a DT redistributor-stride of 512 KiB: GICv3 frames padded */
	memset(mem, 0, sizeof(mem));
	for (unsigned i = 0; i < 4; i++)
		frame(i * 0x80000, 3, i, i == 3 ? TYPER_LAST : 0);
	r.len = 4 * 0x80000;
	CHECK_EQ_U64(gicr_find(&r, 1, 0x80000, 3, &io, &bad),
		     BASE + 3 * 0x80000);
	/* without the stride the architectural step finds nothing there */
	CHECK_EQ_U64(gicr_find(&r, 1, 0, 3, &io, &bad), 0);
	CHECK_EQ_U64(bad, 1);	/* it met a frame that is no redistributor */

	/* a hostile stride that would wrap the offset: the walk ends */
	CHECK_EQ_U64(gicr_find(&r, 1, 0xffffffffffff0000ull, 3, &io, &bad), 0);

	/* a frame whose GICR_PIDR2 is not GICv3/v4 ends the walk, even
	 * with a GICR_TYPER that would match behind it */
	memset(mem, 0, sizeof(mem));
	bad = 0;
	r.len = 4 * GICR_FRAME;
	frame(0, 3, 0, 0);
	frame(GICR_FRAME, 2, 1, 0);		/* a GICv2-era ID: no */
	frame(2 * GICR_FRAME, 3, 2, TYPER_LAST);
	CHECK_EQ_U64(gicr_find(&r, 1, 0, 2, &io, &bad), 0);
	CHECK_EQ_U64(bad, 1);
	CHECK_EQ_U64(gicr_find(&r, 1, 0, 0, &io, &bad), BASE);

	/* a region that ends without Last: no read past its end */
	memset(mem, 0, sizeof(mem));
	bad = 0;
	frame(0, 3, 0, 0);
	frame(GICR_FRAME, 3, 1, 0);
	frame(2 * GICR_FRAME, 3, 2, TYPER_LAST);
	r.len = 2 * GICR_FRAME;
	CHECK_EQ_U64(gicr_find(&r, 1, 0, 2, &io, &bad), 0);
	CHECK_EQ_U64(bad, 0);

	/* two regions: the second searched when the first has no match */
	{
		struct gicr_range two[2] = {
			{ BASE, 2 * GICR_FRAME },
			{ BASE + 0x200000, 2 * GICR_FRAME },
		};

		memset(mem, 0, sizeof(mem));
		frame(0, 3, 0, 0);
		frame(GICR_FRAME, 3, 1, TYPER_LAST);
		frame(0x200000, 3, 2, 0);
		frame(0x200000 + GICR_FRAME, 3, 3, TYPER_LAST);
		CHECK_EQ_U64(gicr_find(two, 2, 0, 3, &io, &bad),
			     BASE + 0x200000 + GICR_FRAME);
	}
	return check_done("test_gicr_walk");
}
