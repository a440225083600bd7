/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every secondary records the registers that give memory its type as it
 * starts (smp.c's secondary_c): MAIR (the attributes the page tables'
 * indices name) and SCTLR's M, C and I (MMU, data and instruction caches
 * on) of the regime it runs in, EL1 or EL2.  After bring-up the boot CPU
 * compares them with its own (cpu_regs.c warns, naming CPU and register):
 * secondary.S loads the boot CPU's values, so a difference means the
 * write did not take or firmware changed them behind us.
 */
#include <stdio.h>

#include "arch.h"
#include "arm64.h"
#include "engine/cpu_regs.h"
#include "gic_wake.h"
#include "mem_types.h"
#include "out/report.h"

enum { REG_MAIR, REG_SCTLR };

#define SCTLR_M		(1ull << 0)
#define SCTLR_C		(1ull << 2)
#define SCTLR_I		(1ull << 12)
#define SCTLR_CHECKED	(SCTLR_M | SCTLR_C | SCTLR_I)

static void snap(struct reg_snap *s)
{
	*s = (struct reg_snap){ 0 };
	if (current_el() == 2) {
		reg_snap_put(s, REG_MAIR, read_sysreg(mair_el2));
		reg_snap_put(s, REG_SCTLR, read_sysreg(sctlr_el2) &
			     SCTLR_CHECKED);
	} else {
		reg_snap_put(s, REG_MAIR, read_sysreg(mair_el1));
		reg_snap_put(s, REG_SCTLR, read_sysreg(sctlr_el1) &
			     SCTLR_CHECKED);
	}
}

void arm64_mem_types_take(struct cpu_regs *c)
{
	snap(&c->snap);
	cpu_regs_done(c);
}

static void reg_name(uint32_t id, char *buf, size_t n)
{
	unsigned el = current_el();

	if (id == REG_MAIR)
		snprintf(buf, n, "MAIR_EL%u", el);
	else if (id == REG_SCTLR)
		snprintf(buf, n, "SCTLR_EL%u (M, C, I)", el);
	else
		snprintf(buf, n, "register %u", id);
}

void plat_check_cpus(void)
{
	static struct reg_snap boot;
	uint32_t compared, differ, fixed_up;
	char mair[16], sctlr[24];

	snap(&boot);
	reg_name(REG_MAIR, mair, sizeof(mair));
	reg_name(REG_SCTLR, sctlr, sizeof(sctlr));
	differ = cpu_regs_compare(&boot, reg_name, &compared, &fixed_up);
	report_printf("memory types: %u CPUs compared with the boot CPU "
		      "(%s, %s), %u differ\n", compared, mair, sctlr, differ);
	arm64_gic_wake_report(compared);
	if ((boot.r[REG_SCTLR].val & (SCTLR_M | SCTLR_C)) !=
	    (SCTLR_M | SCTLR_C))
		report_warn("mtrr", 0, "the boot CPU runs with its MMU or "
			    "data cache off (SCTLR.M/C): lines are not "
			    "cached, no figure measures coherence");
}
