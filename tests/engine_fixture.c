/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>
#include <unistd.h>

#include "engine_fixture.h"
#include "isa_ops.h"
#include "linux_twin.h"
#include "topo_fixtures.h"

int engine_fixture(struct engine *b, struct topo *t, struct topo_cpu *cpus,
		   uint32_t nodes, uint32_t llcs, uint32_t cores,
		   uint32_t smt, const char *opts)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	const char *why = "";
	char err[256];

	memset(b, 0, sizeof(*b));
	if (fixture_topo(t, cpus, nodes, llcs, cores, smt))
		return -1;
	for (uint32_t i = 0; i < t->ncpus; i++)
		t->cpus[i].hwid = i % (uint32_t)(online > 0 ? online : 1);
	b->topo = t;
	b->join_cpus = linux_join_cpus;
	linux_numa_topo(t);
	b->cfg = fixture_config();
	if (config_parse(b->cfg, opts, strlen(opts), "test", err,
			 sizeof(err)))
		return -1;
	b->info = (struct machine_info){ .arch = ISA_NAME, .platform = "test",
		.virt = "none", .counter = "test", .counter_hz = 1000000000,
		.hz_source = "test" };
	return fixture_init(b, &why);
}

struct config *fixture_config(void)
{
	static struct config cfg;

	config_defaults(&cfg);
	return &cfg;
}

int fixture_init(struct engine *b, const char **why)
{
	config_engine_opts(b->cfg, &b->opts);
	return experiments_init(b, why);
}
