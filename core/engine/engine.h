/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SMP engine: no experiment logic, no option but its own.  The
 * platform fills a struct engine (topology, what the machine is, the
 * engine's options) and, on the boot CPU, engine_init() and
 * engine_start() start the other CPUs through plat_cpu_start(); each
 * enters engine_secondary() and parks on its own mailbox line.  The
 * layers above (core/exp/experiment.h) post a body to the chosen CPUs
 * with engine_run(), meet at engine_barrier(), time windows with
 * engine_window_*(), and read what each CPU left in its mailbox.  Every
 * wait has a deadline: a stuck CPU ends the run with a report, never a
 * hang.
 */
#ifndef SBM_ENGINE_H
#define SBM_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine_opts.h"
#include "isa_ops.h"
#include "machine.h"
#include "topo/topo.h"

#define ENGINE_ALIGN	128	/* two 64-byte lines: spatial prefetch pairs */
#define ENGINE_MAX_EXPERIMENTS 8

struct engine_mbox {
	_Alignas(ENGINE_ALIGN) volatile uint32_t seq;	/* posted by the BSP */
	volatile uint32_t ack;		/* last seq done */
	volatile uint32_t online;	/* arrived, or given up on (engine.c) */
	volatile uint32_t cmd;
	volatile uint64_t ticks;	/* the last timed window */
	volatile uint64_t cycles;
};

struct engine_barrier {
	_Alignas(ENGINE_ALIGN) volatile uint32_t count;
	uint32_t total;
	_Alignas(ENGINE_ALIGN) volatile uint32_t sense;
};

struct config;
struct engine;
/* What a CPU runs when posted: @cpu is its logical id. */
typedef void (*engine_body_fn)(struct engine *e, uint32_t cpu, void *arg);

struct engine {
	/* filled by the platform */
	struct topo *topo;
	struct engine_opts opts;
	/* the run's options (core/options/config.h), for the experiments
	 * and the platform: the engine reads none of them */
	struct config *cfg;
	struct machine_info info;
	size_t stack_size;	/* per secondary CPU; 0 = the platform's own */
	/* the platform runs threads of its own for the experiment (the
	 * twin's mode=pair): no secondary is started and parked */
	bool self_threaded;
	/* start only the CPUs opts.cpuset chooses (the twin: an unchosen
	 * CPU gets no thread at all) */
	bool start_chosen_only;
	/* hosted platforms: wait until every thread plat_cpu_start() made
	 * has returned (engine_stop_cpus() calls it) */
	void (*join_cpus)(void);

	/* the engine's own */
	struct engine_mbox *mbox;	/* per CPU */
	uint8_t *chosen;		/* per CPU: takes part in runs */
	uint32_t nchosen;
	uint32_t bsp;			/* logical id of the boot CPU */
	uint32_t nlost;			/* CPUs that never came up */
	double start_ms;		/* how long bring-up took; <0: not timed */
	bool aborted;		/* a CPU stopped answering: no more runs */
	uint32_t stopped_cpu;	/* the one that did, or UINT32_MAX */
	const char *stop_why;	/* why the runs stopped (a record's why=) */
	/* each experiment's state, kept for core/exp/experiments.c */
	void *state[ENGINE_MAX_EXPERIMENTS];
	/* one line handoff between two CPUs, measured once for the time
	 * estimates (core/measure/estimate.c); 0 = not yet */
	uint64_t handoff_ticks;

	/* the posted job */
	engine_body_fn body;
	void *body_arg;
	uint64_t deadline;	/* counter ticks any one wait may take */
	bool bsp_in_run;	/* the boot CPU takes part in the posted job */
	bool bsp_sleeps;	/* plat_boot_cpu_sleeps(): asked once */
	struct engine_barrier barrier;
	uint64_t window_end;	/* engine_barrier_until()'s deadline */
	/* windows of the run some CPU has seen end (window_loop.h): every
	 * CPU looks at it between pieces of its windows; its own line */
	_Alignas(ENGINE_ALIGN) volatile uint32_t windows_closed;
	/* CPUs whose timed window has closed (engine_window_done()) */
	_Alignas(ENGINE_ALIGN) volatile uint32_t done;
	volatile uint32_t failed;	/* a wait ran past the deadline */
	/* the boot CPU sleeps in plat_boot_cpu_wait(); the first CPU to
	 * ack takes the flag and wakes it, then says so in wake_sent (their
	 * own line, not done's: every ack reads it) */
	_Alignas(ENGINE_ALIGN) volatile uint32_t bsp_asleep;
	volatile uint32_t wake_sent;
};

/* Check the engine's options and prepare @e (after the platform filled
 * topo, opts and info).  0, or -1 with the reason in @why. */
int engine_init(struct engine *e, const char **why);

/*
 * Start the CPUs (report how many came up, check them with
 * plat_check_cpus()) and choose those that take part.  0, or -1 after a
 * warning when cpus= chose none.
 */
int engine_start(struct engine *e);

/* Entry of every secondary CPU; returns only when told to exit. */
void engine_secondary(void *arg, uint32_t cpu);

/* Select the CPUs that take part per opts.cpuset; returns how many. */
uint32_t engine_choose_cpus(struct engine *e);

/*
 * Run @body on every chosen CPU (the boot CPU's part included) and wait
 * for all; any wait may take @deadline_ms.  -1 when a CPU did not answer
 * or a barrier timed out: the run is then aborted (e->aborted), since a
 * straggler may still be inside the body.
 */
int engine_run(struct engine *e, engine_body_fn body, void *arg,
	       uint64_t deadline_ms);

/*
 * engine_run() on the @n distinct CPUs @cpus only, chosen or not (each
 * must be online and parked on its mailbox; the boot CPU runs its part
 * itself, or only waits when it is not listed).  The others stay parked.
 * -1 at once when a CPU cannot take the job; else as engine_run().
 */
int engine_run_on(struct engine *e, const uint32_t *cpus, uint32_t n,
		  engine_body_fn body, void *arg, uint64_t deadline_ms);

/* Sense-reversing barrier of the CPUs of the run (start @sense at 0); false
 * when it waited past the deadline or another CPU already gave up. */
bool engine_barrier(struct engine *e, uint32_t *sense);

/*
 * engine_barrier() whose last CPU to arrive sets one counter deadline,
 * @ticks from then, and every CPU leaves with it in @end: the common end
 * of a window bounded by time (counters synchronised across CPUs, as the
 * engine's deadlines already assume).  False as engine_barrier().
 */
bool engine_barrier_until(struct engine *e, uint32_t *sense, uint64_t ticks,
			  uint64_t *end);

/* A timed window on the calling CPU; close() leaves ticks and cycles in
 * the CPU's mailbox and returns the closing counter value. */
struct engine_window {
	uint64_t t0, c0;
};
void engine_window_open(struct engine *e, struct engine_window *w);
uint64_t engine_window_close(struct engine *e, uint32_t cpu,
			     struct engine_window *w);
/* Say that this CPU's window closed; then true while others' are still
 * open (keep the load on until the slowest closes), false once all are
 * closed or the spin's deadline passed (engine_spin(), @sp zeroed before
 * the first call). */
void engine_window_done(struct engine *e);
struct engine_spin;
bool engine_others_timing(struct engine *e, struct engine_spin *sp);

/*
 * A spin-wait's deadline, for waits on a word another CPU of the run
 * writes (ping-pongs, RFO runs): call engine_spin() on every spin; every
 * ENGINE_SPIN_CLOCK_EVERYth reads the counter into @now (a hand-off
 * never takes that many spins, so the read costs the measured loop
 * nothing; 0 on the others) and says false once e->deadline ticks passed
 * since the first read or another CPU already gave up (e->failed is then
 * set).  Rarely: a deadline is seconds, 65536 spins at most milliseconds,
 * and a counter read is not free everywhere (QEMU's TCG takes one lock
 * for every vCPU's rdtsc: 63 waiters reading it starve the CPU they
 * wait for).
 */
#define ENGINE_SPIN_CLOCK_EVERY 65536u

struct engine_spin {
	uint64_t t0, now;
	uint32_t n;
};

static inline bool engine_spin(struct engine *e, struct engine_spin *s)
{
	s->now = 0;
	if (++s->n % ENGINE_SPIN_CLOCK_EVERY)
		return true;
	s->now = isa_counter();
	if (!s->t0) {
		s->t0 = s->now;
	} else if (e->failed || s->now - s->t0 > e->deadline) {
		e->failed = 1;
		return false;
	}
	return true;
}

/* Counter ticks in @ms milliseconds. */
uint64_t engine_ms_ticks(const struct engine *e, uint64_t ms);

/*
 * Hosted platforms: send the secondaries home and wait until every
 * thread has gone (false, and nothing done, when the runs stopped: a
 * stuck CPU would not answer); then engine_free() frees the engine's
 * memory.
 */
bool engine_stop_cpus(struct engine *e);
void engine_free(struct engine *e);

#endif
