/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The riscv64 OpenSBI payload's boot hooks (core/boot/boot.h): the
 * console and the heap from the FDT, options from /chosen bootargs, the
 * topology from the device tree; harts started with SBI HSM, the end by
 * SBI SRST.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "boot/boot.h"
#include "engine/engine.h"
#include "exp/sbm/exp_sbm_opts.h"
#include "fw/fdt_platform.h"
#include "fw/fdt_topo.h"
#include "isa_ops.h"
#include "options/config.h"
#include "output/report.h"
#include "test_hooks.h"
#include "riscv.h"
#include "sbi.h"

extern char _start[], _end[];

#define FDT_MAX_SIZE	(2u << 20)
#define HEAP_MAX	(24u << 20)
#define STACK_SIZE	(16u << 10)

static struct engine bench;
static struct fdt board;	/* the FDT OpenSBI passed, checked */
static struct fdt_topo_info dt;
static unsigned long boot_hart;
static uint64_t hz;		/* /cpus timebase-frequency; 0: none */
/* In .data, not .bss: a hart entry.S turns away may read them before the
 * boot hart has cleared .bss (a loader that releases every hart at once). */
__attribute__((section(".data"))) struct riscv_boot *riscv_boots;
__attribute__((section(".data"))) uint64_t riscv_nboots;
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

/* Stop before the run: still a hello, the reason and an end record. */
__attribute__((noreturn))
static void fail(struct engine *e, const char *what, const char *why)
{
	report_early_end(&e->info, what, why);
	plat_power_off(1, e->cfg->exit);
}

static uint64_t boot_cpu(struct engine *e)
{
	(void)e;
	return boot_hart;
}

static void machine(struct engine *e)
{
	e->info = (struct machine_info){
		.arch = ISA_NAME, .platform = "opensbi",
		/* the virt machine's DT names its virtio devices; boards do not */
		.virt = fdt_node_by_compatible(&board, "virtio,mmio") >= 0 ?
			"qemu" : "none",
		.cpu_model = "riscv64", .counter = "time", .counter_hz = hz,
		.hz_source = "dt-timebase-frequency", .cycles = true,
		.cycle_counter = "cycle",
		.idle_wait = riscv_idle_wait_prepare(boot_hart),
	};
	machine_ids(&board, &e->info);
	/* where the loader put us: entry.S relocated the image by the difference */
	printf("\nsbmbench: riscv64 payload, boot hart %lu, running at %#lx, linked at %#lx, "
	       "FDT at %p, console %s, SBI %ld.%ld\n",
	       boot_hart, (unsigned long)(uintptr_t)_start,
	       (unsigned long)RISCV_LINK_BASE, (const void *)board.blob,
	       riscv_console_name(), (sbi_spec_version() >> 24) & 0x7f,
	       sbi_spec_version() & 0xffffff);
}

/* A test switch /chosen holds: on only in a payload with test hooks. */
static bool test_prop(const char *name, const char *what, const char *mode)
{
	char msg[160];

	if (!fdt_getprop(&board, fdt_path_offset(&board, "/chosen"), name,
			 NULL))
		return false;
	if (!sbm_test_hooks)
		snprintf(msg, sizeof(msg), "/chosen %s ignored: a test switch, "
			 "and this payload was built without test hooks", name);
	else
		snprintf(msg, sizeof(msg), "test mode: %s (/chosen %s)", mode,
			 name);
	report_warn(what, 0, msg);
	return sbm_test_hooks;
}

/* Options from /chosen bootargs, and the test switches /chosen holds. */
static int options(struct engine *e, char *err, size_t len)
{
	const char *bootargs = NULL;

	fdt_chosen(&board, NULL, &bootargs);
	riscv_hsm_at_entry = test_prop("sbmbench,test-hsm-at-entry",
				       "cpu-start", "harts are started at "
				       "the payload entry");
	riscv_test_wfi_traps = test_prop("sbmbench,test-wfi-traps",
					 "idle-wait", "the wfi probe runs an "
					 "illegal instruction");
	riscv_test_no_srst = test_prop("sbmbench,test-no-srst", "power-off",
				       "shut down as if SBI had no SRST");
	riscv_test_wfi_traps_late = test_prop("sbmbench,test-wfi-traps-late",
					      "idle-wait", "a parked hart's "
					      "wfi traps after the probe");
	if (bootargs && config_parse(e->cfg, bootargs, strlen(bootargs),
				     "bootargs", err, len))
		return -1;
	return 0;
}

static int cpus(struct engine *e, const char **why)
{
	if (hz)
		riscv_counter_choose(e->cfg->riscv_counter, &e->info);
	return fdt_topo_cpus(&board, e->topo, boot_hart, ~0ull, &dt, why);
}

static void prepare(struct engine *e)
{
	struct topo *t = e->topo;

	fdt_topo_distances(&board, t);
	riscv_numa_pools(&board, t, heap_end);
	if (dt.truncated)
		report_warn("topology", TOPO_MAX_CPUS,
			    "more harts in the DT than supported; the rest left out");
	riscv_boots = calloc(t->ncpus, sizeof(*riscv_boots));
	if (!riscv_boots)
		fail(e, "memory", "no heap for the hart table");
	for (uint32_t i = 0; i < t->ncpus; i++)
		riscv_boots[i].hwid = ~0ull;	/* matches no hart until posted */
	riscv_nboots = t->ncpus;
	if (!hz)
		fail(e, "counter", "no timebase-frequency in /cpus");

	e->stack_size = STACK_SIZE;
	if (!strcmp(sbm_opts.op_u8, "amoor_b") && !dt.all_zabha)
		fail(e, "options", "op_u8=amoor_b needs Zabha on every hart (see riscv,isa)");
}

static void finish(struct engine *e, int status)
{
	plat_power_off(status, e->cfg->exit);
}

static const struct boot_ops riscv_boot = {
	.boot_cpu = boot_cpu,
	.machine = machine,
	.options = options,
	.cpus = cpus,
	.prepare = prepare,
	.end = finish,
	.fail = fail,
};

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

/* The console needs the FDT, and the heap must avoid it: both before the
 * boot sequence. */
void riscv_main(unsigned long hart, void *fdt_blob)
{
	const char *why = NULL;

	if (fdt_open(&board, fdt_blob, FDT_MAX_SIZE, &why)) {
		/* no console but the legacy one, no heap: say it and stop */
		riscv_console_init(NULL);
		plat_console_write("sbmbench: bad FDT: ", 19);
		plat_console_write(why, strlen(why));
		plat_console_write("\n", 1);
		sbi_shutdown(true);
		for (;;)
			;
	}
	boot_hart = hart;
	setup_heap((uintptr_t)fdt_blob, board.size);
	riscv_console_init(&board);
	riscv_power_init(&board);
	setvbuf(stdout, NULL, _IONBF, 0);	/* nothing lost at power-off */
	fdt_timebase_hz(&board, &hz);
	riscv_timebase_hz = riscv_time_hz = hz;
	boot_main(&bench, &riscv_boot);
}
