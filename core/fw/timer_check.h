/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which counter rate to believe: the one the hardware states (x86 CPUID
 * 0x15's crystal ratio, arm64 CNTFRQ_EL0, which firmware writes and can
 * get wrong or leave 0) or the one measured against a second clock (the
 * ACPI PM timer, UEFI Stall).  Every figure in counter ticks rides on it.
 */
#ifndef SBM_CORE_TIMER_CHECK_H
#define SBM_CORE_TIMER_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TIMER_TOLERANCE_PCT	2	/* more apart: the measured one wins */

struct timer_choice {
	uint64_t hz;		/* the rate to use; 0: neither is known */
	bool measured;		/* it is the measured one */
	bool warn;		/* say so: they disagree, or none stated */
	bool inconclusive;	/* the tries disagreed: the stated rate kept */
};

/*
 * @stated 0: the hardware states none (CNTFRQ_EL0 = 0); @measured 0: no
 * second clock to measure against.  Both known: the stated rate when they
 * are within TIMER_TOLERANCE_PCT of the measured one, else the measured
 * rate with a warning.  Only one known: that one, with a warning when it
 * is the measured one standing in for a stated 0.
 */
struct timer_choice timer_choose(uint64_t stated, uint64_t measured);

/*
 * The same for a measurement repeated: @measured the best estimate, @lo
 * and @hi the lowest and highest single try.  Tries further apart than
 * TIMER_TOLERANCE_PCT of @measured say the second clock was disturbed
 * (an emulator's host busy, an SMI): a stated rate is then kept and the
 * choice says inconclusive, never a noisy measurement over a stated rate.
 */
struct timer_choice timer_choose_tries(uint64_t stated, uint64_t measured,
				       uint64_t lo, uint64_t hi);

/*
 * The warning's text: "@what states S Hz, @ref measures M Hz (P% apart):
 * the measured rate is used" or "... states 0 Hz ...".  Returns @buf.
 */
const char *timer_warning(char *buf, size_t len, const char *what,
			  uint64_t stated, const char *ref, uint64_t measured);

#endif
