/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Power off with a status: SBI SRST shutdown; when the run failed, first
 * the QEMU test device (sifive,test0), which can carry an exit code.
 */
#include <stdio.h>

#include "arch.h"
#include "output/report.h"
#include "riscv.h"
#include "sbi.h"

static volatile uint32_t *test_dev;

void riscv_power_init(const struct fdt *f)
{
	int node = fdt_node_by_compatible(f, "sifive,test0");
	uint64_t base;

	if (node >= 0 && !fdt_reg_address(f, node, 0, &base, NULL, NULL))
		test_dev = (volatile uint32_t *)(uintptr_t)base;
}

extern uint32_t riscv_wfi_late;	/* idle_wait.c, entry.S */

/* No other way out of the machine than the console; a wfi that trapped
 * after the probe is said there. */
void plat_before_end(void)
{
	char msg[120];
	uint32_t n = __atomic_load_n(&riscv_wfi_late, __ATOMIC_RELAXED);

	if (!n)
		return;
	snprintf(msg, sizeof(msg), "%u wfi trapped after the probe passed "
		 "(firmware with mstatus.TW): those harts spin from then on", n);
	report_warn("idle-wait", 0, msg);
}

void plat_end_record(const char *line, size_t len)
{
	(void)line;
	(void)len;
}

void plat_power_off(int status, bool do_exit)
{
	if (!do_exit)
		for (;;)
			__asm__ volatile("wfi");
	if (status && test_dev)
		*test_dev = ((uint32_t)status << 16) | 0x3333;	/* FAIL */
	if (!status && test_dev && !sbi_probe(SBI_EXT_SRST))
		*test_dev = 0x5555;				/* PASS */
	sbi_shutdown(status != 0);
	report_power_off_failed();
	for (;;)
		__asm__ volatile("wfi");
}
