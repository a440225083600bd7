/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The riscv64 OpenSBI payload: console, options from /chosen bootargs,
 * topology from the device tree, harts started with SBI HSM, the engine,
 * then SBI SRST.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "engine/engine.h"
#include "fw/fdt_platform.h"
#include "fw/fdt_topo.h"
#include "isa_ops.h"
#include "out/report.h"
#include "test_hooks.h"
#include "riscv.h"
#include "sbi.h"

extern char _start[], _end[];

#define FDT_MAX_SIZE	(2u << 20)
#define HEAP_MAX	(24u << 20)
#define STACK_SIZE	(16u << 10)

static struct engine bench;
static struct topo topo;
/* In .data, not .bss: a hart entry.S turns away may read them before the
 * boot hart has cleared .bss (a loader that releases every hart at once). */
__attribute__((section(".data"))) struct riscv_boot *riscv_boots;
__attribute__((section(".data"))) uint64_t riscv_nboots;
static bool all_zabha;
static uintptr_t heap_end;	/* end of what the payload itself uses */

/* Any trap is a bug here (no interrupts, no paging): say where, stop. */
void riscv_trap(uint64_t cause, uint64_t epc, uint64_t tval)
{
	char msg[96];

	snprintf(msg, sizeof(msg), "unexpected trap scause=0x%llx sepc=0x%llx stval=0x%llx",
		 (unsigned long long)cause, (unsigned long long)epc,
		 (unsigned long long)tval);
	plat_console_write(msg, strlen(msg));
	plat_console_write("\n", 1);
	plat_power_off(2, true);
}

bool plat_cycles_available(void)
{
	return true;	/* rdcycle works in S-mode on OpenSBI */
}

/* Stop before the run: still a hello, the reason and an end record. */
/* Which board: the DT's /model and the SBI's machine ids (mvendorid,
 * marchid, mimpid: base extension functions 4-6). */
static void machine_ids(const struct fdt *f, struct machine_info *info)
{
	static char model[48], ids[3][24];
	static const char *const keys[3] = { "mvendorid", "marchid", "mimpid" };
	const char *m = fdt_getprop_str(f, fdt_root(f), "model");

	if (m) {
		size_t i;

		for (i = 0; m[i] && i + 1 < sizeof(model); i++)
			model[i] = m[i] >= 0x20 && m[i] < 0x7f ? m[i] : '?';
		model[i] = 0;
		machine_add_id(info, "dt_model", model);
	}
	/* SBI 0.1 has no base extension: the calls fail, nothing added */
	for (int k = 0; k < 3; k++) {
		struct sbiret r = sbi_call(SBI_EXT_BASE, 4 + k, 0, 0, 0);

		if (r.error)
			continue;
		snprintf(ids[k], sizeof(ids[k]), "0x%lx", (unsigned long)r.value);
		machine_add_id(info, keys[k], ids[k]);
	}
}

static void fail_early(const char *what, const char *why)
{
	report_early_end(&bench.info, what, why);
	plat_power_off(1, bench.cfg.exit);
}

/* Heap between the image and the FDT (fw_jump puts it 32 MiB above us). */
static void setup_heap(uintptr_t fdt, uint32_t fdt_size)
{
	uintptr_t start = (uintptr_t)_end, end = start + HEAP_MAX;

	if (fdt >= start && fdt < end)
		end = fdt;
	if (fdt + fdt_size > start && fdt < start)
		start = fdt + fdt_size;	/* FDT below us: nothing to avoid */
	riscv_heap_init(start, end);
	heap_end = end;
}

