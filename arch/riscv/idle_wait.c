/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * How a parked hart waits (plat_wait_change()): wfi with only the
 * supervisor software interrupt enabled in sie (sstatus.SIE stays off,
 * so it never traps; a pending enabled interrupt still ends wfi), woken
 * by an SBI IPI, which the firmware delivers as sip.SSIP.  QEMU then
 * stops running the vCPU instead of spinning it on a host core that a
 * measured pair needs.  Each hart proves the wake on itself as it starts
 * (an IPI to itself must raise SSIP, and one wfi with it pending must
 * return: firmware that sets mstatus.TW makes wfi trap, and the probe
 * steps over it); a hart that cannot, or firmware without the SBI IPI
 * extension, spins with a pause hint as before.
 * sscratch, unused otherwise, says which a hart does.
 *
 * The boot hart, while a run it has no part in goes on (a c2c pair of
 * two others), waits for the acks the same way, with an SBI timer a
 * millisecond out as its bound (STIP, enabled in sie with SSIP only for
 * that wfi), woken by the hart that acks; without the TIME extension, or
 * where its own proof fails, it spins.
 */
#include "arch.h"
#include "isa_ops.h"
#include "machine.h"
#include "output/report.h"
#include "riscv.h"
#include "sbi.h"

#define SIP_SSIP	(1ul << 1)	/* sip and sie: supervisor software */
#define SIP_STIP	(1ul << 5)	/* sip and sie: supervisor timer */
#define PARK_WFI	1ul		/* in sscratch: this hart sleeps */

bool riscv_test_wfi_traps;
bool riscv_test_wfi_traps_late;
void riscv_test_wfi_trap_late(void);	/* entry.S */
static bool have_ipi;
static uint8_t sleeps[TOPO_MAX_CPUS];	/* by logical CPU */
static uint32_t nsleep, nfailed, nwfi_trapped;
static bool boot_sleeps;	/* the boot hart waits for acks in wfi */
/* wfis that trapped after the probe passed (entry.S steps over them) */
uint32_t riscv_wfi_late;
static uint64_t boot_hwid;

const char *riscv_idle_wait_prepare(uint64_t boot_hart)
{
	have_ipi = sbi_probe(SBI_EXT_IPI);
	boot_hwid = boot_hart;	/* proven later, with the test switches read */
	return have_ipi ? "wfi" : "spin";
}

/* An IPI to this hart: SSIP within 10 ms, then cleared unless @keep. */
static bool wake_proven(uint64_t hart, bool keep)
{
	uint64_t t0;

	__asm__ volatile("csrc sip, %0" : : "r"(SIP_SSIP));
	if (sbi_send_ipi(1, hart))
		return false;
	t0 = isa_counter();
	for (;;) {
		/* the time before the look: the last look is after the
		 * deadline, even for a vCPU its host stopped meanwhile */
		bool late = isa_counter() - t0 >
			    machine_ms_ticks(riscv_timebase_hz, 10);
		unsigned long sip;

		__asm__ volatile("csrr %0, sip" : "=r"(sip));
		if (sip & SIP_SSIP)
			break;
		if (late)
			return false;
	}
	if (!keep)
		__asm__ volatile("csrc sip, %0" : : "r"(SIP_SSIP));
	return true;
}

void riscv_wfi_probe_trap(void);	/* entry.S */

/*
 * Whether wfi runs here: with SSIP pending and enabled it returns at
 * once; firmware that sets mstatus.TW turns it into an illegal
 * instruction, which riscv_wfi_probe_trap steps over, setting a0.
 * Called with an IPI to this hart pending (wake_proven(.., true)).
 */
static bool wfi_allowed(void)
{
	register unsigned long trapped __asm__("a0") = 0;
	unsigned long vec;

	__asm__ volatile("csrr %0, stvec" : "=r"(vec));
	__asm__ volatile("csrw stvec, %0" : : "r"(riscv_wfi_probe_trap));
	if (riscv_test_wfi_traps)	/* cycle is read-only: illegal */
		__asm__ volatile("csrw cycle, zero" : "+r"(trapped) : :
				 "memory");
	else
		__asm__ volatile("wfi" : "+r"(trapped) : : "memory");
	__asm__ volatile("csrw stvec, %0" : : "r"(vec));
	return !trapped;
}

static uint64_t rd_time(void)
{
	uint64_t v;

	__asm__ volatile("rdtime %0" : "=r"(v) : : "memory");
	return v;
}

/* An SBI timer due now raises STIP within 10 ms; UINT64_MAX drops it. */
static bool timer_proven(void)
{
	uint64_t t0 = rd_time(), span = machine_ms_ticks(riscv_time_hz, 10);
	unsigned long sip = 0;

	sbi_set_timer(t0);
	for (;;) {
		bool late = rd_time() - t0 > span;

		__asm__ volatile("csrr %0, sip" : "=r"(sip));
		if ((sip & SIP_STIP) || late)
			break;
	}
	sbi_set_timer(UINT64_MAX);
	if (!(sip & SIP_STIP))
		return false;
	__asm__ volatile("csrr %0, sip" : "=r"(sip));
	return !(sip & SIP_STIP);
}

