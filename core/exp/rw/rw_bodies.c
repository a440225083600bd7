/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The rw experiment (exp_rw.c): what each CPU runs.  Writers set and
 * clear their bit in idle/run spells; readers scan the layout with the
 * chosen op between pauses; in the check phase every write is known, so
 * a reader's answer can be checked against it.
 */
#include "exp/rw/exp_rw.h"
#include "isa_ops.h"
#include "measure/steps_op.h"
#include "options/config.h"

/* What a writer's op updates: its steps when the layout has them. */
static void *writer_place(struct rw_exp *x, uint32_t cpu)
{
	const struct sbm_layout *l = &x->layout;

	return l->steps ? (void *)&l->steps[cpu] :
			  sbm_slot_ptr(l, &x->arena.a, cpu);
}

/* An idle cycle as nohz sees it: set on entry, clear on exit; only the
 * two updates are timed, never the spells. */
static void writer(struct rw_exp *x, uint32_t cpu, uint64_t end)
{
	const struct sbm_layout *l = &x->layout;
	const struct sbm_op *op = x->wop;
	void *p = writer_place(x, cpu);
	unsigned bit = l->slot[cpu].bit;
	struct rw_cpu *c = &x->cpu[cpu];
	struct hist *h = &x->hist[x->hidx[cpu]].h;
	uint64_t ticks = 0, n = 0;

	memset(h, 0, sizeof(*h));
	/* at least one idle cycle: a CPU whose thread (twin) or vCPU was
	 * not running for the whole window still measures something */
	while (!n || isa_counter() < end) {
		uint64_t t0 = isa_counter(), t1, t2, t3;

		op->set(p, bit);
		t1 = isa_counter();
		ops_spin(x->idle_spins);
		t2 = isa_counter();
		op->clear(p, bit);
		t3 = isa_counter();
		ops_spin(x->run_spins);
		ticks += (t1 - t0) + (t3 - t2);
		n += 2;
		hist_add(h, t1 - t0);
		hist_add(h, t3 - t2);
	}
	c->ticks = ticks;
	c->n = n;
}

/* A wait of the handshake past the engine's deadline: the run fails. */
static bool gave_up(struct engine *e, uint64_t t0)
{
	if (e->failed || isa_counter() - t0 > e->deadline) {
		e->failed = 1;
		return true;
	}
	return false;
}

/* Readers alone: per round the readers ask for, one set and one clear
 * of this writer's place (untimed), so the line is modified in this
 * CPU's cache when the readers scan it. */
static void dirtier(struct engine *e, struct rw_exp *x, uint32_t cpu)
{
	const struct sbm_layout *l = &x->layout;
	const struct sbm_op *op = x->wop;
	void *p = writer_place(x, cpu);
	unsigned bit = l->slot[cpu].bit;
	uint64_t seen = 0, t0 = isa_counter();

	for (;;) {
		uint64_t req = __atomic_load_n(&x->sync->req, __ATOMIC_ACQUIRE);

		if (req == RW_STOP)
			return;
		if (req == seen) {
			if (gave_up(e, t0))
				return;
			isa_relax();
			continue;
		}
		op->set(p, bit);
		op->clear(p, bit);
		seen = req;
		__atomic_add_fetch(&x->sync->ack, 1, __ATOMIC_RELEASE);
		t0 = isa_counter();
	}
}

/* Readers alone: wait until every writer has written for round @round;
 * false when the readers stopped or the wait gave up. */
static bool written(struct engine *e, struct rw_exp *x, uint64_t round)
{
	uint64_t t0 = isa_counter();

	while (__atomic_load_n(&x->sync->ack, __ATOMIC_ACQUIRE) <
	       round * x->nwriters) {
		if (__atomic_load_n(&x->sync->req, __ATOMIC_ACQUIRE) ==
		    RW_STOP || gave_up(e, t0))
			return false;
		isa_relax();
	}
	return true;
}

/* Readers alone: this scan done; the round's last reader asks for the
 * next round, or stops them all once its phase time is up and a timed
 * round (the second) is done. */
