/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AMD's legacy cache leaves on the host (arch/x86/amd_cache.c): the
 * values QEMU 7.2 gives its AMD CPUs without 0x8000001D, a family 10h
 * part's, and the fields that must leave a cache out.
 */
#include "amd_cache.h"
#include "check.h"

static void check_cache(const struct topo_cache *c, uint32_t level,
			enum topo_cache_type type, uint32_t size,
			uint32_t line, uint32_t ways, uint32_t sets)
{
	CHECK_EQ_U64(c->level, level);
	CHECK_EQ_U64(c->type, type);
	CHECK_EQ_U64(c->size, size);
	CHECK_EQ_U64(c->line, line);
	CHECK_EQ_U64(c->ways, ways);
	CHECK_EQ_U64(c->sets, sets);
	CHECK_EQ_U64(c->shared_by, 0);
}

/* L1d/L1i 64 KiB 2-way 64 B, L2 512 KiB 16-way, L3 16 MiB 16-way */
static void test_qemu_legacy(void)
{
	uint32_t l5[4] = { 0, 0, 0x40020140, 0x40020140 };
	uint32_t l6[4] = { 0, 0, 0x02008140, 0x00808140 };
	struct topo_cache c[AMD_LEGACY_CACHES];

	CHECK_EQ_U64(x86_amd_legacy_caches(l5, l6, c), 4);
	check_cache(&c[0], 1, CACHE_DATA, 65536, 64, 2, 512);
	check_cache(&c[1], 1, CACHE_INST, 65536, 64, 2, 512);
	check_cache(&c[2], 2, CACHE_UNIFIED, 512 * 1024, 64, 16, 512);
	check_cache(&c[3], 3, CACHE_UNIFIED, 16u << 20, 64, 16, 16384);
}

/* Family 10h: 6 MiB 48-way L3, 512 KiB L2 16-way, 64 KiB 2-way L1 */
static void test_48way(void)
{
	uint32_t l5[4] = { 0, 0, 0x40020140, 0x40020140 };
	uint32_t l6[4] = { 0, 0, (512u << 16) | (0x8 << 12) | 64,
			   (12u << 18) | (0xb << 12) | 64 };
	struct topo_cache c[AMD_LEGACY_CACHES];

	CHECK_EQ_U64(x86_amd_legacy_caches(l5, l6, c), 4);
	check_cache(&c[3], 3, CACHE_UNIFIED, 6u << 20, 64, 48, 2048);
}

static void test_absent(void)
{
	uint32_t l5[4] = { 0, 0, 0x40ff0140, 0 };	/* L1d fully assoc */
	uint32_t l6[4] = { 0, 0, (256u << 16) | (0x9 << 12) | 64, 0 };
	struct topo_cache c[AMD_LEGACY_CACHES];

	/* L1i all zero, L2 "see 0x8000001D", L3 disabled: only L1d */
	CHECK_EQ_U64(x86_amd_legacy_caches(l5, l6, c), 1);
	check_cache(&c[0], 1, CACHE_DATA, 65536, 64, 1024, 1);
	/* no leaves at all */
	CHECK_EQ_U64(x86_amd_legacy_caches(NULL, NULL, c), 0);
	/* L2 code 7 (reserved), L3 fully associative */
	l6[2] = (256u << 16) | (0x7 << 12) | 64;
	l6[3] = (2u << 18) | (0xf << 12) | 64;
	CHECK_EQ_U64(x86_amd_legacy_caches(NULL, l6, c), 1);
	check_cache(&c[0], 3, CACHE_UNIFIED, 1u << 20, 64, 16384, 1);
	/* an L3 size beyond 4 GiB does not fit the model: left out */
	l6[3] = (0x3fffu << 18) | (0x8 << 12) | 64;
	CHECK_EQ_U64(x86_amd_legacy_caches(NULL, l6, c), 0);
	/* a line of 0 or more ways than lines is nonsense: left out */
	l5[2] = 0x40020100;
	l5[3] = 0x01800140;		/* 1 KiB, 128-way, 64 B */
	CHECK_EQ_U64(x86_amd_legacy_caches(l5, NULL, c), 0);
}

int main(void)
{
	test_qemu_legacy();
	test_48way();
	test_absent();
	return check_done("test_amd_cache");
}
