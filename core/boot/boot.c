/* SPDX-License-Identifier: BSD-2-Clause */
/* The one boot sequence (boot.h); the platforms differ only in hooks. */
#include <stdlib.h>
#include <string.h>

#include "boot/boot.h"
#include "engine/engine.h"
#include "exp/experiment.h"
#include "isa_ops.h"
#include "options/config.h"
#include "output/report.h"
#include "topo/topo.h"

uint32_t boot_run_id(uint64_t boot_hwid)
{
	return (uint32_t)(isa_counter() * 2654435761u) ^ (uint32_t)boot_hwid;
}

/* The CPU table from the heap: the bare-metal images have no room for
 * TOPO_MAX_CPUS entries in their image. */
static void topology_alloc(struct engine *e, const struct boot_ops *ops)
{
	struct topo *t = calloc(1, sizeof(*t));
	struct topo_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));

	if (!t || !cpus)
		ops->fail(e, "memory", "no memory for the topology");
	topo_init(t, cpus);
	e->topo = t;
}

/* The firmware must list the CPU we run on; if it does not, we still
 * run, on it. */
static void boot_cpu_listed(struct engine *e, const struct boot_ops *ops,
			    uint64_t hwid)
{
	struct topo *t = e->topo;

	if (topo_find_hwid(t, hwid) < 0) {
		topo_add_cpu(t, hwid, TOPO_CPU_BSP);
		report_warn(ops->unlisted_what, 0, ops->unlisted_why);
	}
	if (!strcmp(t->node_source, "unknown"))
		t->node_source = "none";
}

int boot_main(struct engine *e, const struct boot_ops *ops)
{
	static char err[1024];
	static struct config cfg;
	const char *why = NULL;
	uint64_t hwid;
	int status, opt_rc;

	e->cfg = &cfg;
	if (ops->console)
		ops->console(e);
	hwid = ops->boot_cpu(e);
	report_set_run_id(boot_run_id(hwid));
	if (ops->machine)
		ops->machine(e);
	config_defaults(e->cfg);
	topology_alloc(e, ops);

	opt_rc = ops->options(e, err, sizeof(err));
	/* stop_after_restore=1: the saved result was the point of the boot */
	if (ops->restore && ops->restore(e) && e->cfg->stop_after_restore &&
	    !opt_rc && ops->end)
		ops->end(e, 0);
	if (ops->tables)
		ops->tables(e);
	if (ops->prepare_save)
		ops->prepare_save(e);
	if (opt_rc)
		ops->fail(e, "options", err);

	if (ops->cpus(e, &why))
		ops->fail(e, "topology", why);
	if (ops->unlisted_why)
		boot_cpu_listed(e, ops, hwid);
	if (ops->cpu_details)
		ops->cpu_details(e);
	if (topo_finalize(e->topo, &why))
		ops->fail(e, "topology", why);

	ops->prepare(e);
	config_engine_opts(e->cfg, &e->opts);
	if (experiments_init(e, &why))
		ops->fail(e, "options", why);
	if (ops->leave_firmware)
		ops->leave_firmware(e);
	status = experiments_run(e);
	/* the other CPUs halted, off or joined: the save and the end run
	 * alone, and cost an emulator nothing for idle CPUs */
	experiments_release(e);
	if (ops->save)
		ops->save(e);
	if (ops->end)
		ops->end(e, status);
	free(e->topo->cpus);
	free(e->topo);
	return status;
}
