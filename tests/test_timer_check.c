// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests for core/fw/timer_check.c: which counter rate the images use
 * when the stated one (CPUID 0x15, CNTFRQ_EL0) and the measured one (PM
 * timer, UEFI Stall) agree, disagree, or one is missing.
 */
#include <stdint.h>

#include "check.h"
#include "fw/timer_check.h"

int main(void)
{
	struct timer_choice c;
	char buf[200];

	/* Agree within 2 %: the stated rate, which is exact. */
	c = timer_choose(2000000000ull, 2010000000ull);
	CHECK_EQ_U64(c.hz, 2000000000ull);
	CHECK(!c.measured && !c.warn);
	c = timer_choose(25000000, 24600000);	/* 1.6 % */
	CHECK_EQ_U64(c.hz, 25000000);
	CHECK(!c.warn);
	/* Exactly 2 % apart is still agreement; just past it is not. */
	c = timer_choose(1020000, 1000000);
	CHECK(!c.warn);
	c = timer_choose(1020001, 1000000);
	CHECK(c.warn && c.measured);
	CHECK_EQ_U64(c.hz, 1000000);
	c = timer_choose(980000, 1000000);
	CHECK(!c.warn);
	c = timer_choose(979999, 1000000);
	CHECK(c.warn);
	/* A firmware that wrote CNTFRQ for another clock (24 MHz board,
	 * 25 MHz counter): the measured rate, and a warning. */
	c = timer_choose(24000000, 25000000);
	CHECK(c.warn && c.measured);
	CHECK_EQ_U64(c.hz, 25000000);
	/* CNTFRQ 0: the measured rate carries the run, with a warning. */
	c = timer_choose(0, 62500000);
	CHECK(c.warn && c.measured);
	CHECK_EQ_U64(c.hz, 62500000);
	/* Nothing to check against: the stated rate, quietly. */
	c = timer_choose(1000000000, 0);
	CHECK(!c.warn && !c.measured);
	CHECK_EQ_U64(c.hz, 1000000000);
	/* Neither: 0, for the caller to refuse. */
	c = timer_choose(0, 0);
	CHECK_EQ_U64(c.hz, 0);
	/* No overflow at absurd rates. */
	c = timer_choose(UINT64_MAX, UINT64_MAX / 2);
	CHECK(c.warn);
	CHECK_EQ_U64(c.hz, UINT64_MAX / 2);
	c = timer_choose(UINT64_MAX, UINT64_MAX - 1);
	CHECK(!c.warn);

	/* Tries that disagree: the stated rate stays, whatever the best
	 * estimate says (a loaded emulator host measured 10.8 % low). */
	c = timer_choose_tries(62500000, 56420760, 56000000, 62600000);
	CHECK(c.inconclusive && !c.warn && !c.measured);
	CHECK_EQ_U64(c.hz, 62500000);
	/* ... but with nothing stated the measurement is all there is */
	c = timer_choose_tries(0, 56420760, 56000000, 62600000);
	CHECK(!c.inconclusive && c.warn && c.measured);
	CHECK_EQ_U64(c.hz, 56420760);
	/* Tries that agree decide as timer_choose() does */
	c = timer_choose_tries(62500000, 62400000, 62300000, 62500000);
	CHECK(!c.inconclusive && !c.warn);
	CHECK_EQ_U64(c.hz, 62500000);
	c = timer_choose_tries(50000000, 62400000, 62300000, 62500000);
	CHECK(!c.inconclusive && c.warn && c.measured);
	CHECK_EQ_U64(c.hz, 62400000);
	/* at the edge: 2 % apart is still agreement */
	c = timer_choose_tries(62500000, 50000000, 49500000, 50500000);
	CHECK(!c.inconclusive && c.warn);

	timer_warning(buf, sizeof(buf), "CPUID 0x15", 24000000, "the PM timer",
		      25000000);
	CHECK_STR(buf, "CPUID 0x15 states 24000000 Hz, the PM timer measures "
		  "25000000 Hz (4.0% apart, more than 2%): the measured rate "
		  "is used");
	timer_warning(buf, sizeof(buf), "CNTFRQ_EL0", 0, "UEFI Stall",
		      62500000);
	CHECK_STR(buf, "CNTFRQ_EL0 states 0 Hz; UEFI Stall measures 62500000 "
		  "Hz, which is used");
	return check_done("test_timer_check");
}
