/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which counter times everything (isa_ops.h): rdtime, unless it is a trap
 * to M-mode (SiFive U74: no time CSR, OpenSBI emulates each read, hundreds
 * of cycles that land in every window and every c2c or noise read) or
 * ticks too slowly for the inner loops (a 4 MHz timebase is 250 ns a
 * tick, coarser than a line transfer).  Then rdcycle, its rate calibrated
 * against rdtime: the hello record names the counter and the rate's
 * source, so every figure says where it came from.
 */
#include <stdbool.h>
#include <stdint.h>

#include "options/config.h"
#include "machine.h"
#include "output/report.h"
#include "riscv.h"

#define TRAP_CYCLES	100	/* a CSR read costs a few cycles, a trap hundreds */
#define SLOW_HZ		10000000ull
#define CAL_MS		10

uint8_t riscv_counter_is_cycle;

static uint64_t rd_time(void)
{
	uint64_t v;

	__asm__ volatile("rdtime %0" : "=r"(v)::"memory");
	return v;
}

static uint64_t rd_cycle(void)
{
	uint64_t v;

	__asm__ volatile("rdcycle %0" : "=r"(v)::"memory");
	return v;
}

/* Cycles one rdtime costs, the cheapest of a few rounds of 64. */
static uint64_t time_read_cycles(void)
{
	uint64_t best = UINT64_MAX;

	for (int r = 0; r < 4; r++) {
		uint64_t c0 = rd_cycle(), c;

		for (int i = 0; i < 64; i++)
			(void)rd_time();
		c = (rd_cycle() - c0) / 64;
		if (c < best)
			best = c;
	}
	return best;
}

/* rdcycle's rate over CAL_MS of rdtime; 0 when it does not count. */
static uint64_t cycle_hz(uint64_t time_hz)
{
	uint64_t t0 = rd_time(), c0 = rd_cycle(), t1, c1;
	uint64_t span = machine_ms_ticks(time_hz, CAL_MS);

	do
		t1 = rd_time();
	while (t1 - t0 < span);
	c1 = rd_cycle();
	return c1 > c0 ? (c1 - c0) * time_hz / (t1 - t0) : 0;
}

void riscv_counter_choose(enum riscv_counter pick, struct machine_info *info)
{
	uint64_t cost = time_read_cycles(), hz;
	bool slow = info->counter_hz < SLOW_HZ;
	const char *why;

	if (pick == RV_COUNTER_TIME ||
	    (pick == RV_COUNTER_AUTO && cost <= TRAP_CYCLES && !slow))
		return;
	hz = cycle_hz(info->counter_hz);
	if (!hz) {
		report_warn("counter", 0, "rdcycle does not count; the figures "
			    "stay on rdtime");
		return;
	}
	why = pick == RV_COUNTER_CYCLE ? "riscv_counter=cycle" :
	      cost > TRAP_CYCLES ? "rdtime is expensive: a trap to M-mode, or "
				   "an emulated CSR" :
	      "the timebase is slower than 10 MHz";
	report_printf("counter: rdcycle at %llu Hz, calibrated against rdtime "
		      "over %u ms (%s; one rdtime costs %llu cycles)\n",
		      (unsigned long long)hz, CAL_MS, why,
		      (unsigned long long)cost);
	riscv_counter_is_cycle = 1;
	riscv_timebase_hz = hz;		/* smp.c's waits read isa_counter() */
	info->counter = "cycle";
	info->counter_hz = hz;
	info->hz_source = "calibrated-against-time";
}