/* The boot hart's own proof, as a parked hart's, and its timer's; SSIE
 * off again after it (the boot hart enables it only to sleep). */
static bool boot_prove(uint64_t hart)
{
	bool ok;

	__asm__ volatile("csrs sie, %0" : : "r"(SIP_SSIP));
	ok = wake_proven(hart, true) && wfi_allowed();
	__asm__ volatile("csrc sip, %0\n\tcsrc sie, %0" : : "r"(SIP_SSIP));
	return ok && timer_proven();
}

void riscv_idle_wait_hart_start(uint32_t cpu, uint64_t hart)
{
	unsigned long mode = 0;

	if (have_ipi && cpu < TOPO_MAX_CPUS) {
		/* enabled in sie before the test: wfi needs it, no trap
		 * follows with sstatus.SIE off */
		__asm__ volatile("csrs sie, %0" : : "r"(SIP_SSIP));
		bool woke = wake_proven(hart, true), wfi_ok = woke &&
			    wfi_allowed();

		__asm__ volatile("csrc sip, %0" : : "r"(SIP_SSIP));
		if (woke && !wfi_ok)
			__atomic_fetch_add(&nwfi_trapped, 1, __ATOMIC_RELAXED);
		if (wfi_ok) {
			mode = PARK_WFI;
			sleeps[cpu] = 1;
			__atomic_fetch_add(&nsleep, 1, __ATOMIC_RELAXED);
		} else {
			__asm__ volatile("csrc sie, %0" : : "r"(SIP_SSIP));
			__atomic_fetch_add(&nfailed, 1, __ATOMIC_RELAXED);
		}
	}
	__asm__ volatile("csrw sscratch, %0" : : "r"(mode));
}

void riscv_idle_wait_report(void)
{
	boot_sleeps = have_ipi && sbi_probe(SBI_EXT_TIME) &&
		      boot_prove(boot_hwid);
	if (!have_ipi) {
		report_printf("parked harts: spin (no SBI IPI extension)\n");
		return;
	}
	report_printf("parked harts: %u wfi (SBI IPI wake), %u could not; "
		      "boot hart %s while it only coordinates\n", nsleep,
		      nfailed, boot_sleeps ? "sleeps (wfi, SBI IPI and timer)" :
		      "spins");
	if (nwfi_trapped)
		report_warn("idle-wait", 0, "wfi is an illegal instruction "
			    "here (firmware set mstatus.TW): harts spin");
	else if (nfailed)
		report_warn("idle-wait", 0, "a hart did not see its own SBI "
			    "IPI: it waits with a pause-hinted spin");
}

uint32_t plat_wait_change(volatile uint32_t *word, uint32_t old)
{
	unsigned long mode;
	uint32_t v;

	while ((v = __atomic_load_n(word, __ATOMIC_ACQUIRE)) == old) {
		/* each time: a wfi that trapped late clears it (entry.S) */
		__asm__ volatile("csrr %0, sscratch" : "=r"(mode));
		if (mode != PARK_WFI) {
			isa_relax();
			continue;
		}
		/* an IPI sent since the load left SSIP pending: wfi
		 * returns at once, so no wake is lost */
		if (riscv_test_wfi_traps_late)
			riscv_test_wfi_trap_late();
		else
			__asm__ volatile("wfi" ::: "memory");
		__asm__ volatile("csrc sip, %0\n\tfence rw, rw"
				 : : "r"(SIP_SSIP) : "memory");
	}
	return v;
}

void plat_cpu_wake(uint32_t cpu, uint64_t hwid)
{
	if (cpu >= TOPO_MAX_CPUS || !sleeps[cpu])
		return;
	/* the mailbox store before the IPI that makes the hart look */
	__asm__ volatile("fence rw, rw" ::: "memory");
	sbi_send_ipi(1, hwid);
}

bool plat_boot_cpu_sleeps(void)
{
	return boot_sleeps;
}

/* Called only where plat_boot_cpu_sleeps() said so. */
void plat_boot_cpu_wait(volatile uint32_t *word, uint32_t old)
{
	if (__atomic_load_n(&riscv_wfi_late, __ATOMIC_RELAXED)) {
		isa_relax();	/* wfi traps here after all: spin */
		return;
	}
	sbi_set_timer(rd_time() + riscv_time_hz / 1000);
	__asm__ volatile("csrs sie, %0" : : "r"(SIP_SSIP | SIP_STIP));
	/* an IPI sent since the caller's look is pending: wfi returns */
	if (__atomic_load_n(word, __ATOMIC_ACQUIRE) == old)
		__asm__ volatile("wfi" ::: "memory");
	__asm__ volatile("csrc sie, %0\n\tcsrc sip, %1"
			 : : "r"(SIP_SSIP | SIP_STIP), "r"(SIP_SSIP));
	sbi_set_timer(UINT64_MAX);	/* STIP off */
}

void plat_boot_cpu_wake(uint64_t hwid)
{
	if (!boot_sleeps)
		return;
	__asm__ volatile("fence rw, rw" ::: "memory");
	sbi_send_ipi(1, hwid);
}