void riscv_main(unsigned long hart, void *fdt_blob)
{
	static char err[1024];
	struct topo_cpu *cpus;
	const char *why = NULL, *bootargs = NULL;
	struct fdt f;
	uint64_t hz = 0;
	struct fdt_topo_info dt;
	int status;

	if (fdt_open(&f, fdt_blob, FDT_MAX_SIZE, &why)) {
		/* no console but the legacy one, no heap: say it and stop */
		riscv_console_init(NULL);
		plat_console_write("sbmbench: bad FDT: ", 19);
		plat_console_write(why, strlen(why));
		plat_console_write("\n", 1);
		sbi_shutdown(true);
		for (;;)
			;
	}
	setup_heap((uintptr_t)fdt_blob, f.size);
	riscv_console_init(&f);
	riscv_power_init(&f);
	setvbuf(stdout, NULL, _IONBF, 0);	/* nothing lost at power-off */
	fdt_timebase_hz(&f, &hz);
	riscv_timebase_hz = hz;
	report_set_run_id((uint32_t)(isa_counter() * 2654435761u) ^ (uint32_t)hart);
	bench.info = (struct machine_info){
		.arch = ISA_NAME, .platform = "opensbi",
		/* the virt machine's DT names its virtio devices; boards do not */
		.virt = fdt_node_by_compatible(&f, "virtio,mmio") >= 0 ?
			"qemu" : "none",
		.cpu_model = "riscv64", .counter = "time", .counter_hz = hz,
		.hz_source = "dt-timebase-frequency", .cycles = true,
		.cycle_counter = "cycle",
		.idle_wait = "spin",	/* no Zawrs: a pause-hinted loop */
	};
	machine_ids(&f, &bench.info);
	/* where the loader put us: entry.S relocated the image by the difference */
	printf("\nsbmbench: riscv64 payload, boot hart %lu, running at %#lx, linked at %#lx, "
	       "FDT at %p, console %s, SBI %ld.%ld\n",
	       hart, (unsigned long)(uintptr_t)_start, (unsigned long)RISCV_LINK_BASE,
	       fdt_blob, riscv_console_name(), (sbi_spec_version() >> 24) & 0x7f,
	       sbi_spec_version() & 0xffffff);

	config_defaults(&bench.cfg);
	fdt_chosen(&f, NULL, &bootargs);
	riscv_hsm_at_entry = fdt_getprop(&f, fdt_path_offset(&f, "/chosen"),
					 "sbmbench,test-hsm-at-entry", NULL) != NULL;
	if (riscv_hsm_at_entry && !sbm_test_hooks) {
		riscv_hsm_at_entry = false;
		report_warn("cpu-start", 0, "/chosen sbmbench,test-hsm-at-entry "
			    "ignored: a test switch, and this payload was built "
			    "without test hooks");
	} else if (riscv_hsm_at_entry) {
		report_warn("cpu-start", 0, "test mode: harts are started at the "
			    "payload entry (/chosen sbmbench,test-hsm-at-entry)");
	}
	if (bootargs && config_parse(&bench.cfg, bootargs, strlen(bootargs),
				     "bootargs", err, sizeof(err)))
		fail_early("options", err);
	if (hz)
		riscv_counter_choose(bench.cfg.riscv_counter, &bench.info);

	cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	if (!cpus)
		fail_early("memory", "no heap for the CPU table");
	topo_init(&topo, cpus);
	if (fdt_topo_cpus(&f, &topo, hart, ~0ull, &dt, &why) ||
	    topo_finalize(&topo, &why))
		fail_early("topology", why);
	fdt_topo_distances(&f, &topo);
	riscv_numa_pools(&f, &topo, heap_end);
	all_zabha = dt.all_zabha;
	if (dt.truncated)
		report_warn("topology", TOPO_MAX_CPUS,
			    "more harts in the DT than supported; the rest left out");
	riscv_boots = calloc(topo.ncpus, sizeof(*riscv_boots));
	if (!riscv_boots)
		fail_early("memory", "no heap for the hart table");
	for (uint32_t i = 0; i < topo.ncpus; i++)
		riscv_boots[i].hwid = ~0ull;	/* matches no hart until posted */
	riscv_nboots = topo.ncpus;
	if (!hz)
		fail_early("counter", "no timebase-frequency in /cpus");

	bench.topo = &topo;
	bench.stack_size = STACK_SIZE;
	if (!strcmp(bench.cfg.op_u8, "amoor_b") && !all_zabha)
		fail_early("options", "op_u8=amoor_b needs Zabha on every hart (see riscv,isa)");
	if (engine_init(&bench, &why))
		fail_early("options", why);
	status = engine_main(&bench);
	engine_release(&bench);	/* the other harts stopped */
	plat_power_off(status, bench.cfg.exit);
}
