/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "engine/engine.h"
#include "engine/mem.h"
#include "isa_ops.h"
#include "output/report.h"
#include "test_hooks.h"

enum { CMD_NONE, CMD_RUN, CMD_EXIT };
/* engine_mbox.online */
enum { MBOX_ABSENT, MBOX_ONLINE, MBOX_GIVEN_UP };

uint64_t engine_ms_ticks(const struct engine *e, uint64_t ms)
{
	return machine_ms_ticks(e->info.counter_hz, ms);
}

/* The barrier; its last CPU to arrive first runs @last (may be NULL). */
static bool barrier_wait(struct engine *e, uint32_t *sense,
			 void (*last)(struct engine *e, uint64_t arg),
			 uint64_t arg)
{
	struct engine_barrier *bar = &e->barrier;
	struct engine_spin sp = { 0 };
	uint32_t s = !*sense;

	*sense = s;
	if (__atomic_add_fetch(&bar->count, 1, __ATOMIC_ACQ_REL) == bar->total) {
		bar->count = 0;
		if (last)
			last(e, arg);
		__atomic_store_n(&bar->sense, s, __ATOMIC_RELEASE);
		return true;
	}
	/* the counter now and then (engine_spin()), as ping-pongs
	 * read it: a wait on a word needs no clock on every turn */
	while (__atomic_load_n(&bar->sense, __ATOMIC_ACQUIRE) != s) {
		if (!engine_spin(e, &sp))
			return false;
		isa_relax();
	}
	return true;
}

bool engine_barrier(struct engine *e, uint32_t *sense)
{
	return barrier_wait(e, sense, NULL, 0);
}

static void set_window_end(struct engine *e, uint64_t ticks)
{
	e->window_end = isa_counter() + ticks;
}

bool engine_barrier_until(struct engine *e, uint32_t *sense, uint64_t ticks,
			  uint64_t *end)
{
	if (!barrier_wait(e, sense, set_window_end, ticks))
		return false;
	/* the release's acquire orders this after the last CPU's store */
	*end = e->window_end;
	return true;
}

void engine_window_open(struct engine *e, struct engine_window *w)
{
	w->c0 = e->info.cycles ? isa_cycles() : 0;
	w->t0 = isa_counter();
}

uint64_t engine_window_close(struct engine *e, uint32_t cpu,
			     struct engine_window *w)
{
	uint64_t t1 = isa_counter(), c1 = e->info.cycles ? isa_cycles() : 0;

	e->mbox[cpu].ticks = t1 - w->t0;
	e->mbox[cpu].cycles = c1 - w->c0;
	return t1;
}

void engine_window_done(struct engine *e)
{
	__atomic_add_fetch(&e->done, 1, __ATOMIC_ACQ_REL);
}

bool engine_others_timing(struct engine *e, struct engine_spin *sp)
{
	if (__atomic_load_n(&e->done, __ATOMIC_ACQUIRE) >= e->barrier.total)
		return false;
	return engine_spin(e, sp);
}

/* test=stuck-cpu (test hooks only): the last CPU but the boot CPU, in a
 * job without the boot CPU, is the one that never answers (asleep, not
 * eating a host core beside the other boots). */
static bool stuck_here(const struct engine *e, uint32_t cpu)
{
	uint32_t last = e->topo->ncpus - 1;

	if (last == e->bsp)	/* riscv: any hart may have booted */
		last--;
	return sbm_test_hooks && e->opts.test_stuck_cpu && !e->bsp_in_run &&
	       cpu == last;
}

