/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * plat_cpu_start(): INIT-SIPI-SIPI into trampoline.S, one CPU at a time
 * (core waits for each), reusing the same page below 1 MiB.
 *
 * A start can be lost: under QEMU TCG on a busy host about one in ten
 * showed no sign of life and never arrived, however long the wait, while
 * a second INIT-SIPI-SIPI brought it up every time.  So each try waits a
 * short bound for the AP to claim its start, and a CPU that has not moved
 * by then is sent INIT-SIPI-SIPI again, up to START_TRIES times, each
 * logged with the stage it reached (trampoline.h).  A slow CPU is not a
 * dead one: a resend may find the first try still in flight, so every
 * try arms a start token (start_token.h) that exactly one instance of
 * exactly this CPU can claim, and the boot CPU takes an unclaimed token
 * back before each INIT.  Arrival is still core's to judge (the mailbox,
 * start_timeout_ms).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "mem_types.h"
#include "output/report.h"
#include "start_token.h"
#include "tramp_map.h"
#include "trampoline.h"
#include "x86.h"

#define START_TRIES	3
#define TRY_WINDOW_US	200000	/* no progress this long: resend */
#define MAX_WINDOWS	10	/* a CPU still moving waits this many */
#define INIT_TO_SIPI_US	10000	/* the MP spec's; x86_ap_set_init_wait() */
#define SIPI_GAP_US	200
#define SPIN_US		500000	/* an early AP instance looks this long */
#define FAST_INIT_US	10	/* what a modern core gets instead */
#define FAST_SIPI_US	10

static unsigned init_us = INIT_TO_SIPI_US, sipi_us = SIPI_GAP_US;
static bool early_resend;	/* test=early-resend */
static unsigned first_window_us = TRY_WINDOW_US;	/* test=long-start-wait */

void x86_ap_set_init_wait(bool wait)
{
	init_us = wait ? INIT_TO_SIPI_US : FAST_INIT_US;
	sipi_us = wait ? SIPI_GAP_US : FAST_SIPI_US;
}
void x86_ap_set_early_resend(void)
{
	early_resend = true;
}
void x86_ap_set_first_window_us(unsigned us)
{
	first_window_us = us;
}
#define PT_TEMP		0x1000	/* temporary page tables, after the code */

extern const char tramp_start[], tramp_end[], tramp_32[], tramp_64[];
extern const char tramp_gdt[], tramp_gdtr[], tramp_jmp32[], tramp_jmp64[];
extern const char tramp_cr3_tmp[], tramp_cr4[], tramp_efer[], tramp_cr3[];
extern const char tramp_idtr[], tramp_stack[], tramp_entry[], tramp_arg[];
extern const char tramp_stage[], tramp_stub[], tramp_token[];
extern const char tramp_spin_tsc[];
extern const char tramp_stub_code[], tramp_stub_code_end[];

struct ap_arg {
	plat_cpu_entry entry;
	void *arg;
	uint32_t cpu;
	struct cpu_regs *regs;	/* its MTRRs and PAT, for the boot CPU */
};

static uint8_t *page;
static uint32_t start_gen;	/* the last try's generation */
static bool ids_trusted;	/* CPUID's APIC ID is the local APIC's */

static const char *const stage_name[] = {
	[TRAMP_STAGE_NONE] = "no sign of life",
	[TRAMP_STAGE_REAL] = "real mode",
	[TRAMP_STAGE_PROT] = "protected mode",
	[TRAMP_STAGE_LONG] = "long mode",
	[TRAMP_STAGE_TAKEN] = "parameters taken",
	[TRAMP_STAGE_C] = "C entry",
};

static size_t off(const char *sym)
{
	return (size_t)(sym - tramp_start);
}

static void put16(const char *sym, uint16_t v)
{
	memcpy(page + off(sym), &v, sizeof(v));
}

static void put32(const char *sym, uint32_t v)
{
	memcpy(page + off(sym), &v, sizeof(v));
}

static void put64(const char *sym, uint64_t v)
{
	memcpy(page + off(sym), &v, sizeof(v));
}

static uint64_t *token_word(void)
{
	return (uint64_t *)(void *)(page + off(tramp_token));
}

static uint32_t *stage_word(void)
{
	return (uint32_t *)(page + off(tramp_stage));
}

static uint32_t stage(void)
{
	return __atomic_load_n(stage_word(), __ATOMIC_ACQUIRE);
}

static void set_stage(uint32_t s)	/* boot CPU only */
{
	__atomic_store_n(stage_word(), s, __ATOMIC_SEQ_CST);
}

