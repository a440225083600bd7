/* SPDX-License-Identifier: BSD-2-Clause */
#include "measure/rep_order.h"

size_t rep_order(uint32_t mask, uint32_t from, uint32_t to,
		 struct rep_step *out, size_t max)
{
	size_t n = 0;

	for (uint32_t rep = from; rep < to; rep++)
		for (uint32_t k = 0; k < 32; k++) {
			if (!(mask & (1u << k)))
				continue;
			if (n >= max)
				return 0;
			out[n++] = (struct rep_step){ .rep = rep, .kind = k };
		}
	return n;
}