void engine_secondary(void *arg, uint32_t cpu)
{
	struct engine *e = arg;
	struct engine_mbox *m = &e->mbox[cpu];
	uint32_t seen = __atomic_load_n(&m->seq, __ATOMIC_ACQUIRE);
	uint32_t none = MBOX_ABSENT;

	/* Too late: the boot CPU gave up on us and the run went on without
	 * us.  Touch nothing more (a hosted platform may free it all). */
	if (!__atomic_compare_exchange_n(&m->online, &none, MBOX_ONLINE, false,
					 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return;
	for (;;) {
		uint32_t s, cmd;

		s = plat_wait_change(&m->seq, seen);
		seen = s;
		/* once: after the ack below the BSP may already post again */
		cmd = m->cmd;
		if (cmd == CMD_RUN && stuck_here(e, cpu))
			for (;;)	/* parked on a word nobody writes */
				plat_wait_change(&(uint32_t){ 0 }, 0);
		if (cmd == CMD_RUN)
			e->body(e, cpu, e->body_arg);
		__atomic_store_n(&m->ack, s, __ATOMIC_RELEASE);
		if (cmd == CMD_EXIT)
			return;	/* a hosted platform may free @e now */
		/* the ack before the look, as the boot CPU's flag before
		 * its last look: one of the two sees the other; one wake
		 * per sleep, from whoever takes the flag */
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		if (__atomic_load_n(&e->bsp_asleep, __ATOMIC_RELAXED) &&
		    __atomic_exchange_n(&e->bsp_asleep, 0, __ATOMIC_SEQ_CST)) {
			plat_boot_cpu_wake(e->topo->cpus[e->bsp].hwid);
			__atomic_store_n(&e->wake_sent, 1, __ATOMIC_RELEASE);
		}
	}
}

uint32_t engine_choose_cpus(struct engine *e)
{
	struct topo *t = e->topo;
	uint32_t n = 0;

	for (uint32_t i = 0; i < t->ncpus; i++) {
		struct topo_cpu *c = &t->cpus[i];
		bool take = topo_cpu_usable(c);

		switch (e->opts.cpuset) {
		case CPUSET_ALL:
			break;
		case CPUSET_CORES:
			take = take && c->smt == 0;
			break;
		case CPUSET_LLC:
			/* the LLC of the boot CPU, so the BSP takes part */
			take = take && c->llc == t->cpus[e->bsp].llc;
			break;
		case CPUSET_FIRST:
			take = take && n < e->opts.first;
			break;
		}
		e->chosen[i] = take;
		n += take;
	}
	e->nchosen = n;
	return n;
}

static uint32_t bsp_index(const struct topo *t)
{
	for (uint32_t i = 0; i < t->ncpus; i++)
		if (t->cpus[i].flags & TOPO_CPU_BSP)
			return i;
	return 0;
}

int engine_init(struct engine *e, const char **why)
{
	struct topo *t = e->topo;

	if (!e->info.counter_hz) {
		*why = "counter frequency unknown";
		return -1;
	}
	e->mbox = mem_alloc_aligned(sizeof(*e->mbox) * t->ncpus, ENGINE_ALIGN);
	e->chosen = calloc(t->ncpus, 1);
	if (!e->mbox || !e->chosen) {
		*why = "out of memory";
		return -1;
	}
	if (e->opts.cpuset == CPUSET_FIRST && e->opts.first > t->ncpus) {
		*why = "cpus= asks for more CPUs than the machine has";
		return -1;
	}
	if (!report_run_id())
		report_set_run_id((uint32_t)(isa_counter() * 2654435761u) ^
				  (uint32_t)t->ncpus);
	e->bsp = bsp_index(t);
	e->stopped_cpu = UINT32_MAX;
	return 0;
}

/* Start one secondary and wait for it to arrive; false when it did not. */
static bool start_one(struct engine *e, uint32_t i)
{
	struct topo_cpu *c = &e->topo->cpus[i];
	void *stack_top = NULL;
	uint64_t t0, limit;

	if (e->stack_size) {
		char *stack = mem_alloc_aligned(e->stack_size, 64);

		if (!stack) {
			report_warn("cpu-start", i, "no memory for stack");
			return false;
		}
		stack_top = stack + e->stack_size;
	}
	if (plat_cpu_start(i, c->hwid, engine_secondary, e, stack_top)) {
		report_warn("cpu-start", i, "start request refused");
		return false;
	}
	t0 = isa_counter();
	limit = engine_ms_ticks(e, e->opts.start_timeout_ms);
	while (!__atomic_load_n(&e->mbox[i].online, __ATOMIC_ACQUIRE) &&
	       isa_counter() - t0 < limit)
		isa_relax();
	/* give up, unless it arrives at this very moment: exactly one of
	 * this and engine_secondary()'s exchange wins */
	if (__atomic_compare_exchange_n(&e->mbox[i].online,
					&(uint32_t){ MBOX_ABSENT }, MBOX_GIVEN_UP,
					false, __ATOMIC_ACQ_REL,
					__ATOMIC_ACQUIRE)) {
		report_warn("cpu-start", i,
			    "did not arrive within timeout_ms; left out");
		return false;
	}
	return true;
}

/* Start every usable secondary, one at a time; failures are left out. */
static void bring_up(struct engine *e)
{
	struct topo *t = e->topo;
	uint64_t t0 = isa_counter();

	t->cpus[e->bsp].flags |= TOPO_CPU_ONLINE;
	e->mbox[e->bsp].online = MBOX_ONLINE;
	for (uint32_t i = 0; i < t->ncpus; i++) {
		struct topo_cpu *c = &t->cpus[i];

		if (i == e->bsp || (c->flags & TOPO_CPU_DISABLED))
			continue;
		if (e->start_chosen_only && !e->chosen[i])
			continue;	/* stays where it is: no thread, no noise */
		if (start_one(e, i)) {
			c->flags |= TOPO_CPU_ONLINE;
		} else {
			c->flags |= TOPO_CPU_FAILED;
			e->nlost++;
		}
	}
	e->start_ms = (double)(isa_counter() - t0) * 1e3 /
		      (double)e->info.counter_hz;
}

/* The CPUs of a run: the chosen ones, or an explicit list. */
struct cpu_set {
	const uint32_t *ids;	/* NULL: every chosen CPU */
	uint32_t n;
};

static uint32_t set_size(const struct engine *e, const struct cpu_set *s)
{
	return s->ids ? s->n : e->topo->ncpus;
}

/* The @k-th CPU of @s, or UINT32_MAX when it takes no part. */
static uint32_t set_cpu(const struct engine *e, const struct cpu_set *s,
			uint32_t k)
{
	if (s->ids)
		return s->ids[k];
	return e->chosen[k] ? k : UINT32_MAX;
}

/* Post @cmd to every CPU of @s but the boot CPU. */
static void post(struct engine *e, const struct cpu_set *s, uint32_t cmd)
{
	for (uint32_t k = 0; k < set_size(e, s); k++) {
		uint32_t i = set_cpu(e, s, k);

		if (i == e->bsp || i == UINT32_MAX)
			continue;
		e->mbox[i].cmd = cmd;
		__atomic_add_fetch(&e->mbox[i].seq, 1, __ATOMIC_RELEASE);
		plat_cpu_wake(i, e->topo->cpus[i].hwid);
	}
}

/*
 * One look at CPU @i's ack; with @sleep (the boot CPU has no part in the
 * run) it sleeps until the ack or a wake comes, or a bounded while.
 */
static bool acked(struct engine *e, uint32_t i, bool sleep)
{
	volatile uint32_t *ack = &e->mbox[i].ack;
	uint32_t seen = __atomic_load_n(ack, __ATOMIC_ACQUIRE);
	uint64_t t0;

	if (seen == e->mbox[i].seq)
		return true;
	if (!sleep || !e->bsp_sleeps) {
		isa_relax();
		return false;
	}
	__atomic_store_n(&e->wake_sent, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&e->bsp_asleep, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(ack, __ATOMIC_SEQ_CST) == seen)
		plat_boot_cpu_wait(ack, seen);
	if (__atomic_exchange_n(&e->bsp_asleep, 0, __ATOMIC_SEQ_CST))
		return false;
	/* a CPU took the flag: its wake goes out before anything else
	 * does, so none lands in the boot CPU's next timed window */
	t0 = isa_counter();
	while (!__atomic_load_n(&e->wake_sent, __ATOMIC_ACQUIRE) &&
	       isa_counter() - t0 < e->deadline)
		isa_relax();
	return false;
}

/* No run after this one: @cpu (UINT32_MAX: not known) failed it. */
static void stop_runs(struct engine *e, uint32_t cpu, const char *why)
{
	if (!e->aborted) {
		e->stopped_cpu = cpu;
		e->stop_why = why;
	}
	e->aborted = true;
}

/*
 * Wait for every ack.  A CPU that does not answer by the deadline makes
 * the whole run stop: it may still be inside the job, so neither the
 * barrier nor the experiment's memory can be reused.
 */
static int wait_acks(struct engine *e, const struct cpu_set *s, bool sleep)
{
	struct topo *t = e->topo;
	uint64_t t0 = isa_counter();
	uint32_t n = 0;

	for (uint32_t k = 0; k < set_size(e, s); k++) {
		uint32_t i = set_cpu(e, s, k);

		if (i == e->bsp || i == UINT32_MAX)
			continue;
		/* the counter now and then, as engine_spin() reads it */
		while (!acked(e, i, sleep)) {
			if ((sleep || !(++n % ENGINE_SPIN_CLOCK_EVERY)) &&
			    isa_counter() - t0 > e->deadline) {
				report_warn("run", i, "CPU stopped answering; "
					    "no further runs");
				t->cpus[i].flags |= TOPO_CPU_FAILED;
				stop_runs(e, i, "a CPU stopped answering");
				return -1;
			}
		}
	}
	return 0;
}

static int run_set(struct engine *e, const struct cpu_set *s, uint32_t n,
		   bool bsp_in, engine_body_fn body, void *arg,
		   uint64_t deadline_ms)
{
	if (e->aborted)
		return -1;
	e->body = body;
	e->body_arg = arg;
	e->deadline = engine_ms_ticks(e, deadline_ms);
	e->barrier.count = 0;
	e->barrier.sense = 0;
	e->barrier.total = n;
	e->done = 0;
	e->windows_closed = 0;
	e->failed = 0;
	e->bsp_in_run = bsp_in;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	post(e, s, CMD_RUN);
	if (bsp_in)
		body(e, e->bsp, arg);
	if (wait_acks(e, s, !bsp_in))
		return -1;
	if (e->failed) {
		report_warn("run", e->bsp, "a CPU did not reach the barrier "
			    "in time; no further runs");
		stop_runs(e, UINT32_MAX, "a CPU did not reach the barrier "
			  "in time");
		return -1;
	}
	return 0;
}

int engine_run(struct engine *e, engine_body_fn body, void *arg,
	       uint64_t deadline_ms)
{
	struct cpu_set all = { NULL, 0 };

	return run_set(e, &all, e->nchosen, e->chosen[e->bsp], body, arg,
		       deadline_ms);
}

int engine_run_on(struct engine *e, const uint32_t *cpus, uint32_t n,
		  engine_body_fn body, void *arg, uint64_t deadline_ms)
{
	struct cpu_set some = { cpus, n };
	bool bsp_in = false;

	if (e->self_threaded)
		return -1;	/* nobody is parked on a mailbox */
	for (uint32_t k = 0; k < n; k++) {
		const struct topo_cpu *c;

		if (cpus[k] >= e->topo->ncpus)
			return -1;
		c = &e->topo->cpus[cpus[k]];
		if (!topo_cpu_usable(c) || !(c->flags & TOPO_CPU_ONLINE))
			return -1;
		bsp_in |= cpus[k] == e->bsp;
	}
	return run_set(e, &some, n, bsp_in, body, arg, deadline_ms);
}

/* CPUs the firmware says are there to start (not the disabled ones). */
static uint32_t enabled_cpus(const struct topo *t)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < t->ncpus; i++)
		n += !(t->cpus[i].flags & TOPO_CPU_DISABLED);
	return n;
}

