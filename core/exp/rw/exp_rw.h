/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The rw experiment: the read side of the sbm trade-off.  Writer CPUs
 * go through idle cycles (set their place, stay idle rw_idle_ns, clear
 * it, run rw_run_ns) while reader CPUs scan the mask with one reader op
 * every rw_scan_ns.  Per layout three phases: writers alone, readers
 * alone (each scan of lines the writers wrote just before it, so it
 * pays their transfer as a scheduler's scan does), both; then a quiet
 * check of every reader op against a known mask.  Records "rw-plan"
 * and one "rw" per layout.
 */
#ifndef SBM_EXP_RW_H
#define SBM_EXP_RW_H

#include <stdbool.h>
#include <stdint.h>

#include "measure/arena.h"
#include "exp/experiment.h"
#include "measure/hist.h"
#include "measure/ops.h"
#include "measure/sbm.h"
#include "measure/sbm_read.h"
#include "exp/rw/exp_rw_opts.h"
#include "options/config.h"

/* What one CPU measured in one phase, on its own line. */
struct rw_cpu {
	_Alignas(ENGINE_ALIGN) uint64_t ticks;	/* in the timed ops */
	uint64_t n;		/* updates (writers) or scans (readers) */
	uint64_t visited, lines;
	uint32_t wrong;		/* quiet check: answers unlike the reference */
};

enum rw_phase { RW_WRITERS, RW_READERS, RW_BOTH, RW_NPHASES };

/* Each participant's op times, on lines of its own. */
struct rw_hist {
	_Alignas(ENGINE_ALIGN) struct hist h;
};

/*
 * The readers-alone handshake, each word on a line of its own: the
 * readers ask for round @req, every writer writes its place and adds
 * one to @ack, every reader then scans once and adds one to @scanned;
 * the round's last reader asks for the next round, or RW_STOP.
 */
struct rw_sync {
	_Alignas(ENGINE_ALIGN) uint64_t req;
	_Alignas(ENGINE_ALIGN) uint64_t ack;
	_Alignas(ENGINE_ALIGN) uint64_t scanned;
};

#define RW_STOP UINT64_MAX

/*
 * The means leave out only ops above RW_TRIM_X times the median and
 * above RW_TRIM_NS: a far line transfer costs tens of times a near hit
 * and stays in; a preempted thread (the twin) or an interrupt served
 * mid-op is no layout's cost.  What is left out is counted (trimmed=).
 */
#define RW_TRIM_X 100
#define RW_TRIM_NS 20000

struct rw_result {
	enum sbm_kind kind;
	bool done, ok;
	uint32_t wrong;			/* quiet check: bit per op answered wrong */
	uint64_t n[RW_NPHASES];		/* updates or scans, all CPUs */
	double ns[RW_NPHASES];		/* writers: per update; readers: per scan */
	double med[RW_NPHASES];		/* the same, medians */
	double wboth_med;
	uint64_t trimmed;		/* ops left out of the means, every phase */
	double visited[RW_NPHASES], lines[RW_NPHASES];	/* per scan */
	double wboth_ns;		/* the writers' side of the both phase */
	uint64_t wboth_n;
	/* readers alone: each scan again at once, nothing written between:
	 * the scan's own work, its lines in the reader's cache */
	double cached_ns, cached_med;
	uint64_t ncached;
};

/* a CPU's role (struct rw_exp's role[]): writer, reader */
#define RW_W 1
#define RW_R 2

struct rw_exp {
	struct node_arena arena;
	struct sbm_layout layout;	/* the one being run */
	struct sbm_reader *rd;		/* per reader: its own gather buffer */
	/* the writers' update of the layout being run: the element's op,
	 * or its then= steps with the op among them (sbm_steps_op) */
	const struct sbm_op *wop;
	uint32_t spacing;
	double spin_ns;
	uint64_t idle_spins, run_spins, scan_spins, phase_ticks;
	uint32_t *writers, nwriters, *readers, nreaders, *both;
	enum rw_place place;
	uint8_t *role;			/* per CPU: 0, RW_W or RW_R */
	uint32_t *reader_idx;		/* per CPU: its place in readers */
	uint32_t *hidx;			/* per CPU: its histogram */
	/* writers', then readers', then the readers' cached scans (a
	 * reader's at its hidx + nreaders) */
	struct rw_hist *hist;
	struct hist sum;		/* the boot CPU's, summing them */
	bool checking;			/* the body runs the quiet check */
	enum rw_phase phase;		/* the phase the body runs */
	struct rw_sync *sync;		/* readers alone: the handshake */
	bool *set;			/* the known state of the check */
	uint64_t *other;		/* the and op's second mask */
	uint64_t *ref_dense;		/* per reader: the reference gather */
	void *cpu_mem;
	struct rw_cpu *cpu;		/* per CPU */
	struct rw_result res[SBM_NKINDS];
};

extern const struct experiment exp_rw;

/* The mean in ticks of @h's ops at most the trim cut (the larger of
 * RW_TRIM_X x its median and RW_TRIM_NS at @counter_hz); the median in
 * *@median, the ops above the cut in *@trimmed.  0 when @h is empty. */
double rw_trimmed_mean(const struct hist *h, uint64_t counter_hz,
		       double *median, uint64_t *trimmed);

/*
 * Between the experiment's files: exp_rw.c (records, options, placement,
 * prepare), rw_bodies.c (what each CPU runs) and rw_run.c (the phases,
 * the check, the records and the human table).
 */
void rw_body(struct engine *e, uint32_t cpu, void *arg);
int rw_run(struct engine *e, void *state);
void rw_report(struct engine *e, void *state);
/* rw_readers= as the records and the table name it (enum rw_place) */
extern const char *const rw_place_names[];

#endif
