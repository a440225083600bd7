/* SPDX-License-Identifier: BSD-2-Clause */
/* The arithmetic of the calibrated estimates, apart so that it is tested
 * without an engine (tests/test_sbm_figures.c). */
#include "engine/estimate.h"

uint64_t estimate_linear(uint64_t t1, uint64_t n1, uint64_t t2, uint64_t n2,
			 uint64_t n, uint64_t runs)
{
	double c, f;

	if (n2 <= n1) {
		/* one usable run: its own rate */
		t2 = t1;
		n2 = n1 ? n1 : 1;
		c = 0;
	} else {
		c = ((double)t2 - (double)t1) / (double)(n2 - n1);
	}
	f = (double)t1 - (double)n1 * c;
	if (c <= 0 || f < 0) {
		c = (double)t2 / (double)n2;
		f = 0;
	}
	return (uint64_t)((double)runs * (f + (double)n * c) + 0.5);
}
