// SPDX-License-Identifier: BSD-2-Clause
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/layout_shape.h"

struct touch {
	uint64_t line;	/* region << 32 | line number */
	uint32_t cpu;
};

static int by_line(const void *a, const void *b)
{
	const struct touch *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->cpu < y->cpu ? -1 : x->cpu > y->cpu;
}

int sbm_layout_shape(const struct sbm_layout *l, uint32_t line,
		     struct sbm_shape *out)
{
	uint32_t per = 1 + l->nsteps, n = 0, atomics = 0;
	struct touch *t;
	uint8_t *seen;

	memset(out, 0, sizeof(*out));
	if (line < 8)
		line = 64;
	t = calloc((size_t)l->ncpus * per + 1, sizeof(*t));
	seen = calloc(l->nleaves + 1, 1);
	if (!t || !seen) {
		free(t);
		free(seen);
		return -1;
	}
	/* the element's op twice, then= inc/dec, undo='s (or then='s again) */
	for (uint32_t j = 0; j < l->nsteps; j++)
		atomics += (l->spec->step[j].kind == SK_INC ||
			    l->spec->step[j].kind == SK_DEC) *
			   (l->spec->undo || j >= l->spec->nset ? 1 : 2);
	out->atomics = atomics + 2;
	for (uint32_t c = 0; c < l->ncpus; c++) {
		uint32_t first = n, mine;

		if (!seen[l->leaf[c]]++)
			out->leaves++;
		t[n++] = (struct touch){ sbm_slot_line(&l->slot[c], line), c };
		for (uint32_t j = 0; j < l->nsteps; j++)
			if (l->spec->step[j].kind < SK_MB)
				t[n++] = (struct touch){
					sbm_slot_line(&l->comp[c * l->nsteps + j],
						      line), c };
		qsort(t + first, n - first, sizeof(*t), by_line);
		mine = 0;
		for (uint32_t i = first; i < n; i++)	/* distinct, in place */
			if (i == first || t[i].line != t[first + mine - 1].line)
				t[first + mine++] = t[i];
		n = first + mine;
		if (mine > out->touches)
			out->touches = mine;
	}
	qsort(t, n, sizeof(*t), by_line);
	for (uint32_t i = 0; i < n;) {
		uint32_t s = 0;

		while (i + s < n && t[i + s].line == t[i].line)
			s++;
		out->lines++;
		if (s > out->most)
			out->most = s;
		i += s;
	}
	free(t);
	free(seen);
	return 0;
}

size_t sbm_shape_format(const struct sbm_shape *s, char *buf, size_t len)
{
	int w = snprintf(buf, len,
			 "%u line%s per update (%u atomic%s per set+clear), "
			 "%u line%s in all, up to %u CPU%s on one",
			 s->touches, s->touches == 1 ? "" : "s", s->atomics,
			 s->atomics == 1 ? "" : "s", s->lines,
			 s->lines == 1 ? "" : "s", s->most,
			 s->most == 1 ? "" : "s");

	return w > 0 ? (size_t)w : 0;
}
