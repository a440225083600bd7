/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include "output/qr_plan.h"

uint32_t qr_plan_parts(const size_t *len, const uint8_t *take, size_t n,
		       size_t cap)
{
	uint32_t parts = 0;
	size_t used = 0;

	for (size_t i = 0; i < n; i++) {
		if (!take[i])
			continue;
		if (len[i] > cap)
			return UINT32_MAX;
		if (!parts || used + len[i] > cap) {
			parts++;
			used = 0;
		}
		used += len[i];
	}
	return parts;
}

int qr_plan_fit(struct qr_plan *p, uint32_t w, uint32_t h, uint32_t min_px,
		const size_t *len, const uint8_t *take, size_t n)
{
	if (!min_px)
		min_px = 1;
	for (uint32_t px = QR_PLAN_MAX_PX; px >= min_px; px--) {
		for (int v = QR_VERSION_MAX; v >= 1; v--) {
			uint32_t slot = (uint32_t)(QR_SIZE(v) +
						   2 * QR_PLAN_QUIET) * px;
			uint32_t slots, parts;
			size_t cap;

			if (slot > w || slot > h)
				continue;
			slots = (w / slot) * (h / slot);
			if (slots > QR_PLAN_MAX_PARTS)
				slots = QR_PLAN_MAX_PARTS;
			cap = qr_capacity(v, QR_PLAN_ECC);
			if (cap <= QR_PLAN_HEAD)
				continue;
			cap -= QR_PLAN_HEAD;
			parts = qr_plan_parts(len, take, n, cap);
			if (parts > slots)
				continue;	/* smaller codes: more of them */
			p->px = px;
			p->version = v;
			p->cap = cap;
			p->slot = slot;
			p->per_row = w / slot;
			p->nparts = parts;
			return 0;
		}
	}
	return -1;
}

/* Take every item but the first @k in the order they are left out (the
 * highest rank first, the latest first within a rank); how many that
 * leaves out. */
static size_t leave_out(size_t k, const uint8_t *rank, uint8_t *take,
			size_t n)
{
	uint8_t top = 0;
	size_t out = 0;

	memset(take, 1, n);
	for (size_t i = 0; i < n; i++)
		if (rank[i] > top)
			top = rank[i];
	for (unsigned r = top; r >= 1 && out < k; r--)
		for (size_t i = n; i-- > 0 && out < k;)
			if (rank[i] == r) {
				take[i] = 0;
				out++;
			}
	return out;
}

int qr_plan_choose(struct qr_plan *p, uint32_t w, uint32_t h,
		   uint32_t min_px, const size_t *len, const uint8_t *rank,
		   uint8_t *take, size_t n)
{
	size_t lo = 0, hi = leave_out(n, rank, take, n);

	/* the fewest left out that fits: a binary search, since leaving
	 * more out never needs more codes */
	if (qr_plan_fit(p, w, h, min_px, len, take, n))
		return -1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		leave_out(mid, rank, take, n);
		if (qr_plan_fit(p, w, h, min_px, len, take, n))
			lo = mid + 1;
		else
			hi = mid;
	}
	leave_out(lo, rank, take, n);
	qr_plan_fit(p, w, h, min_px, len, take, n);
	return (int)(n - lo);
}
