/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AP's temporary page tables: an identity map of just the pages the
 * trampoline runs on (its own page below 1 MiB and the page(s) of the
 * stub in the image that loads the boot CPU's CR3), every entry present,
 * writable and executable (no NX bit, 4 KiB leaves).  The AP therefore
 * never fetches an instruction from a page whose executability it does
 * not control: firmware that maps loader or boot-services data NX cannot
 * make it triple-fault.  Pure: it fills pages the caller gives, so a host
 * test can walk what was built.
 */
#ifndef SBM_X86_TRAMP_MAP_H
#define SBM_X86_TRAMP_MAP_H

#include <stdbool.h>
#include <stdint.h>

#define PTE_P		(1ull << 0)
#define PTE_RW		(1ull << 1)
#define PTE_PS		(1ull << 7)
#define PTE_NX		(1ull << 63)
#define PTE_ADDR	0x000ffffffffff000ull

/* Tables for 3 pages with 5 levels: a top table plus 4 per page. */
#define TRAMP_MAP_MAX_PAGES	13

/*
 * Identity-map the 4 KiB pages holding each of @addrs[0..@n) with the
 * @npages zeroed pages at @pages (physical address @phys: the identity
 * map the boot CPU runs on makes virtual and physical one), 4 levels or
 * 5 (@la57).  The top table is @pages[0]; *@cr3 its physical address.
 * -1 when @npages is too few or an address is beyond the paging mode's
 * reach.
 */
int tramp_map_build(uint64_t (*pages)[512], uint64_t phys, unsigned npages,
		    bool la57, const uint64_t *addrs, unsigned n,
		    uint64_t *cr3);

#endif
