/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * plat_cpu_start(): PSCI CPU_ON into secondary.S with a per-CPU boot
 * block holding the boot CPU's translation regime, read by the new CPU
 * with its MMU off, so it is cleaned to the point of coherency.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "arm64.h"
#include "boot_layout.h"
#include "hcr.h"
#include "engine/mem.h"
#include "gic_wake.h"
#include "mem_types.h"
#include "output/report.h"

extern const char arm64_secondary_start[], arm64_secondary_end[];

struct arm64_boot {
	/* read by secondary.S: offsets fixed there */
	uint64_t mair, tcr, ttbr0, sctlr, vbar, hcr;
	uint64_t stack_top;
	void (*centry)(struct arm64_boot *bt);
	uint64_t el, uart, cntvoff;
	/* C only */
	plat_cpu_entry entry;
	void *arg;
	uint32_t cpu;
	struct cpu_regs *regs;	/* its MAIR and SCTLR, for the boot CPU */
} __attribute__((aligned(64)));

_Static_assert(offsetof(struct arm64_boot, mair) == B_MAIR, "secondary.S");
_Static_assert(offsetof(struct arm64_boot, tcr) == B_TCR, "secondary.S");
_Static_assert(offsetof(struct arm64_boot, ttbr0) == B_TTBR0, "secondary.S");
_Static_assert(offsetof(struct arm64_boot, sctlr) == B_SCTLR, "secondary.S");
_Static_assert(offsetof(struct arm64_boot, vbar) == B_VBAR, "secondary.S");
_Static_assert(offsetof(struct arm64_boot, hcr) == B_HCR, "secondary.S");
_Static_assert(offsetof(struct arm64_boot, stack_top) == B_STACK, "secondary.S");
_Static_assert(offsetof(struct arm64_boot, centry) == B_CENTRY, "secondary.S");
_Static_assert(offsetof(struct arm64_boot, el) == B_EL, "secondary.S");
_Static_assert(offsetof(struct arm64_boot, uart) == B_UART, "secondary.S");
_Static_assert(offsetof(struct arm64_boot, cntvoff) == B_CNTVOFF, "secondary.S");

static struct arm64_boot regime;

/* TPIDR_EL0 of a secondary: how it waits (gic_wake.c proved the SGI). */
#define WAIT_WFE	0
#define WAIT_WFI_SGI	1

/*
 * wfi until the boot CPU's SGI (gic_wake.c): a pending SGI ends wfi with
 * interrupts masked, so one sent after the load is not lost.
 */
static uint32_t wait_wfi(volatile uint32_t *word, uint32_t old)
{
	uint32_t v;

	while ((v = __atomic_load_n(word, __ATOMIC_ACQUIRE)) == old) {
		__asm__ volatile("dsb sy\n\twfi" ::: "memory");
		arm64_gic_wake_ack();
	}
	return v;
}

/*
 * Else wfe until the word changes: ldaxr arms the exclusive monitor, and
 * the store that changes the word clears it, which is an event (as
 * Linux's __cmpwait does).  sevl + wfe first consumes a stale event.
 */
uint32_t plat_wait_change(volatile uint32_t *word, uint32_t old)
{
	uint32_t v;

	if (read_sysreg(tpidr_el0) == WAIT_WFI_SGI)
		return wait_wfi(word, old);
	for (;;) {
		__asm__ volatile("sevl\n\twfe\n\tldaxr %w0, %1\n\t"
				 "cmp %w0, %w2\n\tb.ne 1f\n\twfe\n1:"
				 : "=&r"(v) : "Q"(*word), "r"(old)
				 : "cc", "memory");
		if (v != old)
			return v;
	}
}

void plat_cpu_wake(uint32_t cpu, uint64_t hwid)
{
	(void)cpu;
	arm64_gic_wake_send(hwid);
}

/* Clean [p, p + n) to the point of coherency. */
static void clean_poc(const void *p, size_t n)
{
	uint64_t ctr = read_sysreg(ctr_el0);
	uintptr_t line = 4u << ((ctr >> 16) & 0xf);	/* DminLine */
	uintptr_t a = (uintptr_t)p & ~(line - 1);

	for (; a < (uintptr_t)p + n; a += line)
		__asm__ volatile("dc cvac, %0" : : "r"(a) : "memory");
	__asm__ volatile("dsb sy" ::: "memory");
}

