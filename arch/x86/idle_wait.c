/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * plat_wait_change() on x86 bare metal.  How a parked AP waits:
 *
 * - hlt, woken by an IPI, where a hypervisor runs us (CPUID's hypervisor
 *   bit) or the CPU has no MONITOR: every hypervisor turns hlt into a
 *   real sleep, while mwait may be a nop there (QEMU TCG with more than
 *   one CPU: parked vCPUs then spin, and bring-up and every window grow
 *   with their count).  Interrupts stay off but for `sti; hlt` (the
 *   interrupt shadow of sti covers hlt: an IPI already pending wakes it
 *   at once); the handler writes the EOI and returns with IF clear
 *   (wake_isr.S).
 * - monitor/mwait on bare metal with MONITOR (C1, interrupts off): the
 *   store to the mailbox line wakes it, so the boot CPU sends nothing.
 *
 * Each AP proves the IPI with one to itself before it halts on it; one
 * that cannot falls back to mwait (or a pause spin), and so do all later
 * waits: the boot CPU keeps sending, so no AP already asleep is lost.
 *
 * The boot CPU, in hlt mode, sleeps the same way while a run it has no
 * part in goes on (plat_boot_cpu_wait()), once the firmware is gone: an
 * IDT of its own (the firmware's gates plus the wake vector), its APIC
 * timer one-shot as the bound, woken by the AP that acks.  It proves the
 * path with an IPI to itself first; else it spins as before.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "arch.h"
#include "topo/topo.h"
#include "isa_ops.h"
#include "output/report.h"
#include "x86.h"

#define WAKE_VECTOR	0xf1	/* the highest priority class */
#define SPURIOUS_VECTOR	0xff
#define GATE_INTR64	0x8e

enum { WAIT_PAUSE, WAIT_MWAIT, WAIT_HLT };

struct idt_gate {
	uint16_t off_lo, sel;
	uint8_t ist, attr;
	uint16_t off_mid;
	uint32_t off_hi, zero;
} __attribute__((packed));

/* The wake handler's EOI (wake_isr.S): the xAPIC register, or 0 for the
 * x2APIC MSR. */
uint64_t x86_wake_eoi __attribute__((visibility("hidden")));
extern const char x86_wake_isr[], x86_spurious_isr[];

static struct idt_gate idt[256] __attribute__((aligned(16)));
static bool hlt_wake = true;	/* cleared by the first AP that fails */
/* per CPU, not per event: a CPU is counted once however it started */
static uint8_t ap_wait[TOPO_MAX_CPUS];	/* 0 not seen, AP_HALTS, AP_FAILED */
enum { AP_HALTS = 1, AP_FAILED };
static bool monitor;		/* CPUID.01H:ECX[3] */

static void cpuid1(uint32_t *c, uint32_t *d)
{
	uint32_t a = 1, b;

	*c = 0;
	__asm__ volatile("cpuid" : "+a"(a), "=b"(b), "+c"(*c), "=d"(*d));
}

static int mode(void)
{
	static int known = -1;
	uint32_t c, d;

	if (known < 0) {
		cpuid1(&c, &d);
		monitor = (c >> 3) & 1;
		if ((d >> 9) & 1 && ((c >> 31) & 1 || !((c >> 3) & 1)))
			known = WAIT_HLT;	/* APIC; hypervisor or no MONITOR */
		else
			known = (c >> 3) & 1 ? WAIT_MWAIT : WAIT_PAUSE;
	}
	return known;
}

const char *x86_idle_wait_name(void)
{
	static const char *const name[] = {
		[WAIT_PAUSE] = "pause", [WAIT_MWAIT] = "mwait",
		[WAIT_HLT] = "hlt",
	};

	return name[mode()];
}

static void set_gate(struct idt_gate *t, unsigned v, const char *fn,
		     uint16_t sel)
{
	uint64_t a = (uint64_t)(uintptr_t)fn;

	t[v] = (struct idt_gate){
		.off_lo = (uint16_t)a, .sel = sel, .attr = GATE_INTR64,
		.off_mid = (uint16_t)(a >> 16), .off_hi = (uint32_t)(a >> 32),
	};
}

void x86_idle_wait_idt(uint64_t *base, uint16_t *limit)
{
	size_t n = (size_t)*limit + 1;

	if (n > 32 * sizeof(struct idt_gate))
		n = 32 * sizeof(struct idt_gate);
	memcpy(idt, (const void *)(uintptr_t)*base, n);
	/* the exception gates' code selector: the trampoline's */
	set_gate(idt, WAKE_VECTOR, x86_wake_isr, idt[0].sel);
	set_gate(idt, SPURIOUS_VECTOR, x86_spurious_isr, idt[0].sel);
	*base = (uint64_t)(uintptr_t)idt;
	*limit = sizeof(idt) - 1;
}

/* One IPI to itself: requested in the IRR, then taken and ended. */
static bool self_test(void)
{
	bool seen = false;

	if (x86_lapic_send_self(WAKE_VECTOR))
		return false;
	for (unsigned i = 0; i < 1000000 && !seen; i++)
		seen = x86_lapic_pending(WAKE_VECTOR);
	if (seen)	/* the handler takes it and writes the EOI */
		__asm__ volatile("sti\n\tnop\n\tcli" ::: "memory");
	/* ended: neither requested nor in service (an EOI that missed
	 * would block every later wake) */
	return seen && !x86_lapic_pending(WAKE_VECTOR) &&
	       !x86_lapic_in_service(WAKE_VECTOR);
}

void x86_idle_wait_ap_start(uint32_t cpu)
{
	bool ok;

	if (mode() != WAIT_HLT || cpu >= TOPO_MAX_CPUS)
		return;
	/* the boot CPU's APIC is known by now (the same for every AP) */
	__atomic_store_n(&x86_wake_eoi, x86_lapic_eoi_addr(), __ATOMIC_RELAXED);
	ok = x86_lapic_cpu_enable(SPURIOUS_VECTOR) && self_test();
	__atomic_store_n(&ap_wait[cpu], ok ? AP_HALTS : AP_FAILED,
			 __ATOMIC_RELAXED);
	if (!ok)
		__atomic_store_n(&hlt_wake, false, __ATOMIC_RELAXED);
}

/* The APIC timer fires once at once: requested, taken, ended. */
static bool timer_test(void)
{
	bool seen = false;

	x86_lapic_timer_oneshot(WAKE_VECTOR, 1);
	for (unsigned i = 0; i < 1000000 && !seen; i++)
		seen = x86_lapic_pending(WAKE_VECTOR);
	if (seen)
		__asm__ volatile("sti\n\tnop\n\tcli" ::: "memory");
	x86_lapic_timer_oneshot(WAKE_VECTOR, 0);
	return seen && !x86_lapic_pending(WAKE_VECTOR) &&
	       !x86_lapic_in_service(WAKE_VECTOR);
}

static bool boot_sleeps;
/* The bound of one sleep, for a wake that never came: 1 ms of the APIC
 * timer, measured against the TSC (the count that is 1 ms under QEMU is
 * 10-40 ms on 25-100 MHz APIC clocks). */
#define BOOT_WAIT_US	1000u
static uint32_t boot_wait_count;
static const char *no_sleep_why = "";

/* CPUID.06H:EAX[2], ARAT: the APIC timer runs in every C-state.  Without
 * it a halted CPU's timer may stop, and the bound with it. */
static bool arat(void)
{
	uint32_t a = 0, b, c = 0, d;

	__asm__ volatile("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
	if (a < 6)
		return false;
	a = 6;
	c = 0;
	__asm__ volatile("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
	return (a >> 2) & 1;
}

/*
 * The boot CPU's sleep, after ExitBootServices: the firmware's IDT copied
 * with its exception gates (0-31) kept and every interrupt vector sent to
 * the wake handler, an EOI and nothing more, so one the firmware left
 * pending wakes the boot CPU and runs none of its code; its timer stopped
 * and masked; the APIC as an AP's; the IPI and the timer proven.  false:
 * it spins.
 */
static bool boot_sleep_setup(void)
{
	static struct idt_gate bsp_idt[256] __attribute__((aligned(16)));
	struct {
		uint16_t limit;
		uint64_t base;
	} __attribute__((packed)) r;
	uint16_t cs;

	__asm__ volatile("sidt %0" : "=m"(r));
	__asm__ volatile("mov %%cs, %0" : "=r"(cs));
	if ((size_t)r.limit + 1 > sizeof(bsp_idt))
		return false;
	memcpy(bsp_idt, (const void *)(uintptr_t)r.base, (size_t)r.limit + 1);
	for (unsigned v = 32; v < SPURIOUS_VECTOR; v++)
		set_gate(bsp_idt, v, x86_wake_isr, cs);
	set_gate(bsp_idt, SPURIOUS_VECTOR, x86_spurious_isr, cs);
	r.base = (uint64_t)(uintptr_t)bsp_idt;
	r.limit = sizeof(bsp_idt) - 1;
	__asm__ volatile("lidt %0" : : "m"(r));
	__atomic_store_n(&x86_wake_eoi, x86_lapic_eoi_addr(), __ATOMIC_RELAXED);
	x86_lapic_timer_oneshot(WAKE_VECTOR, 0);
	if (!arat()) {
		no_sleep_why = " (no ARAT: the APIC timer may stop in hlt)";
		return false;
	}
	boot_wait_count = x86_lapic_timer_count_us(BOOT_WAIT_US);
	if (!boot_wait_count) {
		no_sleep_why = " (the APIC timer did not count)";
		return false;
	}
	return x86_lapic_cpu_enable(SPURIOUS_VECTOR) && self_test() &&
	       timer_test();
}

void x86_idle_wait_report(uint32_t started)
{
	uint32_t nhalt = 0, nfailed = 0;

	if (mode() != WAIT_HLT)
		return;
	for (uint32_t i = 0; i < TOPO_MAX_CPUS; i++) {
		uint8_t w = __atomic_load_n(&ap_wait[i], __ATOMIC_RELAXED);

		nhalt += w == AP_HALTS;
		nfailed += w == AP_FAILED;
	}
	boot_sleeps = boot_sleep_setup();
	report_printf("parked CPUs: %u of %u APs halt (IPI wake, vector "
		      "%#x), %u could not; the boot CPU %s while it only "
		      "coordinates%s\n", nhalt, started, WAKE_VECTOR, nfailed,
		      boot_sleeps ? "halts (IPI wake, APIC timer bound)" :
		      "spins", no_sleep_why);
	if (boot_sleeps)
		report_printf("boot CPU sleep bound: %u APIC timer counts = %u "
			      "us, measured against the TSC\n",
			      boot_wait_count, BOOT_WAIT_US);
	if (nfailed)
		report_warn("idle-wait", 0, "an AP did not see its own IPI: "
			    "parked APs wait with mwait or pause");
}

uint32_t plat_wait_change(volatile uint32_t *word, uint32_t old)
{
	uint32_t v;

	while ((v = __atomic_load_n(word, __ATOMIC_ACQUIRE)) == old) {
		if (mode() == WAIT_HLT &&
		    __atomic_load_n(&hlt_wake, __ATOMIC_RELAXED)) {
			__asm__ volatile("sti\n\thlt\n\tcli" ::: "memory");
			continue;
		}
		if (!monitor) {
			isa_relax();
			continue;
		}
		__asm__ volatile("monitor" : : "a"(word), "c"(0), "d"(0));
		/* the store may have landed before monitor armed */
		if (__atomic_load_n(word, __ATOMIC_ACQUIRE) != old)
			continue;
		__asm__ volatile("mwait" : : "a"(0), "c"(0) : "memory");
	}
	return v;
}

void plat_cpu_wake(uint32_t cpu, uint64_t hwid)
{
	(void)cpu;
	if (mode() == WAIT_HLT)
		x86_lapic_send_fixed((uint32_t)hwid, WAKE_VECTOR);
}


bool plat_boot_cpu_sleeps(void)
{
	return boot_sleeps;
}

/* Called only where plat_boot_cpu_sleeps() said so. */
void plat_boot_cpu_wait(volatile uint32_t *word, uint32_t old)
{
	x86_lapic_timer_oneshot(WAKE_VECTOR, boot_wait_count);
	/* an IPI sent since the caller's look is pending: the hlt in sti's
	 * shadow takes it at once */
	if (__atomic_load_n(word, __ATOMIC_ACQUIRE) == old)
		__asm__ volatile("sti\n\thlt\n\tcli" ::: "memory");
	x86_lapic_timer_oneshot(WAKE_VECTOR, 0);
}

/* Only from an AP whose APIC is in the boot CPU's mode: one that is not
 * would fault on the other mode's ICR (it never halts either). */
void plat_boot_cpu_wake(uint64_t hwid)
{
	if (__atomic_load_n(&boot_sleeps, __ATOMIC_RELAXED) &&
	    x86_lapic_mode_ok())
		x86_lapic_send_fixed((uint32_t)hwid, WAKE_VECTOR);
}
