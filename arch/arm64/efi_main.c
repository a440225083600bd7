/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The arm64 UEFI image's boot hooks (core/boot/boot.h): ACPI (else the
 * DTB) into the topology and the console they name, CLIDR caches,
 * CNTFRQ, the PMU cycle counter, ExitBootServices; secondaries by PSCI
 * CPU_ON, the end by PSCI SYSTEM_OFF.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "arm64.h"
#include "boot/boot.h"
#include "exp/sbm/exp_sbm_opts.h"
#include "gic_wake.h"
#include "engine/engine.h"
#include "efi_acpi.h"
#include "efi_results.h"
#include "isa_ops.h"
#include "options/config.h"
#include "output/report.h"
#include "fw/timer_check.h"

#define HEAP_SIZE	(256ull << 20)	/* arena, mailboxes, stacks, samples:
					 * 4096 CPUs fit; halved until it fits */
#define AP_STACK_SIZE	(16 * 1024)	/* APs run only the mailbox loop */
/* Said on the screen while there still is one to say it on. */
#define NO_UART_NOTE	"sbmbench: no working UART (neither SPCR nor the DT " \
	"named one that answers): from ExitBootServices on the run prints " \
	"nothing; it goes on and powers off with its verdict.\n"


static struct engine b;
static struct arm64_fw fw = { .tables = "none", .uart_source = "none" };
static uint64_t bsp;		/* MPIDR affinity of the boot CPU */
static char model[64];

/* Native op: LSE stset (+ dmb ish) where the CPU has LSE, else LL/SC. */
static void choose_op(void)
{
	static char msg[128];

	if (arm64_has_lse())
		return;
	if (!strcmp(sbm_opts.op, "native")) {
		strcpy(sbm_opts.op, "llsc_mb");
		report_printf("note: no LSE atomics (ID_AA64ISAR0_EL1.Atomic "
			      "= 0): op=native is llsc_mb\n");
	} else if (strncmp(sbm_opts.op, "llsc", 4)) {
		strcpy(msg, "op=");
		strncat(msg, sbm_opts.op, SBM_OP_LEN);
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

	if (b.cfg->test & CONFIG_TEST_CNTFRQ_ZERO) {
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

/* ACPI, else the DTB, into the topology; the console they name. */
static void tables(struct engine *e)
{
	uint64_t rsdp = efi_find_rsdp();
	const void *dtb = efi_find_dtb();
	const char *why;

	if (rsdp && !arm64_acpi_topo(e->topo, rsdp, bsp, &fw,
				     e->cfg->acpidump))
		goto found;
	if (rsdp)
		report_warn("acpi", 0, "no usable ACPI root table");
	if (dtb) {
		if (!arm64_dt_topo(e->topo, dtb, bsp, &fw, &why))
			goto found;
		report_warn("dt", 0, why);
	}
	report_warn("firmware", 0, "neither ACPI nor a DTB: boot CPU only");
found:
	arm64_console_init(&fw);
	e->info.virt = fw.qemu ? "qemu-tcg" : "none";
}

static uint64_t boot_cpu(struct engine *e)
{
	(void)e;
	arm64_cpu_model(model, sizeof(model));
	bsp = read_sysreg(mpidr_el1) & MPIDR_AFF_MASK;
	return bsp;
}

static void machine(struct engine *e)
{
	e->info.arch = ISA_NAME;
	e->info.platform = "uefi";
	e->info.counter = "cntvct";
	e->info.cpu_model = model;
	e->info.virt = "none";
	e->info.counter_hz = read_sysreg(cntfrq_el0);
	e->info.hz_source = "cntfrq";
	e->info.idle_wait = "wfe";
	efi_machine_names(&e->info);
	efi_secure_boot_note(&e->info);
	arm64_cpu_ids(&e->info);
}

/* The CPUs came with the tables: say what starts them. */
static int cpus(struct engine *e, const char **why)
{
	static char ver[16], el_note[64];
	const char *pv = psci_version(ver, sizeof(ver));

	(void)e;
	(void)why;
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
	return 0;
}

static void cpu_details(struct engine *e)
{
	if (arm64_cache_line() >= 8)
		e->topo->line_size = arm64_cache_line();
}

static void prepare(struct engine *e)
{
	if (!strcmp(fw.tables, "dt"))
		arm64_dt_after(e->topo);
	else if (!strcmp(fw.tables, "acpi"))
		arm64_acpi_after(e->topo);
	else
		arm64_add_clidr_caches(e->topo);
	efi_numa_pools(e->topo);	/* leaves in their node's memory */
	efi_numa_heap_note(e->topo, &e->info);

	check_cntfrq();
	arm64_lse = arm64_has_lse();
	arm64_pmu_on = arm64_pmu_enable();
	e->info.cycles = plat_cycles_available();
	e->info.cycle_counter = "pmccntr_el0";
	choose_op();
	e->stack_size = AP_STACK_SIZE;
}

static void leave_firmware(struct engine *e)
{
	arm64_smp_prepare();
	e->info.idle_wait = arm64_gic_wake_prepare();

	if (!arm64_uart_present())
		efi_conout_write(NO_UART_NOTE, sizeof(NO_UART_NOTE) - 1);
	efi_boot_exit(e, NULL);
	__asm__ volatile("msr daifset, #0xf");
}

static const struct boot_ops arm64_boot = {
	.console = efi_screen_init,
	.boot_cpu = boot_cpu,
	.machine = machine,
	/* options, then saved results, before any firmware table is
	 * parsed: a table that breaks the parse cannot cost an earlier
	 * run's result (until the console is up, ConOut says it) */
	.options = efi_boot_options,
	.restore = efi_boot_restore,
	.tables = tables,
	.prepare_save = efi_boot_prepare_save,
	.cpus = cpus,
	.unlisted_what = "firmware",
	.unlisted_why = "boot CPU not in MADT/DT",
	.cpu_details = cpu_details,
	.prepare = prepare,
	.leave_firmware = leave_firmware,
	.save = efi_boot_save,
	.end = efi_boot_end,
	.fail = efi_boot_fail,
};

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	if (efi_start(image, systab, HEAP_SIZE, 0))
		return EFI_OUT_OF_RESOURCES;
	boot_main(&b, &arm64_boot);
	return EFI_ABORTED;	/* not reached: boot_main() powers off */
}
