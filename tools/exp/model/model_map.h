/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The map the coherence model (core/measure/coh_model.h) reads on the
 * host: a topology and the one-way hand-off between any two CPUs, from a
 * run's own c2c records (a published matrix comes as such a run: tools/
 * sbmdb/c2cpub.py writes one), or on paper from a shape and class
 * latencies.  Where a pair was not measured its class's median stands in;
 * where a class was not measured, the nearest measured class farther out
 * (else nearer), and the map's note says so.
 */
#ifndef SBM_MODEL_MAP_H
#define SBM_MODEL_MAP_H

#include <stdbool.h>
#include <stddef.h>

#include "measure/c2c_pairs.h"
#include "measure/coh_model.h"

struct run;

struct model_map {
	struct topo t;
	struct topo_cpu *storage;	/* TOPO_MAX_CPUS */
	double cls[PAIR_NCLASSES];	/* median hand-off per class, ns */
	unsigned cls_pairs[PAIR_NCLASSES];	/* pairs measured, per class */
	int cls_from[PAIR_NCLASSES];	/* the class that stands in */
	float *pair;			/* ncpus^2 measured, 0: not; NULL */
	/* the hand-off is one RFO: c2c's CAS one-way (a read miss and an
	 * upgrade per ping-pong leg) times the run's proof's RFO over its
	 * CAS one-way on the same pair, where it has one; else 1 */
	double rfo_per_cas;
	const char *source;		/* "run", "paper" */
	/* paper: --latency run=K, updates per change of owner (the model's
	 * runs, docs/model.md 2a); 0 when not given */
	double paper_run;
	char note[480];			/* what stood in for what */
	struct cm_map m;
};

/* The map of run @r: its cpu and c2c records.  0, or -1 with the reason
 * in @why (no c2c records, no cpu records, a CPU twice). */
int model_map_of_run(struct model_map *mm, const struct run *r,
		     char *why, size_t len);

/*
 * A machine on paper: @shape "sockets=S,nodes=N,llcs=L,cores=C,threads=T"
 * (per socket N nodes and L LLCs, L a multiple of N; per LLC C cores of
 * T threads) and @lat "smt=..,llc=..,node=..,package=..,none=.." in ns
 * (the classes the shape has must be given; op=NS the floor op, into
 * *@op_ns, 0 when absent; run=K updates per owner, into paper_run).  0, or -1 naming the bad word in @why.
 */
int model_map_paper(struct model_map *mm, const char *shape,
		    const char *lat, double *op_ns, char *why, size_t len);

void model_map_free(struct model_map *mm);

#endif
