/* SPDX-License-Identifier: BSD-2-Clause */
/* The machine map of a run: made on first use, freed with the run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log/runmap.h"

static void *zalloc(size_t size)
{
	void *p = calloc(1, size);

	if (!p) {
		fprintf(stderr, "sbmlog: out of memory\n");
		exit(2);
	}
	return p;
}

struct run_map *runmap_of(struct run_map **m)
{
	if (!*m)
		*m = zalloc(sizeof(**m));
	return *m;
}

void *runmap_part(const struct run_map *m, const struct host_exp *h)
{
	size_t i = host_index(h);

	return m && i < HOST_MAX_EXPERIMENTS ? m->part[i] : NULL;
}

void *runmap_part_make(struct run_map **m, const struct host_exp *h,
		       size_t size)
{
	size_t i = host_index(h);
	struct run_map *x = runmap_of(m);

	if (i >= HOST_MAX_EXPERIMENTS) {	/* not in the registry */
		fprintf(stderr, "sbmlog: a host part of no experiment\n");
		exit(2);
	}
	if (!x->part[i])
		x->part[i] = zalloc(size);
	return x->part[i];
}

void runmap_free(struct run_map *m)
{
	if (!m)
		return;
	free(m->cpus);
	for (size_t i = 0; host_names[i] && i < HOST_MAX_EXPERIMENTS; i++) {
		if (!m->part[i])
			continue;
		if (host_experiments[i] && host_experiments[i]->release)
			host_experiments[i]->release(m->part[i]);
		free(m->part[i]);
	}
	free(m);
}
