// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host test for arch/x86/tramp_map.c: the AP's temporary page tables are
 * walked here the way the CPU walks them (Intel SDM vol. 3, 4.5: 4-level
 * and 5-level paging, 4 KiB pages), and every page the trampoline needs
 * must translate to itself, present, writable, executable (no XD bit at
 * any level), with no large-page bit on the way.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "tramp_map.h"

#define PHYS	0x90000ull	/* where the tables would sit */

static uint64_t pages[TRAMP_MAP_MAX_PAGES][512];

/* The physical page @a translates to, or ~0 when a walk fails. */
static uint64_t walk(uint64_t cr3, bool la57, uint64_t a, bool *exec,
		     bool *rw)
{
	unsigned levels = la57 ? 5 : 4;
	uint64_t table = cr3 & PTE_ADDR;

	*exec = *rw = true;
	for (unsigned l = levels; l >= 1; l--) {
		unsigned idx = a >> (12 + 9 * (l - 1)) & 511;
		uint64_t e;

		if (table < PHYS || table >= PHYS + sizeof(pages) ||
		    table % 4096)
			return ~0ull;
		e = pages[(table - PHYS) / 4096][idx];
		if (!(e & PTE_P) || (l > 1 && (e & PTE_PS)))
			return ~0ull;
		if (e & PTE_NX)
			*exec = false;
		if (!(e & PTE_RW))
			*rw = false;
		table = e & PTE_ADDR;
	}
	return table | (a & 0xfff);
}

static unsigned used_pages(void)
{
	unsigned n = 0;

	for (unsigned i = 0; i < TRAMP_MAP_MAX_PAGES; i++)
		for (unsigned j = 0; j < 512; j++)
			if (pages[i][j]) {
				n++;
				break;
			}
	return n;
}

static void one(bool la57, const uint64_t *addrs, unsigned n,
		unsigned want_pages)
{
	uint64_t cr3 = 0;
	bool x, w;

	memset(pages, 0, sizeof(pages));
	CHECK(tramp_map_build(pages, PHYS, TRAMP_MAP_MAX_PAGES, la57, addrs,
			      n, &cr3) == 0);
	CHECK_EQ_U64(cr3, PHYS);
	for (unsigned i = 0; i < n; i++) {
		CHECK_EQ_U64(walk(cr3, la57, addrs[i], &x, &w), addrs[i]);
		CHECK(x && w);
		/* the neighbours are not mapped (unless asked for) */
		uint64_t next = (addrs[i] | 0xfff) + 1;
		bool asked = false;

		for (unsigned j = 0; j < n; j++)
			asked |= (addrs[j] & ~0xfffull) == next;
		if (!asked)
			CHECK_EQ_U64(walk(cr3, la57, next, &x, &w), ~0ull);
	}
	CHECK_EQ_U64(used_pages(), want_pages);
	/* the other mode's walk does not reach the pages */
	if (n)
		CHECK(walk(cr3, !la57, addrs[0] | (1ull << 47), &x, &w) !=
		      addrs[0]);
}

int main(void)
{
	/* trampoline below 1 MiB; the stub in an image above 512 GiB,
	 * crossing a page: 1 top + 3 (low) + 3 (high: PDPT, PD, PT) = 7;
	 * with 5 levels the PML4 is shared: 1 + 4 + 3 */
	const uint64_t far[] = { 0x8f000, 0x8000200f80ull, 0x8000201010ull };
	/* the image below 4 GiB, same PDPT as the trampoline:
	 * 1 + 3 + new PD and PT = 6 */
	const uint64_t near[] = { 0x8f000, 0x7e5c0040ull, 0x7e5c0060ull };
	/* same 2 MiB as the trampoline: 1 + 3 */
	const uint64_t same[] = { 0x8f000, 0x98000, 0x98fff };
	/* an image high up a 52-bit space with 5 levels: 1 + 4 + 4 */
	const uint64_t top57[] = { 0x8f000, 0xfffffffff0000ull,
				   0xfffffffff1000ull };
	uint64_t cr3;

	one(false, far, 3, 7);
	one(true, far, 3, 8);
	one(false, near, 3, 6);
	one(false, same, 3, 4);
	one(true, top57, 3, 9);
	/* beyond the reach of 4-level paging; too few pages */
	memset(pages, 0, sizeof(pages));
	CHECK(tramp_map_build(pages, PHYS, TRAMP_MAP_MAX_PAGES, false, top57,
			      3, &cr3) == -1);
	memset(pages, 0, sizeof(pages));
	CHECK(tramp_map_build(pages, PHYS, 6, false, far, 3, &cr3) == -1);
	CHECK(tramp_map_build(pages, PHYS, 0, false, far, 3, &cr3) == -1);
	/* the worst case fits the pages the image reserves */
	const uint64_t worst[] = { 0x8f000, 0x8000000000ull,
				   0xfffffffff1000ull };

	memset(pages, 0, sizeof(pages));
	CHECK(tramp_map_build(pages, PHYS, TRAMP_MAP_MAX_PAGES, true, worst,
			      3, &cr3) == 0);
	return check_done("test_tramp_map");
}
