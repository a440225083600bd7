/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The cache binding: the cache properties of cpu and cache nodes (the
 * chains they hang in: fdt_cache_chain.h).  Conventions as in fdt.h.
 */
#ifndef SBM_FDT_CACHES_H
#define SBM_FDT_CACHES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/fdt.h"
#include "fw/fdt_cache_chain.h"
#include "fw/fdt_cpus.h"

enum fdt_cache_type {
	FDT_CACHE_UNIFIED,
	FDT_CACHE_DATA,
	FDT_CACHE_INSTRUCTION,
};

struct fdt_cache {
	uint32_t phandle;	/* cache node; the cpu's for L1 on cpu nodes */
	int level;
	bool unified;		/* type == FDT_CACHE_UNIFIED */
	uint32_t size, line, sets; /* 0 when not given */
	enum fdt_cache_type type;
	uint32_t ways;		/* size / (line * sets) when exact, else 0 */
	int32_t fdt_node;	/* cpu node for L1 entries, else cache node */
	uint32_t next_level;	/* next-level-cache phandle, 0 if none */
	uint32_t ncpus;		/* how many of the given cpus reach it */
};

/*
 * Caches of the given cpus: L1 d/i (or unified) properties on each cpu node,
 * then every cache node on each cpu's next-level-cache chain, once each
 * (ncpus counts the sharers).  Split caches give one entry per type.
 * Line size falls back to *-block-size.  A cpu with a broken chain
 * contributes its L1 entries only.
 */
int fdt_caches_parse(const struct fdt *f, const struct fdt_cpu *cpus,
		     size_t ncpus, struct fdt_cache *caches, size_t max,
		     size_t *n, const char **why);

#endif