static const char *stage_str(uint32_t s)
{
	return s <= TRAMP_STAGE_C ? stage_name[s] : "garbage";
}

static void ap_entry(struct ap_arg *a)
{
	uint32_t taken = TRAMP_STAGE_TAKEN;

	/* Only over our own "taken": a CPU given up on must not overwrite
	 * the next start's stage. */
	__atomic_compare_exchange_n(stage_word(), &taken, TRAMP_STAGE_C,
				    false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
	if (a->regs)	/* before it parks: plat_check_cpus() compares */
		x86_mem_types_take(a->regs);
	x86_idle_wait_ap_start(a->cpu);	/* its APIC on, the wake IPI proved */
	a->entry(a->arg, a->cpu);
	x86_cpu_halt_forever();
}

/*
 * The temporary map (tramp_map.c) in the pages after the code: the
 * trampoline page and the stub that loads the boot CPU's CR3, with as
 * many levels as the boot CPU pages with (an AP must match it before
 * paging is on: LA57 cannot change later).
 */
static int temp_map(uint64_t p, bool la57)
{
	uint64_t stub = (uint64_t)(uintptr_t)tramp_stub_code, cr3;
	const uint64_t addrs[] = {
		p, stub, (uint64_t)(uintptr_t)tramp_stub_code_end - 1,
	};
	unsigned n = X86_TRAMP_PAGES - 1;

	/* the code and its data must fit its page, the tables below 1 MiB */
	if (p + (uint64_t)X86_TRAMP_PAGES * 0x1000 > 0x100000 ||
	    tramp_end - tramp_start > PT_TEMP)
		return -1;
	memset(page + PT_TEMP, 0, (size_t)n * 0x1000);
	if (tramp_map_build((uint64_t (*)[512])(page + PT_TEMP), p + PT_TEMP,
			    n, la57, addrs, 3, &cr3))
		return -1;
	put32(tramp_cr3_tmp, (uint32_t)cr3);
	put64(tramp_stub, stub);
	return 0;
}

void x86_ap_setup(uint64_t p)
{
	uint64_t cr3, cr4, idt_base;
	uint16_t idt_limit;
	uint32_t efer = (uint32_t)EFER_LME;

	__asm__ volatile("mov %%cr4, %0" : "=r"(cr4));
	page = (uint8_t *)(uintptr_t)p;
	memcpy(page, tramp_start, (size_t)(tramp_end - tramp_start));
	if (temp_map(p, cr4 & X86_CR4_LA57)) {
		report_printf("cpu-start: trampoline page %#llx unusable\n",
			      (unsigned long long)p);
		page = NULL;	/* plat_cpu_start refuses every start */
		return;
	}
	put32(tramp_gdtr + 2, (uint32_t)(p + off(tramp_gdt)));
	put32(tramp_jmp32, (uint32_t)(p + off(tramp_32)));
	put32(tramp_jmp64, (uint32_t)(p + off(tramp_64)));

	/* The boot CPU's paging mode: same levels, NX if its tables use it. */
	put32(tramp_cr4, TRAMP_CR4 | (uint32_t)(cr4 & X86_CR4_LA57));
	if (rdmsr(MSR_EFER) & EFER_NXE)
		efer |= (uint32_t)EFER_NXE;
	put32(tramp_efer, efer);
	__asm__ volatile("mov %%cr3, %0" : "=r"(cr3));
	put64(tramp_cr3, cr3);

	x86_ap_trap_idt(&idt_base, &idt_limit);
	x86_idle_wait_idt(&idt_base, &idt_limit);
	put16(tramp_idtr, idt_limit);
	put64(tramp_idtr + 2, idt_base);
	put64(tramp_entry, (uint64_t)(uintptr_t)ap_entry);
	/* an early instance looks for its token this long (trampoline.S):
	 * past a retry's INIT wait and its warning lines on the console */
	put64(tramp_spin_tsc, x86_tsc_hz / 1000000 * SPIN_US);

	/* A token names the CPU that may claim it where CPUID tells an AP
	 * its own ID; firmware that renumbered the APICs gets tokens any
	 * CPU may claim (still one claim per try). */
	ids_trusted = start_whoami() == x86_lapic_id();
	if (!ids_trusted)
		report_warn("cpu-start", 0, "CPUID's APIC ID is not the local "
			    "APIC's: AP starts are not checked per CPU");
}

/* INIT, then @token armed, then the two STARTUPs: the stage is cleared
 * and the token armed while INIT holds the CPU, so what either says
 * afterwards is this try's. */
static int send_start(uint32_t apic, uint64_t token, bool spec_waits)
{
	unsigned sipi_wait = spec_waits ? SIPI_GAP_US : sipi_us;
	int rc;

	x86_lapic_esr();
	rc = x86_lapic_send_init(apic);
	x86_tsc_delay_us(spec_waits ? INIT_TO_SIPI_US : init_us);
	set_stage(TRAMP_STAGE_NONE);
	start_token_arm(token_word(), token);
	for (int i = 0; i < 2; i++) {
		x86_lapic_esr();
		rc |= x86_lapic_send_sipi(apic, (uint64_t)(uintptr_t)page);
		x86_tsc_delay_us(sipi_wait);
	}
	/* Errors are cleared, not fatal: the claim is what counts. */
	x86_lapic_esr();
	return rc;
}

/* Wait for @token to be claimed; a CPU that keeps moving gets more
 * windows (bounded), one that stands still does not. */
static bool wait_claimed(uint64_t token, bool no_wait, unsigned window_us,
			 uint32_t *last_stage)
{
	uint64_t n = no_wait ? 0 : x86_tsc_hz / 1000000 * window_us;
	uint32_t s = stage();
	bool claimed = false;

	for (unsigned w = 0; w < MAX_WINDOWS && !claimed; w++) {
		uint32_t before = s;
		uint64_t t0 = rdtsc_plain();

		while (!(claimed = start_token_claimed(token_word(), token)) &&
		       rdtsc_plain() - t0 < n)
			__asm__ volatile("pause");
		s = stage();
		if (s == before)
			break;
	}
	*last_stage = s;
	return claimed;
}

int plat_cpu_start(uint32_t cpu, uint64_t hwid, plat_cpu_entry entry,
		   void *arg, void *stack_top)
{
	struct ap_arg *a = malloc(sizeof(*a));
	uint32_t apic = (uint32_t)hwid, s = TRAMP_STAGE_NONE;
	uint32_t target = ids_trusted ? apic : START_ANY;
	uint64_t token = 0;
	char msg[160];

	/* efi_main sets b.stack_size, so core always gives a stack. */
	if (!a || !page || !stack_top || hwid > UINT32_MAX)
		return -1;
	a->entry = entry;
	a->arg = arg;
	a->cpu = cpu;
	a->regs = x86_mem_types_slot(cpu);	/* NULL: not compared */
	/* Nothing is armed here (the last token was claimed or revoked):
	 * no instance of any CPU takes parameters while they change. */
	put64(tramp_stack, (uintptr_t)stack_top & ~15ull);
	put64(tramp_arg, (uintptr_t)a);

	for (unsigned try = 1; try <= START_TRIES; try++) {
		bool no_wait = early_resend && try == 1;

		start_gen = start_gen_next(start_gen);
		token = start_token(start_gen, target);
		/* a retry takes the MP spec's waits, whatever the CPU */
		if (send_start(apic, token, try > 1) && try == 1) {
			if (start_token_revoke(token_word(), token))
				return -1;
			return 0;	/* refused, yet it came */
		}
		/* up, or claimed between the last look and the revoke */
		if (wait_claimed(token, no_wait, try == 1 ? first_window_us :
				 TRY_WINDOW_US, &s) ||
		    !start_token_revoke(token_word(), token)) {
			if (try > 1) {
				snprintf(msg, sizeof(msg), "apic %#x up on try "
					 "%u of %u", apic, try, START_TRIES);
				report_warn("cpu-start", cpu, msg);
			}
			return 0;
		}
		if (try < START_TRIES) {
			snprintf(msg, sizeof(msg), "apic %#x at stage %u (%s) "
				 "%u ms after INIT-SIPI-SIPI; resending (try "
				 "%u of %u)", apic, s, stage_str(s),
				 no_wait ? 0 : (try == 1 ? first_window_us :
				 TRY_WINDOW_US) / 1000, try + 1,
				 START_TRIES);
			report_warn("cpu-start", cpu, msg);
		}
	}
	/* Revoked: park it in wait-for-SIPI, so that no instance of it
	 * runs on.  Core's wait decides; it reports the CPU. */
	x86_lapic_send_init(apic);
	x86_tsc_delay_us(INIT_TO_SIPI_US);
	snprintf(msg, sizeof(msg), "apic %#x at stage %u (%s) after %u tries; "
		 "giving up", apic, s, stage_str(s), START_TRIES);
	report_warn("cpu-start", cpu, msg);
	return 0;
}
