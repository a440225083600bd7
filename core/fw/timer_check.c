// SPDX-License-Identifier: BSD-2-Clause
/* The stated counter rate checked against a measured one; see
 * timer_check.h. */
#include <stdio.h>

#include "fw/timer_check.h"

struct timer_choice timer_choose(uint64_t stated, uint64_t measured)
{
	struct timer_choice c = { .hz = stated };
	uint64_t diff;

	if (!measured)
		return c;
	if (!stated) {
		c.hz = measured;
		c.measured = c.warn = true;
		return c;
	}
	diff = stated > measured ? stated - measured : measured - stated;
	/* in doubles: no product overflows at any rate */
	if ((double)diff * 100.0 > (double)measured * TIMER_TOLERANCE_PCT) {
		c.hz = measured;
		c.measured = c.warn = true;
	}
	return c;
}

struct timer_choice timer_choose_tries(uint64_t stated, uint64_t measured,
				       uint64_t lo, uint64_t hi)
{
	struct timer_choice c = { .hz = stated, .inconclusive = true };

	if (stated && measured &&
	    (double)(hi - lo) * 100.0 > (double)measured * TIMER_TOLERANCE_PCT)
		return c;
	return timer_choose(stated, measured);
}

const char *timer_warning(char *buf, size_t len, const char *what,
			  uint64_t stated, const char *ref, uint64_t measured)
{
	double pct = measured ? 100.0 * ((double)stated - (double)measured) /
				(double)measured : 0;

	if (pct < 0)
		pct = -pct;
	if (!stated)
		snprintf(buf, len, "%s states 0 Hz; %s measures %llu Hz, "
			 "which is used", what, ref,
			 (unsigned long long)measured);
	else
		snprintf(buf, len, "%s states %llu Hz, %s measures %llu Hz "
			 "(%.1f%% apart, more than %d%%): the measured rate "
			 "is used", what, (unsigned long long)stated, ref,
			 (unsigned long long)measured, pct,
			 TIMER_TOLERANCE_PCT);
	return buf;
}
