/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The arm64 UEFI image: options, ACPI (else the DTB) into the topology,
 * CLIDR caches, CNTFRQ, the PMU cycle counter, memory for the run,
 * ExitBootServices, then the engine with the whole machine (secondaries
 * by PSCI CPU_ON), then PSCI SYSTEM_OFF.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "arm64.h"
#include "engine/engine.h"
#include "efi_acpi.h"
#include "efi_results.h"
#include "isa_ops.h"
#include "out/report.h"
#include "fw/timer_check.h"

#define HEAP_SIZE	(256ull << 20)	/* arena, mailboxes, stacks, samples:
					 * 4096 CPUs fit; halved until it fits */
#define AP_STACK_SIZE	(16 * 1024)	/* APs run only the mailbox loop */
/* Said on the screen while there still is one to say it on. */
#define NO_UART_NOTE	"sbmbench: no working UART (neither SPCR nor the DT " \
	"named one that answers): from ExitBootServices on the run prints " \
	"nothing; it goes on and powers off with its verdict.\n"


static struct engine b;

/* Native op: LSE stset (+ dmb ish) where the CPU has LSE, else LL/SC. */
static void choose_op(void)
{
	static char msg[128];

	if (arm64_has_lse())
		return;
	if (!strcmp(b.cfg.op, "native")) {
		strcpy(b.cfg.op, "llsc_mb");
		report_printf("note: no LSE atomics (ID_AA64ISAR0_EL1.Atomic "
			      "= 0): op=native is llsc_mb\n");
	} else if (strncmp(b.cfg.op, "llsc", 4)) {
		strcpy(msg, "op=");
		strncat(msg, b.cfg.op, CONFIG_OP_LEN);
		strcat(msg, " needs LSE atomics, which this CPU lacks "
		       "(ID_AA64ISAR0_EL1.Atomic = 0); use op=llsc_mb");
		efi_fail_early(&b, msg);
	}
}

/* Counter ticks across a UEFI Stall of @us. */
static uint64_t stall_ticks(unsigned us)
{
	uint64_t t0 = isa_counter();

	efi_stall_us(us);
	return isa_counter() - t0;
}

#define STALL_TRIES	3

/*
 * CNTFRQ_EL0 is what firmware wrote there, not what the counter does: it
 * can be wrong, or 0.  Against UEFI Stall (boot services only): ticks
 * across Stall(10 ms) and Stall(110 ms), three times each.  Stall never
 * returns early, so whatever stretches a call (a firmware interrupt, a
 * busy emulator host) only adds ticks: the fewest of each length are the
 * best estimate, and 100 ms of their difference (the call's own cost,
 * under TCG translating Stall's code, cancels) is the rate.  Tries that
 * disagree by more than 2 % keep CNTFRQ (timer_choose_tries()); tries
 * that agree and differ from it replace it, with a warning.
 */
static void check_cntfrq(void)
{
	uint64_t stated = b.info.counter_hz, t10 = UINT64_MAX;
	uint64_t t110 = UINT64_MAX, lo = UINT64_MAX, hi = 0, measured = 0;
	struct timer_choice ch;
	char msg[200];

	if (b.cfg.test & CONFIG_TEST_CNTFRQ_ZERO) {
		report_printf("test=cntfrq-zero: CNTFRQ_EL0 (%llu Hz) taken as "
			      "0\n", (unsigned long long)stated);
		stated = 0;
	}
	stall_ticks(100);
	for (int i = 0; i < STALL_TRIES; i++) {
		uint64_t a = stall_ticks(10000), c = stall_ticks(110000);
		uint64_t r = c > a ? (c - a) * 10 : 0;

		t10 = a < t10 ? a : t10;
		t110 = c < t110 ? c : t110;
		lo = r < lo ? r : lo;
		hi = r > hi ? r : hi;
	}
	if (t110 > t10)
		measured = (t110 - t10) * 10;
	ch = timer_choose_tries(stated, measured, lo, hi);
	report_printf("counter: CNTFRQ_EL0 states %llu Hz, UEFI Stall measures "
		      "%llu Hz (tries %llu-%llu)%s\n", (unsigned long long)stated,
		      (unsigned long long)measured, (unsigned long long)lo,
		      (unsigned long long)hi, ch.inconclusive ?
		      ": the tries disagree by more than 2 %, CNTFRQ_EL0 kept" :
		      "");
	if (ch.warn)
		report_warn("timer", 0, timer_warning(msg, sizeof(msg),
			    "CNTFRQ_EL0", stated, "UEFI Stall", measured));
	if (!ch.hz)
		efi_fail_early(&b, "CNTFRQ_EL0 is 0 and UEFI Stall measured "
			       "no counter rate either");
	b.info.counter_hz = ch.hz;
	if (ch.measured)
		b.info.hz_source = "uefi-stall";
}

