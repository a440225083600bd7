/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which CPU pairs the c2c matrix measures, in what order.  Topology order
 * sorts CPUs by (package, node, LLC, core, SMT thread); a pair's class is
 * the closest thing its CPUs share: a core (smt), an LLC, a node, a
 * package, or nothing.  Pure functions over the topology model.
 */
#ifndef SBM_C2C_PAIRS_H
#define SBM_C2C_PAIRS_H

#include <stddef.h>
#include <stdint.h>

#include "topo/topo.h"

/* which pairs pairs_select() takes (c2c's pairs=; auto: pairs_resolve()) */
enum pairs_kind { PAIRS_AUTO, PAIRS_ALL, PAIRS_REPS, PAIRS_RANDOM };

enum pair_class { PAIR_SMT, PAIR_LLC, PAIR_NODE, PAIR_PACKAGE, PAIR_NONE,
		  PAIR_NCLASSES };

struct cpu_pair {
	uint32_t a, b;	/* a comes first in topology order */
};

/* pairs=auto: every pair up to this many CPUs, else representatives. */
#define PAIRS_AUTO_MAX_CPUS 64

const char *pair_class_name(enum pair_class c);
enum pair_class pair_class_of(const struct topo *t, uint32_t a, uint32_t b);

/* The CPUs with @take[i] set, in topology order, into @out; returns how
 * many. */
uint32_t topo_order(const struct topo *t, const uint8_t *take, uint32_t *out);

/*
 * The @n CPUs @order (topology order) spread round-robin over their LLCs
 * into @out: the first CPU of each LLC, then the second of each, ...;
 * returns how many LLCs they span.
 */
uint32_t topo_order_rr(const struct topo *t, const uint32_t *order,
		       uint32_t n, uint32_t *out);

/* What pairs=auto means for @ncpus CPUs. */
enum pairs_kind pairs_resolve(enum pairs_kind kind, uint32_t ncpus);

/*
 * The pairs of the @n CPUs @order (topology order) that @kind selects:
 * every pair; representatives (reps: the first CPU of each LLC against
 * every other LLC's first, and within each LLC that CPU with its first
 * SMT sibling and with the first CPU of another core); or up to @k
 * random pairs of each class (seeded by @seed: the same machine gets the same pairs).
 * Sorted by the positions of a, then b, in @order.  Returns the number
 * of pairs in *@out (to be freed), or -1 with the reason in @why when
 * there would be more than @max or memory ran out.
 */
long pairs_select(const struct topo *t, const uint32_t *order, uint32_t n,
		  enum pairs_kind kind, uint32_t k, uint64_t seed, size_t max,
		  struct cpu_pair **out, const char **why);

#endif
