/* SPDX-License-Identifier: BSD-2-Clause */
/* The machine map of a run: made on first use, freed with the run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runmap.h"
#include "runs.h"

struct run_map *runmap_of(struct run_map **m)
{
	if (!*m) {
		*m = calloc(1, sizeof(**m));
		if (!*m) {
			fprintf(stderr, "sbmlog: out of memory\n");
			exit(2);
		}
	}
	return *m;
}

void runmap_free(struct run_map *m)
{
	if (!m)
		return;
	free(m->cpus);
	free(m->pairs);
	free(m->noise);
	free(m->scale);
	free(m->scale_sum);
	free(m->rw);
	free(m);
}