static void find_topology(uint64_t bsp, struct arm64_fw *fw)
{
	uint64_t rsdp = efi_find_rsdp();
	const void *dtb = efi_find_dtb();
	const char *why;

	if (rsdp && !arm64_acpi_topo(b.topo, rsdp, bsp, fw))
		return;
	if (rsdp)
		report_warn("acpi", 0, "no usable ACPI root table");
	if (dtb) {
		if (!arm64_dt_topo(b.topo, dtb, bsp, fw, &why))
			return;
		report_warn("dt", 0, why);
	}
	report_warn("firmware", 0, "neither ACPI nor a DTB: boot CPU only");
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	static char model[64], err[1024], ver[16], el_note[64];
	struct arm64_fw fw = { .tables = "none", .uart_source = "none" };
	struct topo_cpu *cpus;
	struct topo *topo;
	uint64_t bsp = read_sysreg(mpidr_el1) & MPIDR_AFF_MASK;
	const char *why, *pv;
	int status, opt_rc;

	if (efi_start(image, systab, HEAP_SIZE, 0))
		return EFI_OUT_OF_RESOURCES;
	efi_screen_init(&b);

	arm64_cpu_model(model, sizeof(model));
	report_set_run_id((uint32_t)(isa_counter() * 2654435761u) ^ (uint32_t)bsp);
	b.info.arch = ISA_NAME;
	b.info.platform = "uefi";
	b.info.counter = "cntvct";
	b.info.cpu_model = model;
	b.info.virt = "none";
	b.info.counter_hz = read_sysreg(cntfrq_el0);
	b.info.hz_source = "cntfrq";
	b.info.idle_wait = "wfe";
	efi_machine_names(&b.info);
	efi_secure_boot_note(&b.info);
	arm64_cpu_ids(&b.info);
	config_defaults(&b.cfg);

	topo = calloc(1, sizeof(*topo));
	cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	if (!topo || !cpus)
		efi_fail_early(&b, "no memory for the topology");
	topo_init(topo, cpus);
	b.topo = topo;

	/* options, then saved results, before any firmware table is
	 * parsed: a table that breaks the parse cannot cost an earlier
	 * run's result (until the console is up, ConOut says it) */
	opt_rc = efi_options(image, &b.cfg, err, sizeof(err));
	efi_results_restore_options(&b.cfg);
	if (efi_results_restore(image) && b.cfg.stop_after_restore && !opt_rc)
		plat_power_off(0, b.cfg.exit);
	find_topology(bsp, &fw);
	arm64_console_init(&fw);
	b.info.virt = fw.qemu ? "qemu-tcg" : "none";
	efi_results_prepare(&b.cfg);
	if (opt_rc)
		efi_fail_early(&b, err);
	pv = psci_version(ver, sizeof(ver));
	el_note[0] = '\0';
	if (current_el() == 2) {
		bool vhe;
		unsigned hpmn, n;

		arm64_el2_init(&vhe, &hpmn, &n);
		snprintf(el_note, sizeof(el_note),
			 " (VHE %s, MDCR_EL2.HPMN %u of PMCR_EL0.N %u)",
			 vhe ? "on" : "off", hpmn, n);
	}
	report_printf("\nsbmbench: arm64 UEFI image at EL%u%s, tables %s, "
		      "PSCI %s via %s, console %s@0x%llx (%s)\n",
		      current_el(), el_note, fw.tables, pv ? pv : "-",
		      psci_conduit_name(), fw.uart_16550 ? "16550" : "pl011",
		      (unsigned long long)fw.uart,
		      fw.uart_source);

	if (topo_find_hwid(topo, bsp) < 0) {
		/* The firmware must list us; if it does not, we still run. */
		topo_add_cpu(topo, bsp, TOPO_CPU_BSP);
		report_warn("firmware", 0, "boot CPU not in MADT/DT");
	}
	if (!strcmp(topo->node_source, "unknown"))
		topo->node_source = "none";
	if (arm64_cache_line() >= 8)
		topo->line_size = arm64_cache_line();
	if (topo_finalize(topo, &why))
		efi_fail_early(&b, why);
	if (!strcmp(fw.tables, "dt"))
		arm64_dt_after(topo);
	else if (!strcmp(fw.tables, "acpi"))
		arm64_acpi_after(topo);
	else
		arm64_add_clidr_caches(topo);
	efi_numa_pools(topo);	/* leaves in their node's memory */
	efi_numa_heap_note(topo, &b.info);

	check_cntfrq();
	arm64_lse = arm64_has_lse();
	arm64_pmu_on = arm64_pmu_enable();
	b.info.cycles = plat_cycles_available();
	b.info.cycle_counter = "pmccntr_el0";
	choose_op();
	b.stack_size = AP_STACK_SIZE;
	if (engine_init(&b, &why))
		efi_fail_early(&b, why);
	arm64_smp_prepare();

	if (!arm64_uart_present())
		efi_conout_write(NO_UART_NOTE, sizeof(NO_UART_NOTE) - 1);
	if (efi_exit_boot_services(image, NULL))
		efi_fail_early(&b, "ExitBootServices failed");
	__asm__ volatile("msr daifset, #0xf");

	status = engine_main(&b);
	/* the secondaries halted (x86) or off (arm64): the save and the
	 * hold run alone, and cost an emulator nothing for idle CPUs */
	engine_release(&b);
	efi_results_save(&b.cfg);
	plat_power_off(status, b.cfg.exit);
}
