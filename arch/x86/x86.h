/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internals of the x86_64 UEFI platform: port and MSR access, CPUID, and
 * the state its files share (console port, TSC rate, LAPIC mode).
 */
#ifndef SBM_X86_H
#define SBM_X86_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/acpi_platform.h"
#include "engine/engine.h"
#include "efi_plat.h"
#include "tramp_map.h"

static inline void outb(uint16_t port, uint8_t v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint8_t inb(uint16_t port)
{
	uint8_t v;

	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline uint32_t inl(uint16_t port)
{
	uint32_t v;

	__asm__ volatile("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline uint64_t rdmsr(uint32_t msr)
{
	uint32_t lo, hi;

	__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return (uint64_t)hi << 32 | lo;
}

static inline void wrmsr(uint32_t msr, uint64_t v)
{
	__asm__ volatile("wrmsr" : : "c"(msr), "a"((uint32_t)v),
			 "d"((uint32_t)(v >> 32)) : "memory");
}

static inline void cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	__asm__ volatile("cpuid"
			 : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
			 : "a"(leaf), "c"(sub));
}

static inline uint64_t rdtsc_plain(void)
{
	uint32_t lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
}

#define MSR_APIC_BASE	0x1b
#define MSR_EFER	0xc0000080
#define APIC_BASE_X2APIC (1ull << 10)
#define APIC_BASE_ENABLE (1ull << 11)
#define EFER_LME	(1ull << 8)
#define EFER_NXE	(1ull << 11)

/* uart16550.c: the console after (and, when present, before) EBS. */
bool x86_uart_present(void);		/* a UART that answers and drains */
struct x86_acpi;
/* The console, before the first serial byte: the UART SPCR names once its
 * address passed the checks and it answers; COM1 only when there is no
 * SPCR (or it named none that can be used, said on ConOut). */
void x86_console_init(const struct x86_acpi *a);
/* For an AP's trap handler: no firmware call, bounded wait for the lock. */
void x86_console_write_trap(const char *s, size_t n);

/* cpuid_topo.c */
struct x86_cpuid {
	char vendor[13];
	char brand[49];
	uint32_t max_leaf, max_ext;
	bool hypervisor;
	char hv_vendor[13];
	bool invariant_tsc;
	uint32_t family;	/* display family (base + extended) */
	uint32_t bsp_apic_id;
	unsigned smt_shift, pkg_shift, llc_shift;
	bool have_shifts, have_llc;
	const char *cache_source;
};
void x86_cpuid_probe(struct x86_cpuid *c);
/* raw_core/raw_package/raw_llc of every CPU from its APIC id; caches */
void x86_cpuid_fill_topo(const struct x86_cpuid *c, struct topo *t);
/* The boot CPU's microcode revision as hello's microcode= */
void x86_microcode_id(const struct x86_cpuid *c, struct machine_info *info);

/* idle_wait.c: how parked CPUs wait, for hello's idle_wait= */
const char *x86_idle_wait_name(void);
/* The APs' IDT (from x86_ap_trap_idt()) with the wake and spurious
 * vectors added: *base and *limit in, the larger table out. */
void x86_idle_wait_idt(uint64_t *base, uint16_t *limit);
/* On AP @cpu before it parks: its APIC on and one IPI to itself seen. */
void x86_idle_wait_ap_start(uint32_t cpu);
/* On the boot CPU after bring-up: how the @started APs wait. */
void x86_idle_wait_report(uint32_t started);

/* acpi_topo.c */
struct x86_acpi {
	bool have_madt;
	uint64_t lapic_addr;
	uint16_t pm_port;	/* 0: none */
	bool pm_32bit;
	bool have_spcr;		/* there is an SPCR (good or bad) */
	bool have_spcr_uart;	/* SPCR names a UART we can decode */
	struct acpi_spcr_uart spcr_uart;
	char oem_id[7];
	struct efi_acpi *tables; /* open: x86_acpi_open() to collect() */
};
/* The tables checked once and the SPCR read, before the console is up
 * (so the console can be the one SPCR names); -1 with no usable root. */
int x86_acpi_open(uint64_t rsdp, struct x86_acpi *out);
/* Then: add CPUs (BSP flagged) and their nodes to @t, keep the SLIT for
 * after topo_finalize(), the FADT's PM timer.  Warnings go to
 * report_warn(). */
int x86_acpi_collect(struct topo *topo, uint32_t bsp_apic_id,
		     struct x86_acpi *out);

/* tsc.c */
extern uint64_t x86_tsc_hz;
uint64_t x86_tsc_calibrate(const struct x86_cpuid *c, const struct x86_acpi *a,
		       void (*stall_us)(unsigned), const char **source);
void x86_tsc_delay_us(uint64_t us);

/* lapic.c */
void x86_lapic_init(void);
bool x86_lapic_x2apic(void);
/* The local APIC's mode as the firmware left it (IA32_APIC_BASE):
 * "x2apic", "xapic" or "disabled"; read before x86_lapic_init(). */
const char *x86_apic_mode(void);
uint32_t x86_lapic_id(void);
/* the APIC timer count for @us, measured against the TSC; 0: none */
uint32_t x86_lapic_timer_count_us(uint32_t us);
uint32_t x86_lapic_esr(void);	/* read and clear the error status */
int x86_lapic_send_init(uint32_t apic_id);
int x86_lapic_send_sipi(uint32_t apic_id, uint64_t page);
bool x86_lapic_cpu_enable(uint8_t spurious);
/* this CPU's APIC in the boot CPU's mode and place */
bool x86_lapic_mode_ok(void);
uint64_t x86_lapic_eoi_addr(void);
bool x86_lapic_pending(uint8_t vector);
bool x86_lapic_in_service(uint8_t vector);
int x86_lapic_send_fixed(uint32_t apic_id, uint8_t vector);
int x86_lapic_send_self(uint8_t vector);
void x86_lapic_timer_oneshot(uint8_t vector, uint32_t count);

/* smp.c */
/* The trampoline's pages: the code, then its temporary page tables. */
#define X86_TRAMP_PAGES	(1 + TRAMP_MAP_MAX_PAGES)
/* Set up the trampoline in @page (physical, below 1 MiB, X86_TRAMP_PAGES
 * pages: the code and its temporary page tables). */
void x86_ap_setup(uint64_t page);
/* Whether this CPU family needs the MP spec's 10 ms between INIT and
 * STARTUP (and 200 us between the STARTUPs); modern ones do not. */
bool x86_needs_init_wait(const struct x86_cpuid *c);
void x86_ap_set_init_wait(bool wait);
/* test=early-resend: every first try given up at once (smp.c) */
void x86_ap_set_early_resend(void);
/* test=long-start-wait: the first try waits @us for a sign of life */
void x86_ap_set_first_window_us(unsigned us);

/* tramp_page.c: after ExitBootServices, the highest run of @pages free
 * pages below 640 KiB in the final memory map, never
 * page 0; 0 when none.  *type names the memory it was. */
uint64_t x86_tramp_page_late(const struct efi_memmap *m, unsigned pages,
			     const char **type);
/* test=low-mem-taken: every free page below 640 KiB taken as boot-services
 * data, as big machines' firmware leaves it; how many. */
unsigned x86_take_low_memory(void);

/* ap_trap.c: the APs' IDT, for the trampoline's LIDT. */
void x86_ap_trap_idt(uint64_t *base, uint16_t *limit);

/* power.c */
void x86_cpu_halt_forever(void) __attribute__((noreturn));

#endif