static void scanned(struct rw_exp *x, uint64_t round, uint64_t end)
{
	if (__atomic_add_fetch(&x->sync->scanned, 1, __ATOMIC_ACQ_REL) ==
	    round * x->nreaders)
		__atomic_store_n(&x->sync->req, round < 2 ||
				 isa_counter() < end ? round + 1 : RW_STOP,
				 __ATOMIC_RELEASE);
}

/* A reader's scans, one every rw_scan_ns; @alone: each after the
 * writers have written (the handshake), else while they update. */
static void reader(struct engine *e, struct rw_exp *x, uint32_t cpu,
		   uint64_t end, bool alone)
{
	const struct sbm_reader *rd = &x->rd[x->reader_idx[cpu]];
	enum sbm_read_op op = (enum sbm_read_op)rw_opts.reader;
	struct rw_cpu *c = &x->cpu[cpu];
	struct hist *h = &x->hist[x->hidx[cpu]].h;
	struct hist *ch = &x->hist[x->hidx[cpu] + x->nreaders].h;
	uint64_t ticks = 0, n = 0, visited = 0, lines = 0, round = 0;
	struct sbm_read_res res;

	memset(h, 0, sizeof(*h));
	if (alone)
		memset(ch, 0, sizeof(*ch));
	/* one scan at least; alone, one a round, the first untimed (it
	 * brings the reader's own tables in, as a warm reader has them) */
	while (alone || !n || isa_counter() < end) {
		uint64_t t0, dt;

		if (alone && !written(e, x, ++round))
			break;
		t0 = isa_counter();
		sbm_read(rd, &x->arena.a, op, cpu, &res);
		dt = isa_counter() - t0;
		if (alone) {
			/* the same scan again before the writers write: its
			 * own work, the lines in cache (the model's base) */
			uint64_t t1 = isa_counter();

			sbm_read(rd, &x->arena.a, op, cpu, &res);
			if (round > 1)
				hist_add(ch, isa_counter() - t1);
			scanned(x, round, end);
		}
		if (round == 1)
			continue;
		ticks += dt;
		hist_add(h, dt);
		n++;
		visited += res.visited;
		lines += res.lines;
		ops_spin(x->scan_spins);
	}
	c->ticks = ticks;
	c->n = n;
	c->visited = visited;
	c->lines = lines;
}

/* Every op on the known mask, against the reference, on the reader. */
static void quiet_check(struct rw_exp *x, uint32_t cpu)
{
	const struct sbm_reader *rd = &x->rd[x->reader_idx[cpu]];
	size_t words = (x->layout.ncpus + 63) / 64;
	/* allocated by the boot CPU: a bare-metal heap is not for all */
	uint64_t *dense = x->ref_dense + x->reader_idx[cpu] * words;
	struct rw_cpu *c = &x->cpu[cpu];

	c->wrong = 0;
	for (int op = 0; op < SBM_NREADS; op++) {
		struct sbm_read_res got, want;

		sbm_read(rd, &x->arena.a, (enum sbm_read_op)op, cpu, &got);
		sbm_read_ref(rd, x->set, (enum sbm_read_op)op, cpu, dense,
			     &want);
		if (!sbm_read_agree((enum sbm_read_op)op, &got, &want,
				    rd->dense, dense, x->layout.ncpus))
			c->wrong |= 1u << op;
	}
}

void rw_body(struct engine *e, uint32_t cpu, void *arg)
{
	struct rw_exp *x = arg;
	uint32_t sense = 0;
	uint64_t end;

	if (x->checking) {
		quiet_check(x, cpu);
		return;
	}
	if (!engine_barrier(e, &sense))
		return;
	/* each CPU times its own phase: no cross-CPU counter compare */
	end = isa_counter() + x->phase_ticks;
	if (x->role[cpu] == RW_W && x->phase == RW_READERS)
		dirtier(e, x, cpu);
	else if (x->role[cpu] == RW_W)
		writer(x, cpu, end);
	else if (x->role[cpu] == RW_R)
		reader(e, x, cpu, end, x->phase == RW_READERS);
}
