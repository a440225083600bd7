/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef SBM_LINUX_TWIN_H
#define SBM_LINUX_TWIN_H

#include "engine/engine.h"
#include "topo/topo.h"

int linux_topology(struct topo *t, const char **why);
int linux_parse_list(const char *s, void (*fn)(void *, uint32_t), void *arg);
int linux_pin_self(uint64_t cpu);
/* Wait for every thread plat_cpu_start() made (engine.join_cpus). */
void linux_join_cpus(void);
/* The topology whose node_raw[] plat_alloc_node() maps nodes through. */
void linux_numa_topo(const struct topo *t);
/* Offer mode=pair to the sbm experiment: a setter and a clearer thread
 * per CPU (the seed's method). */
void linux_pair_offer(void);
/* What isa_ops.h asks of the CPU at run time (arm64: LSE atomics). */
void linux_isa_probe(void);

#endif
