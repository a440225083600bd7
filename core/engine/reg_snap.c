/* SPDX-License-Identifier: BSD-2-Clause */
#include "engine/reg_snap.h"

void reg_snap_put(struct reg_snap *s, uint32_t id, uint64_t val)
{
	if (s->n >= REG_SNAP_MAX) {
		s->truncated = true;
		return;
	}
	s->r[s->n].id = id;
	s->r[s->n].val = val;
	s->n++;
}

static const struct reg_val *find(const struct reg_snap *s, uint32_t id)
{
	for (uint32_t i = 0; i < s->n && i < REG_SNAP_MAX; i++)
		if (s->r[i].id == id)
			return &s->r[i];
	return NULL;
}

static size_t add(struct reg_diff *out, size_t max, size_t k,
		  const struct reg_diff *d)
{
	if (k < max)
		out[k] = *d;
	return k + 1;
}

size_t reg_snap_diff(const struct reg_snap *boot, const struct reg_snap *cpu,
		     struct reg_diff *out, size_t max)
{
	size_t k = 0;

	for (uint32_t i = 0; i < boot->n && i < REG_SNAP_MAX; i++) {
		const struct reg_val *b = &boot->r[i], *c = find(cpu, b->id);
		struct reg_diff d = { b->id, REG_DIFF_VALUE, b->val, 0 };

		if (c && c->val == b->val)
			continue;
		if (c)
			d.cpu = c->val;
		else
			d.kind = REG_DIFF_NOT_ON_CPU;
		k = add(out, max, k, &d);
	}
	for (uint32_t i = 0; i < cpu->n && i < REG_SNAP_MAX; i++) {
		const struct reg_val *c = &cpu->r[i];
		struct reg_diff d = { c->id, REG_DIFF_NOT_ON_BOOT, 0, c->val };

		if (!find(boot, c->id))
			k = add(out, max, k, &d);
	}
	return k;
}
