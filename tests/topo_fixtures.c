/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>

#include "topo_fixtures.h"

int fixture_topo(struct topo *t, struct topo_cpu *storage, unsigned nodes,
		 unsigned llcs, unsigned cores, unsigned threads)
{
	const char *why = "";

	topo_init(t, storage);
	for (unsigned th = 0; th < threads; th++)
		for (unsigned n = 0; n < nodes; n++)
			for (unsigned l = 0; l < llcs; l++)
				for (unsigned c = 0; c < cores; c++) {
					unsigned core = (n * llcs + l) * cores + c;
					int i = topo_add_cpu(t, core * threads + th,
							     0);

					if (i < 0)
						return -1;
					/* raw ids deliberately sparse */
					t->cpus[i].raw_node = n * 7 + 3;
					t->cpus[i].raw_package = n * 2;
					t->cpus[i].raw_llc = l * 4 + 1;
					t->cpus[i].raw_core = (l * cores + c) * 2;
				}
	t->cpus[0].flags |= TOPO_CPU_BSP;
	if (topo_finalize(t, &why)) {
		fprintf(stderr, "fixture: %s\n", why);
		return -1;
	}
	return 0;
}
