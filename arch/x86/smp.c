/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * plat_cpu_start(): INIT-SIPI-SIPI into trampoline.S, one CPU at a time
 * (core waits for each), reusing the same page below 1 MiB.
 */
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "x86.h"

extern const char tramp_start[], tramp_end[], tramp_32[], tramp_64[];
extern const char tramp_gdt[], tramp_gdtr[], tramp_jmp32[], tramp_jmp64[];
extern const char tramp_cr3_tmp[], tramp_nxe[], tramp_cr3[], tramp_stack[];
extern const char tramp_entry[], tramp_arg[], tramp_taken[];

struct ap_arg {
	plat_cpu_entry entry;
	void *arg;
	uint32_t cpu;
};

static uint8_t *page;
static uint32_t prev_hwid;
static bool prev_pending;

static size_t off(const char *sym)
{
	return (size_t)(sym - tramp_start);
}

static void put32(const char *sym, uint32_t v)
{
	memcpy(page + off(sym), &v, sizeof(v));
}

static void put64(const char *sym, uint64_t v)
{
	memcpy(page + off(sym), &v, sizeof(v));
}

static void ap_entry(struct ap_arg *a)
{
	a->entry(a->arg, a->cpu);
	cpu_halt_forever();
}

void ap_setup(uint64_t p)
{
	uint64_t *pml4, *pdpt, *pd, cr3;

	page = (uint8_t *)(uintptr_t)p;
	memcpy(page, tramp_start, (size_t)(tramp_end - tramp_start));
	put32(tramp_gdtr + 2, (uint32_t)(p + off(tramp_gdt)));
	put32(tramp_jmp32, (uint32_t)(p + off(tramp_32)));
	put32(tramp_jmp64, (uint32_t)(p + off(tramp_64)));

	/* The first 2 MiB identity-mapped: enough to reach tramp_64. */
	pml4 = (uint64_t *)(page + 0x1000);
	pdpt = (uint64_t *)(page + 0x2000);
	pd = (uint64_t *)(page + 0x3000);
	memset(pml4, 0, 3 * 0x1000);
	pml4[0] = (p + 0x2000) | 3;	/* present, writable */
	pdpt[0] = (p + 0x3000) | 3;
	pd[0] = 0x83;			/* 2 MiB page at 0 */
	put32(tramp_cr3_tmp, (uint32_t)(p + 0x1000));

	put32(tramp_nxe, rdmsr(MSR_EFER) & EFER_NXE ? (uint32_t)EFER_NXE : 0);
	__asm__ volatile("mov %%cr3, %0" : "=r"(cr3));
	put64(tramp_cr3, cr3);
	put64(tramp_entry, (uint64_t)(uintptr_t)ap_entry);
}

int plat_cpu_start(uint32_t cpu, uint64_t hwid, plat_cpu_entry entry,
		   void *arg, void *stack_top)
{
	struct ap_arg *a = malloc(sizeof(*a));
	int rc;

	/* efi_main sets b.stack_size, so core always gives a stack. */
	if (!a || !page || !stack_top || hwid > UINT32_MAX)
		return -1;
	a->entry = entry;
	a->arg = arg;
	a->cpu = cpu;
	/*
	 * The page is shared by every start.  A CPU that never took its
	 * parameters (core gave up on it) could still wake up later and take
	 * this CPU's: park it with INIT before rewriting them.
	 */
	if (prev_pending && !*(volatile uint32_t *)(page + off(tramp_taken))) {
		lapic_send_init(prev_hwid);
		tsc_delay_us(10000);
	}
	prev_hwid = (uint32_t)hwid;
	prev_pending = true;
	put64(tramp_stack, (uintptr_t)stack_top & ~15ull);
	put64(tramp_arg, (uintptr_t)a);
	put32(tramp_taken, 0);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	lapic_esr();
	rc = lapic_send_init((uint32_t)hwid);
	tsc_delay_us(10000);
	for (int i = 0; i < 2; i++) {
		lapic_esr();
		rc |= lapic_send_sipi((uint32_t)hwid, (uintptr_t)page);
		tsc_delay_us(200);
	}
	/* Errors are cleared, not fatal: arrival is what core waits for. */
	lapic_esr();
	return rc;
}