static void secondary_c(struct arm64_boot *bt)
{
	if (arm64_pmu_on)
		arm64_pmu_enable();
	if (bt->regs)	/* before it parks: plat_check_cpus() compares */
		arm64_mem_types_take(bt->regs);
	write_sysreg(tpidr_el0, arm64_gic_wake_cpu() ? WAIT_WFI_SGI : WAIT_WFE);
	bt->entry(bt->arg, bt->cpu);
	/* released after the run: off, so an emulator spends nothing on
	 * us while the boot CPU saves the result (a wfe loop is a busy
	 * loop under TCG); secondary.S parks us if PSCI says no */
	psci_cpu_off();
}

void arm64_smp_prepare(void)
{
	regime.el = current_el();
	if (regime.el == 2) {
		regime.mair = read_sysreg(mair_el2);
		regime.tcr = read_sysreg(tcr_el2);
		regime.ttbr0 = read_sysreg(ttbr0_el2);
		regime.sctlr = read_sysreg(sctlr_el2);
		regime.vbar = read_sysreg(vbar_el2);
		regime.hcr = read_sysreg(hcr_el2);
	} else {
		regime.mair = read_sysreg(mair_el1);
		regime.tcr = read_sysreg(tcr_el1);
		regime.ttbr0 = read_sysreg(ttbr0_el1);
		regime.sctlr = read_sysreg(sctlr_el1);
		regime.vbar = read_sysreg(vbar_el1);
	}
	regime.uart = pl011_base();
	regime.centry = secondary_c;
	/* Fetched with the MMU off: the code must be in memory, not cache. */
	clean_poc(arm64_secondary_start,
		  (size_t)(arm64_secondary_end - arm64_secondary_start));
}

/*
 * At EL2, once the firmware is gone: physical IRQs and FIQs routed to EL2
 * (hcr.h), here and, through the regime, on every secondary; and the
 * boot CPU's CNTVOFF_EL2 for the secondaries, whose own is UNKNOWN at
 * reset (Linux writes 0): their virtual counters must read as the boot
 * CPU's.
 */
static void el2_take_interrupts(void)
{
	if (regime.el != 2)
		return;
	regime.hcr = arm64_hcr_el2_for_wfi(read_sysreg(hcr_el2));
	write_sysreg(hcr_el2, regime.hcr);
	__asm__ volatile("isb" ::: "memory");
	regime.cntvoff = read_sysreg(cntvoff_el2);
}

int plat_cpu_start(uint32_t cpu, uint64_t hwid, plat_cpu_entry entry,
		   void *arg, void *stack_top)
{
	static bool gic_started;
	struct arm64_boot *bt;
	char msg[96];
	int64_t rc;

	if (!gic_started) {	/* after ExitBootServices, as UEFI left it */
		el2_take_interrupts();
		arm64_gic_wake_start();
		gic_started = true;
	}
	bt = mem_alloc_aligned(sizeof(*bt), 64);
	if (!bt || !stack_top)
		return -1;
	if (psci_conduit == PSCI_NONE) {
		report_warn("cpu-start", cpu,
			    "no PSCI conduit stated by the firmware");
		return -1;
	}
	*bt = regime;
	bt->stack_top = (uintptr_t)stack_top & ~15ull;
	bt->entry = entry;
	bt->arg = arg;
	bt->cpu = cpu;
	bt->regs = cpu_regs_slot(cpu);	/* NULL: not compared, not fatal */
	clean_poc(bt, sizeof(*bt));
	rc = psci_cpu_on(hwid, (uintptr_t)arm64_secondary_start,
			 (uintptr_t)bt);
	if (rc) {
		snprintf(msg, sizeof(msg), "PSCI CPU_ON(0x%llx) returned %lld %s",
			 (unsigned long long)hwid, (long long)rc,
			 psci_error_name(rc));
		report_warn("cpu-start", cpu, msg);
		return -1;
	}
	return 0;
}

bool plat_cycles_available(void)
{
	return arm64_pmu_on;
}

bool plat_boot_cpu_sleeps(void)
{
	return arm64_gic_boot_sleeps();
}

void plat_boot_cpu_wait(volatile uint32_t *word, uint32_t old)
{
	if (!arm64_gic_boot_sleep(word, old))
		isa_relax();
}

void plat_boot_cpu_wake(uint64_t hwid)
{
	arm64_gic_boot_wake(hwid);
}
