/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AMD legacy cache leaves (amd_cache.h), from the field layouts in AMD's
 * CPUID specification.  Pure, so the host tests run the image's code.
 */
#include "amd_cache.h"

#define L1_ASSOC_FULL	0xff
#define L23_ASSOC_FULL	0xf

/* 1 when the fields describe a cache the model can hold, else 0. */
static int fill(struct topo_cache *c, uint32_t level,
		enum topo_cache_type type, uint64_t size, uint32_t line,
		uint32_t ways)
{
	if (!size || size > UINT32_MAX || !line || !ways ||
	    (uint64_t)ways * line > size)
		return 0;
	*c = (struct topo_cache){
		.level = level,
		.type = type,
		.size = (uint32_t)size,
		.line = line,
		.ways = ways,
		.sets = (uint32_t)(size / ((uint64_t)ways * line)),
	};
	return 1;
}

/* L1: sizes in KiB, an 8-bit way count (0xff: fully associative). */
static int l1(struct topo_cache *c, uint32_t r, enum topo_cache_type type)
{
	uint32_t size = (r >> 24) * 1024, line = r & 0xff;
	uint32_t ways = (r >> 16) & 0xff;

	if (ways == L1_ASSOC_FULL)
		ways = line ? size / line : 0;
	return fill(c, 1, type, size, line, ways);
}

/* L2 and L3: a 4-bit code for the associativity. */
static uint32_t l23_ways(uint32_t code, uint64_t size, uint32_t line)
{
	/* 0 disabled, 7 reserved, 9 "see 0x8000001D": none of them usable */
	static const uint8_t ways[16] = {
		[1] = 1, [2] = 2, [3] = 3, [4] = 4, [5] = 6, [6] = 8,
		[8] = 16, [0xa] = 32, [0xb] = 48, [0xc] = 64, [0xd] = 96,
		[0xe] = 128,
	};

	if (code == L23_ASSOC_FULL)
		return line && size / line <= UINT32_MAX ?
		       (uint32_t)(size / line) : 0;
	return ways[code & 0xf];
}

unsigned x86_amd_legacy_caches(const uint32_t *l5, const uint32_t *l6,
			   struct topo_cache out[AMD_LEGACY_CACHES])
{
	unsigned n = 0;

	if (l5) {
		n += l1(&out[n], l5[2], CACHE_DATA);
		n += l1(&out[n], l5[3], CACHE_INST);
	}
	if (l6) {
		uint64_t size = (uint64_t)(l6[2] >> 16) * 1024;
		uint32_t line = l6[2] & 0xff;

		n += fill(&out[n], 2, CACHE_UNIFIED, size, line,
			  l23_ways((l6[2] >> 12) & 0xf, size, line));
		/* L3 size in units of 512 KiB */
		size = (uint64_t)(l6[3] >> 18) * 512 * 1024;
		line = l6[3] & 0xff;
		n += fill(&out[n], 3, CACHE_UNIFIED, size, line,
			  l23_ways((l6[3] >> 12) & 0xf, size, line));
	}
	return n;
}
