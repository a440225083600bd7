/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * plat_cpu_start(): SBI HSM hart_start into entry.S with a per-hart start
 * block (stack, entry, argument), looked up by hart id there as well, so
 * a hart the firmware sends to the payload entry instead still joins.
 */
#include "arch.h"
#include "isa_ops.h"
#include "machine.h"
#include "output/report.h"
#include "riscv.h"
#include "sbi.h"

extern void secondary_entry(void), _start(void);

uint64_t riscv_timebase_hz;
uint64_t riscv_time_hz;
bool riscv_hsm_at_entry;

void riscv_secondary(struct riscv_boot *rb, uint64_t late)
{
	/* how it parks (idle_wait.c), proven before the boot hart sees it */
	riscv_idle_wait_hart_start(rb->cpu, rb->hwid);
	__atomic_store_n(&rb->entered, late ? 2 : 1, __ATOMIC_RELEASE);
	rb->entry(rb->arg, rb->cpu);
	/* released after the run: stopped (SBI HSM), so the boot hart
	 * runs alone while it powers off */
	sbi_hart_stop();
}

int plat_cpu_start(uint32_t cpu, uint64_t hwid, plat_cpu_entry entry,
		   void *arg, void *stack_top)
{
	struct riscv_boot *rb = &riscv_boots[cpu];
	uint64_t t0;
	long st;

	rb->stack_top = (uint64_t)(uintptr_t)stack_top;
	rb->hwid = hwid;
	rb->entry = entry;
	rb->arg = arg;
	rb->cpu = cpu;
	__asm__ volatile("fence rw, rw" ::: "memory");
	if (sbi_hart_start(hwid, (unsigned long)(uintptr_t)
			   (riscv_hsm_at_entry ? _start : secondary_entry),
			   (unsigned long)(uintptr_t)rb))
		return -1;
	/* HSM says when the hart left STOPPED; core waits for arrival */
	t0 = isa_counter();
	do {
		st = sbi_hart_status(hwid);
		if (st == SBI_HSM_STARTED)
			break;
	} while (isa_counter() - t0 < machine_ms_ticks(riscv_timebase_hz, 100));
	if (st < 0)
		return -1;
	/* say so when the firmware sent it to the wrong address (entry.S) */
	while (!__atomic_load_n(&rb->entered, __ATOMIC_ACQUIRE) &&
	       isa_counter() - t0 < machine_ms_ticks(riscv_timebase_hz, 200))
		isa_relax();
	if (rb->entered == 2)
		report_warn("cpu-start", cpu,
			    "firmware started the hart at the payload entry, "
			    "not its start address (OpenSBI HSM race); recovered");
	return 0;
}

/* Memory types here are the firmware's PMAs, not per-hart registers the
 * payload could read: nothing to compare; how the harts park, said. */
void plat_check_cpus(void)
{
	riscv_idle_wait_report();
}
