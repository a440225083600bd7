/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The arm64 UEFI image: options, ACPI (else the DTB) into the topology,
 * CLIDR caches, CNTFRQ, the PMU cycle counter, memory for the run,
 * ExitBootServices, then the engine with the whole machine (secondaries
 * by PSCI CPU_ON), then PSCI SYSTEM_OFF.
 */
#include <efi.h>
#include <efilib.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "arm64.h"
#include "bench.h"
#include "efi_acpi.h"
#include "isa_ops.h"
#include "report.h"

#define HEAP_SIZE	(256ull << 20)	/* arena, mailboxes, stacks, samples:
					 * 4096 CPUs fit; halved until it fits */
#define AP_STACK_SIZE	(16 * 1024)	/* APs run only the mailbox loop */

static struct bench b;

/* A run that cannot start still ends with a verdict record. */
static void fail_early(const char *msg)
{
	report_early_end(&b, "setup", msg);
	power_off(1, b.cfg.exit);
}

/* Native op: LSE stset where the CPU has LSE, else LL/SC. */
static void choose_op(void)
{
	static char msg[128];

	if (a64_has_lse())
		return;
	if (!strcmp(b.cfg.op, "native")) {
		strcpy(b.cfg.op, "llsc");
		report_printf("note: no LSE atomics (ID_AA64ISAR0_EL1.Atomic "
			      "= 0): op=native is llsc\n");
	} else if (strcmp(b.cfg.op, "llsc")) {
		strcpy(msg, "op=");
		strncat(msg, b.cfg.op, CONFIG_OP_LEN);
		strcat(msg, " needs LSE atomics, which this CPU lacks "
		       "(ID_AA64ISAR0_EL1.Atomic = 0); use op=llsc");
		fail_early(msg);
	}
}

static void find_topology(uint64_t bsp, struct a64_fw *fw)
{
	uint64_t rsdp = efi_find_rsdp();
	const void *dtb = efi_find_dtb();
	const char *why;

	if (rsdp && !a64_acpi_topo(&b, rsdp, bsp, fw))
		return;
	if (rsdp)
		report_warn(&b, "acpi", 0, "no usable ACPI root table");
	if (dtb) {
		if (!a64_dt_topo(&b, dtb, bsp, fw, &why))
			return;
		report_warn(&b, "dt", 0, why);
	}
	report_warn(&b, "firmware", 0, "neither ACPI nor a DTB: boot CPU only");
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	static char model[64], err[256], ver[16];
	struct a64_fw fw = { .tables = "none", .uart_source = "none" };
	struct topo_cpu *cpus;
	struct topo *topo;
	uint64_t bsp = read_sysreg(mpidr_el1) & MPIDR_AFF_MASK;
	size_t heap_size;
	const char *why, *pv;
	void *heap;
	int status;

	InitializeLib(image, systab);
	uefi_call_wrapper(BS->SetWatchdogTimer, 4, 0, 0, 0, NULL);
	heap = efi_alloc_heap(HEAP_SIZE, 8u << 20, 0, &heap_size);
	if (!heap) {
		plat_console_write("sbmbench: no memory\n", 20);
		return EFI_OUT_OF_RESOURCES;
	}
	heap_set(heap, heap_size);

	a64_cpu_model(model, sizeof(model));
	b.run_id = (uint32_t)(isa_counter() * 2654435761u) ^ (uint32_t)bsp;
	b.info.arch = ISA_NAME;
	b.info.platform = "uefi";
	b.info.counter = "cntvct";
	b.info.cpu_model = model;
	b.info.virt = "none";
	b.info.counter_hz = read_sysreg(cntfrq_el0);
	b.info.hz_source = "cntfrq";
	config_defaults(&b.cfg);

	topo = calloc(1, sizeof(*topo));
	cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	if (!topo || !cpus)
		fail_early("no memory for the topology");
	topo_init(topo, cpus);
	b.topo = topo;

	find_topology(bsp, &fw);
	if (fw.uart)
		pl011_init(fw.uart);
	b.info.virt = fw.qemu ? "qemu-tcg" : "none";
	if (efi_options(image, &b.cfg, err, sizeof(err)))
		fail_early(err);
	pv = psci_version(ver, sizeof(ver));
	report_printf("\nsbmbench: arm64 UEFI image at EL%u, tables %s, "
		      "PSCI %s via %s, console pl011@0x%llx (%s)\n",
		      current_el(), fw.tables, pv ? pv : "-",
		      psci_conduit_name(), (unsigned long long)fw.uart,
		      fw.uart_source);

	if (topo_find_hwid(topo, bsp) < 0) {
		/* The firmware must list us; if it does not, we still run. */
		topo_add_cpu(topo, bsp, TOPO_CPU_BSP);
		report_warn(&b, "firmware", 0, "boot CPU not in MADT/DT");
	}
	if (!strcmp(topo->node_source, "unknown"))
		topo->node_source = "none";
	if (a64_cache_line() >= 8)
		topo->line_size = a64_cache_line();
	if (topo_finalize(topo, &why))
		fail_early(why);
	if (!strcmp(fw.tables, "dt"))
		a64_dt_after(topo);
	else if (!strcmp(fw.tables, "acpi"))
		a64_acpi_after(topo);
	else
		a64_add_clidr_caches(topo);
	efi_numa_pools(&b);	/* leaves in their node's memory */

	if (!b.info.counter_hz)
		fail_early("CNTFRQ_EL0 is 0: the counter rate is unknown");
	a64_pmu_on = a64_pmu_enable();
	b.info.cycles = plat_cycles_available();
	choose_op();
	b.stack_size = AP_STACK_SIZE;
	if (b.cfg.mode == MODE_PAIR)
		fail_early("mode=pair needs an OS scheduler: Linux twin only");
	if (bench_init(&b, &why))
		fail_early(why);
	a64_smp_prepare(&b);

	if (efi_exit_boot_services(image))
		fail_early("ExitBootServices failed");
	__asm__ volatile("msr daifset, #0xf");

	status = bench_main(&b);
	power_off(status, b.cfg.exit);
}
