/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The update ops this build offers: the instruction sequences a layout's
 * slot is set and cleared with, generated from the ISA's list
 * (isa_ops.h) so that set and clear inline into the timed loop.  Bit ops
 * come first (the native one first), then byte ops.
 */
#ifndef SBM_OPS_H
#define SBM_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa_ops.h"

typedef void (*sbm_op_loop_fn)(void *p, unsigned bit, uint64_t iters);
typedef uint64_t (*sbm_op_gap_fn)(void *p, unsigned bit, uint64_t iters,
				  uint64_t gap_ticks);
typedef void (*sbm_op_one_fn)(void *p, unsigned bit);

struct sbm_op {
	const char *name;
	bool bytewise;
	sbm_op_loop_fn loop;	/* iters x (set; clear), inlined */
	/* iters x (set; gap; clear; gap): updates as events, each gap
	 * private work until @gap_ticks of the counter have passed
	 * (ops_gap_wait()); returns the ticks the gaps really took */
	sbm_op_gap_fn loop_gap;
	/* single ops, for the pair mode and rw's writers: each returns
	 * once the update has completed (isa_update_wait()) */
	sbm_op_one_fn set, clear;
	/* the op alone, no wait after it: one step of a spec's update
	 * (steps_op.h), whose next step follows as the kernel's would */
	sbm_op_one_fn set_bare, clear_bare;
};

/*
 * Private work between two updates: @n rounds of a register-only loop
 * the compiler must keep, touching no memory, so it adds time and no
 * coherence traffic.
 */
static inline void ops_spin(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		__asm__ volatile("" : "+r"(i));
}

/* Counter reads in a gap: one every OPS_GAP_ROUNDS spin rounds, so the
 * read's own cost is a small part of the private work. */
#define OPS_GAP_ROUNDS 32

/*
 * gap_fence=1 (the default): a gap starts once the update before it has
 * completed (isa_update_wait()), as the kernel's next atomic waits for
 * it; 0: at once, the private work overlapping the update's miss.  The
 * single ops (.set, .clear: rw's writers, mode=pair) always wait: each
 * is timed alone.  The engine sets it from the option before any run.
 */
extern bool ops_gap_fence;

/* A gap's first counter read, after the update with gap_fence=1. */
static inline uint64_t ops_gap_start(void)
{
	if (ops_gap_fence) {
		isa_update_wait();
		return isa_counter();
	}
	return isa_counter_raw();
}

/* Spin rounds per counter tick on the calibrating CPU, x 256, halved
 * (ops_gap_calibrate()); 0: not calibrated. */
extern uint64_t ops_gap_half_q8;

/*
 * One gap: private work until the counter has advanced @gap ticks from
 * the gap's start.  A deadline, not a count: a slower clock, an SMT
 * sibling or a preempted vCPU stretches floor and layout runs alike, and
 * the ticks it really took come back for the record (gap_real_ns).
 * Each turn spins half of what is left at the calibrated pace, at least
 * OPS_GAP_ROUNDS, then reads the counter: a gap takes about log2(gap /
 * OPS_GAP_ROUNDS) reads, not one per OPS_GAP_ROUNDS (50 in a 1000 ns
 * gap), and a CPU up to twice slower than the calibrating one still
 * ends within OPS_GAP_ROUNDS of the deadline.  Reads are not free
 * everywhere: QEMU's TCG takes one lock for every x86 vCPU's rdtsc.
 */
static inline uint64_t ops_gap_wait(uint64_t gap)
{
	uint64_t t0 = ops_gap_start(), t = t0;

	do {
		uint64_t half = ((gap - (t - t0)) * ops_gap_half_q8) >> 8;

		ops_spin(half > OPS_GAP_ROUNDS ? half : OPS_GAP_ROUNDS);
		t = isa_counter_raw();	/* x86: no lfence on the update */
	} while (t - t0 < gap);
	return t - t0;
}

/* @n iterations of @op as a window runs them: the bare loop at gap 0
 * (loop_gap() would still read the counter and spin between updates),
 * loop_gap() otherwise; the ticks the gaps really took (0 at gap 0). */
static inline uint64_t ops_run(const struct sbm_op *op, void *p,
			       unsigned bit, uint64_t n, uint64_t gap)
{
	if (gap)
		return op->loop_gap(p, bit, n, gap);
	op->loop(p, bit, n);
	return 0;
}

/*
 * One iteration of @op while other CPUs' windows are still open: untimed,
 * so its gaps are spun at the calibrated pace (ops_gap_calibrate())
 * without a counter read.  The line still sees updates at about the
 * windows' rate, and the counter is left to the CPUs still timing: under
 * QEMU's TCG every x86 rdtsc takes one QEMU-wide lock, and 63 vCPUs
 * reading it between updates held back the one that had to close.
 */
static inline void ops_run_untimed(const struct sbm_op *op, void *p,
				   unsigned bit, uint64_t gap)
{
	uint64_t n = (gap * ops_gap_half_q8) >> 7;

	if (!gap) {
		op->loop(p, bit, 1);
		return;
	}
	op->set(p, bit);
	ops_spin(n);
	op->clear(p, bit);
	ops_spin(n);
}

/* @gap_ns as counter ticks at @hz, at least one for a non-zero gap. */
uint64_t ops_gap_ticks(uint32_t gap_ns, uint64_t hz);

/* Nanoseconds one ops_spin() round takes on the calling CPU, timed with
 * the counter (@hz) over at least 2 ms. */
double ops_spin_ns(uint64_t hz);
/* ops_spin_ns(), and the gaps' pace (ops_gap_half_q8) from it; once a
 * boot (the first call's figure after), by every user of gaps before
 * its first one. */
double ops_gap_calibrate(uint64_t hz);

const struct sbm_op *ops_all(size_t *n);
/* By name; "native" is the first of its kind (the kernel-equivalent op). */
const struct sbm_op *ops_find(const char *name, bool bytewise);
/* "a,b,c(u8)": every op, byte ops marked (the config record's ops=). */
void ops_format(char *buf, size_t len);
/* "unknown op 'x' (valid: native, a, b)" for the bad one of op/op_u8. */
void ops_refusal(const char *op, const char *op_u8, char *buf, size_t len);

#endif
