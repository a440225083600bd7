/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include "qr_plan.h"

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
			uint32_t slot = (uint32_t)(QR_SIZE(v) + 2 * QR_PLAN_QUIET) * px;
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

int qr_plan_choose(struct qr_plan *p, uint32_t w, uint32_t h,
		   uint32_t min_px, const size_t *len, const uint8_t *rank, uint8_t *take,
		   size_t n)
{
	size_t taken = n;

	memset(take, 1, n);
	while (qr_plan_fit(p, w, h, min_px, len, take, n)) {
		size_t drop = n;

		/* the latest item of the highest rank still taken */
		for (size_t i = n; i-- > 0;)
			if (take[i] && rank[i] &&
			    (drop == n || rank[i] > rank[drop]))
				drop = i;
		if (drop == n)
			return -1;
		take[drop] = 0;
		taken--;
	}
	return (int)taken;
}
