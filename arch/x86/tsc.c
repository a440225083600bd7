/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The TSC rate: from CPUID 0x15 when it states the crystal (exact) and a
 * measurement against the ACPI PM timer (3.579545 MHz; else UEFI Stall())
 * agrees within 2 % (a BIOS or hypervisor can state a wrong crystal: then
 * the measured rate, with a warning); else measured against the PM timer,
 * else against Stall().  CPUID 0x16 (the nominal base MHz, not always the
 * TSC rate) is the last resort.  Delays after ExitBootServices use the TSC.
 */
#include <stdio.h>

#include "arch.h"
#include "output/report.h"
#include "fw/timer_check.h"
#include "x86.h"

#define PM_HZ		3579545ull
#define CAL_PM_TICKS	(PM_HZ / 20)	/* 50 ms */
#define PM_GIVE_UP	10000000000ull	/* TSC ticks: seconds at any rate */

uint64_t x86_tsc_hz;

static uint64_t pm_calibrate(uint16_t port, bool ext)
{
	uint32_t mask = ext ? 0xffffffffu : 0xffffffu;
	uint32_t last = inl(port) & mask, now;
	uint64_t elapsed = 0, t0, t1, start = rdtsc_plain();

	/* Start on a tick edge so the count is exact; a dead port gives up. */
	while (((now = inl(port) & mask)) == last)
		if (rdtsc_plain() - start > PM_GIVE_UP)
			return 0;
	last = now;
	t0 = rdtsc_plain();
	while (elapsed < CAL_PM_TICKS) {
		now = inl(port) & mask;
		elapsed += (now - last) & mask;
		last = now;
		if (rdtsc_plain() - t0 > PM_GIVE_UP)
			return 0;
	}
	t1 = rdtsc_plain();
	return (t1 - t0) * PM_HZ / elapsed;
}

static uint64_t stall_calibrate(void (*stall_us)(unsigned))
{
	uint64_t t0 = rdtsc_plain(), t1;

	stall_us(50000);
	t1 = rdtsc_plain();
	return (t1 - t0) * 20;
}

/* CPUID 0x15's rate against the PM timer (else Stall()). */
static uint64_t cpuid15_checked(uint64_t stated, const struct x86_acpi *a,
				void (*stall_us)(unsigned),
				const char **source)
{
	const char *ref = a->pm_port ? "the PM timer" : "UEFI Stall";
	uint64_t r[3], t, measured;
	struct timer_choice ch;
	char msg[200];

	/* three tries, their median; tries that disagree keep CPUID's */
	for (int i = 0; i < 3; i++)
		r[i] = a->pm_port ? pm_calibrate(a->pm_port, a->pm_32bit) :
		       stall_calibrate(stall_us);
	if (r[0] > r[1])
		t = r[0], r[0] = r[1], r[1] = t;
	if (r[1] > r[2])
		t = r[1], r[1] = r[2], r[2] = t;
	if (r[0] > r[1])
		t = r[0], r[0] = r[1], r[1] = t;
	measured = r[1];
	ch = timer_choose_tries(stated, measured, r[0], r[2]);
	if (ch.inconclusive)
		report_printf("counter: %s tries %llu-%llu Hz disagree by more "
			      "than 2 %%: CPUID 0x15's %llu Hz kept\n", ref,
			      (unsigned long long)r[0],
			      (unsigned long long)r[2],
			      (unsigned long long)stated);

	*source = !ch.measured ? "cpuid-15h" :
		  a->pm_port ? "pm-timer" : "uefi-stall";
	if (ch.warn)
		report_warn("timer", 0, timer_warning(msg, sizeof(msg),
			    "CPUID 0x15", stated, ref, measured));
	return ch.hz;
}

uint64_t x86_tsc_calibrate(const struct x86_cpuid *c, const struct x86_acpi *a,
		       void (*stall_us)(unsigned), const char **source)
{
	uint32_t r[4];

	if (c->max_leaf >= 0x15) {
		cpuid(0x15, 0, r);
		if (r[0] && r[1] && r[2])
			return x86_tsc_hz = cpuid15_checked(
				(uint64_t)r[2] * r[1] / r[0], a, stall_us,
				source);
	}
	if (a->pm_port) {
		*source = "pm-timer";
		x86_tsc_hz = pm_calibrate(a->pm_port, a->pm_32bit);
		if (x86_tsc_hz)
			return x86_tsc_hz;
	}
	*source = "uefi-stall";
	x86_tsc_hz = stall_calibrate(stall_us);
	if (x86_tsc_hz)
		return x86_tsc_hz;
	if (c->max_leaf >= 0x16) {
		cpuid(0x16, 0, r);
		if (r[0] & 0xffff) {
			*source = "cpuid-16h";
			return x86_tsc_hz = (uint64_t)(r[0] & 0xffff) * 1000000;
		}
	}
	*source = "none";
	return 0;
}

void x86_tsc_delay_us(uint64_t us)
{
	uint64_t t0 = rdtsc_plain(), n = x86_tsc_hz / 1000000 * us;

	while (rdtsc_plain() - t0 < n)
		__asm__ volatile("pause");
}

/*
 * APERF is the cycle counter: no PMU to program, and it counts the clock
 * the core really runs at.  A window never idles, so APERF over the
 * window's TSC time is the effective frequency (MPERF is not needed).
 */
bool plat_cycles_available(void)
{
	uint32_t r[4];

	cpuid(0, 0, r);
	if (r[0] < 6)
		return false;
	cpuid(6, 0, r);
	return r[2] & 1;
}