int engine_start(struct engine *e)
{
	if (e->start_chosen_only)
		engine_choose_cpus(e);
	e->start_ms = -1;
	if (!e->self_threaded)
		bring_up(e);
	report_cpus(enabled_cpus(e->topo), e->nlost, e->start_ms,
		    e->info.cpus_note);
	plat_check_cpus();	/* memory types: every CPU like the boot CPU */
	e->bsp_sleeps = !e->self_threaded && plat_boot_cpu_sleeps();
	if (!engine_choose_cpus(e)) {
		report_warn("cpus", 0, "no CPU selected by cpus=");
		return -1;
	}
	if (!e->chosen[e->bsp] && e->opts.cpuset != CPUSET_FIRST)
		report_warn("cpus", e->bsp,
			    "boot CPU not in the set; it only coordinates");
	return 0;
}

bool engine_stop_cpus(struct engine *e)
{
	struct cpu_set all = { NULL, 0 };

	if (e->aborted)
		return false;	/* stuck CPUs would not answer: leave them */
	/* Let the secondaries leave engine_secondary() (hosted platforms). */
	for (uint32_t i = 0; i < e->topo->ncpus; i++)
		e->chosen[i] = (e->topo->cpus[i].flags & TOPO_CPU_ONLINE) &&
			       i != e->bsp;
	e->deadline = engine_ms_ticks(e, 10000);
	post(e, &all, CMD_EXIT);
	wait_acks(e, &all, false);	/* exiting CPUs wake nobody */
	/* every thread gone (parked ones exited, late ones turned back)
	 * before their mailboxes are freed */
	if (e->join_cpus)
		e->join_cpus();
	return true;
}

void engine_free(struct engine *e)
{
	mem_free_aligned(e->mbox);
	free(e->chosen);
}
