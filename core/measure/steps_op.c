// SPDX-License-Identifier: BSD-2-Clause
#include <stdlib.h>

#include "measure/steps_op.h"

static inline void run(const struct sbm_steps *s,
		       const struct sbm_step_run *r, uint32_t n, int set)
{
	for (uint32_t i = 0; i < n; i++) {
		switch (r[i].kind) {
		case SK_BIT:
			if (set)
				s->elem->set_bare(s->p, s->bit);
			else
				s->elem->clear_bare(s->p, s->bit);
			break;
		case SK_INC:
			isa_atomic_add32(r[i].w, 1);
			break;
		case SK_DEC:
			isa_atomic_add32(r[i].w, -1);
			break;
		case SK_STORE:	/* WRITE_ONCE() */
			*r[i].w = r[i].val;
			break;
		case SK_LOAD:	/* READ_ONCE() */
			(void)*r[i].w;
			break;
		case SK_MB:
			isa_smp_mb();
			break;
		case SK_WMB:
			isa_smp_wmb();
			break;
		default:
			isa_mb_after_atomic();
			break;
		}
	}
}

static void steps_set_bare(void *p, unsigned bit)
{
	struct sbm_steps *s = p;

	(void)bit;
	run(s, s->set, s->nset, 1);
}

static void steps_clear_bare(void *p, unsigned bit)
{
	struct sbm_steps *s = p;

	(void)bit;
	run(s, s->clr, s->nclr, 0);
}

/* The single ops (rw's writers) wait for the update, as every op's do */
static void steps_set(void *p, unsigned bit)
{
	steps_set_bare(p, bit);
	isa_update_wait();
}

static void steps_clear(void *p, unsigned bit)
{
	steps_clear_bare(p, bit);
	isa_update_wait();
}

static void steps_loop(void *p, unsigned bit, uint64_t iters)
{
	for (uint64_t i = 0; i < iters; i++) {
		steps_set_bare(p, bit);
		steps_clear_bare(p, bit);
	}
}

static uint64_t steps_loop_gap(void *p, unsigned bit, uint64_t iters,
			       uint64_t gap)
{
	uint64_t real = 0;

	for (uint64_t i = 0; i < iters; i++) {
		steps_set_bare(p, bit);
		real += ops_gap_wait(gap);
		steps_clear_bare(p, bit);
		real += ops_gap_wait(gap);
	}
	return real;
}

const struct sbm_op sbm_steps_op = {
	.name = "steps",
	.loop = steps_loop,
	.loop_gap = steps_loop_gap,
	.set = steps_set,
	.clear = steps_clear,
	.set_bare = steps_set_bare,
	.clear_bare = steps_clear_bare,
};

/* The steps [@from, @to) of @l for @cpu on @a into @out, the element's
 * op first where they do not name it; their count. */
static uint32_t seq(const struct sbm_layout *l, const struct sbm_arena *a,
		    uint32_t cpu, uint32_t from, uint32_t to, uint8_t val,
		    struct sbm_step_run *out)
{
	const struct sbm_spec *sp = l->spec;
	uint32_t n = 0;
	bool bit = false;

	for (uint32_t j = from; j < to; j++)
		bit |= sp->step[j].kind == SK_BIT;
	if (!bit)
		out[n++] = (struct sbm_step_run){ SK_BIT, 0, NULL };
	for (uint32_t j = from; j < to; j++) {
		const struct sbm_slot *w = &l->comp[cpu * l->nsteps + j];
		uint8_t k = sp->step[j].kind;

		out[n++] = (struct sbm_step_run){ k, val, k < SK_MB ?
			(volatile uint32_t *)(a->base[w->region] + w->offset) :
			NULL };
	}
	return n;
}

struct sbm_steps *sbm_steps_bind(const struct sbm_layout *l,
				 const struct sbm_arena *a,
				 const struct sbm_op *elem)
{
	const struct sbm_spec *sp = l->spec;
	struct sbm_steps *st = calloc(l->ncpus ? l->ncpus : 1, sizeof(*st));

	if (!st)
		return NULL;
	for (uint32_t c = 0; c < l->ncpus; c++) {
		struct sbm_steps *s = &st[c];

		s->elem = elem;
		s->p = sbm_slot_ptr(l, a, c);
		s->bit = l->slot[c].bit;
		s->nset = seq(l, a, c, 0, sp->nset, 1, s->set);
		if (sp->undo) {
			s->nclr = seq(l, a, c, sp->nset, sp->nsteps, 0, s->clr);
			continue;
		}
		/* the set undone: its sequence reversed, inc and dec swapped */
		s->nclr = s->nset;
		for (uint32_t i = 0; i < s->nset; i++) {
			struct sbm_step_run r = s->set[s->nset - 1 - i];

			r.kind = r.kind == SK_INC ? SK_DEC :
				 r.kind == SK_DEC ? SK_INC : r.kind;
			r.val = 0;
			s->clr[i] = r;
		}
	}
	return st;
}
