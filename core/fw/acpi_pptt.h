/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PPTT parser: processor hierarchy and caches.  Conventions as in acpi.h.
 */
#ifndef SBM_CORE_ACPI_PPTT_H
#define SBM_CORE_ACPI_PPTT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/acpi.h"

#define ACPI_PPTT_PACKAGE	(1u << 0)	/* physical package */
#define ACPI_PPTT_ID_VALID	(1u << 1)	/* ACPI processor ID valid */
#define ACPI_PPTT_THREAD	(1u << 2)
#define ACPI_PPTT_LEAF		(1u << 3)	/* revision 2+ */
#define ACPI_PPTT_IDENTICAL	(1u << 4)

#define ACPI_PPTT_MAX_DEPTH	8	/* levels of a CPU chain */

struct acpi_pptt_node {
	uint32_t offset;	/* of the node in the table: a stable key */
	uint32_t flags;		/* ACPI_PPTT_* */
	uint32_t parent;	/* offset, 0 for the root */
	uint32_t uid;		/* meaningful with ACPI_PPTT_ID_VALID */
	uint32_t nres;		/* private resources */
};

/*
 * Chain of processor hierarchy nodes for the leaf whose ACPI processor ID
 * is uid: leaf first, then each parent up to the root (at most
 * ACPI_PPTT_MAX_DEPTH and at most max).  A leaf has the leaf flag or no
 * children (revision 1 has no leaf flag); only nodes with the ID-valid flag
 * match.  Parent cycles, bad parent offsets and overlong chains fail.
 */
int acpi_pptt_cpu_chain(const void *tbl, size_t len, uint32_t uid,
			struct acpi_pptt_node *chain, size_t max, size_t *n,
			const char **why);

#define ACPI_PPTT_CACHE_SIZE_VALID	(1u << 0)
#define ACPI_PPTT_CACHE_SETS_VALID	(1u << 1)
#define ACPI_PPTT_CACHE_WAYS_VALID	(1u << 2)
#define ACPI_PPTT_CACHE_ALLOC_VALID	(1u << 3)
#define ACPI_PPTT_CACHE_TYPE_VALID	(1u << 4)
#define ACPI_PPTT_CACHE_WPOLICY_VALID	(1u << 5)
#define ACPI_PPTT_CACHE_LINE_VALID	(1u << 6)
#define ACPI_PPTT_CACHE_ID_VALID	(1u << 7)	/* revision 3+ */

#define ACPI_CACHE_DATA		0
#define ACPI_CACHE_INSTRUCTION	1
#define ACPI_CACHE_UNIFIED	2
#define ACPI_CACHE_UNKNOWN	3	/* type not marked valid */

struct acpi_pptt_cache {
	uint32_t offset;	/* of the cache structure: its identity */
	uint32_t node;		/* offset of the node that reaches it */
	uint32_t flags;		/* ACPI_PPTT_CACHE_*; invalid fields are 0 */
	uint32_t size;
	uint32_t sets;
	uint32_t cache_id;
	uint16_t line_size;
	uint8_t ways;
	uint8_t attributes;
	uint8_t level;		/* 1 = closest to the CPU */
	uint8_t type;		/* ACPI_CACHE_* */
};

/*
 * Caches of the CPU whose ACPI processor ID is uid, walking its chain from
 * the leaf: each node's private cache resources and their next-level
 * chains.  Levels count up from the leaf as Linux does (a node's caches
 * start one past the deepest level found below it).  Each cache appears
 * once; node tells the lowest node that reaches it, which is the set of
 * CPUs sharing it.  More caches than max fails.
 */
int acpi_pptt_caches(const void *tbl, size_t len, uint32_t uid,
		     struct acpi_pptt_cache *caches, size_t max, size_t *n,
		     const char **why);

#endif
