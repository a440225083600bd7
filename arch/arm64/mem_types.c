/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every secondary records the registers that give memory its type as it
 * starts (smp.c's secondary_c): MAIR (the attributes the page tables'
 * indices name) and SCTLR's M, C and I (MMU, data and instruction caches
 * on) of the regime it runs in, EL1 or EL2.  After bring-up the boot CPU
 * compares them with its own (cpu_regs.c warns, naming CPU and register):
 * secondary.S loads the boot CPU's values, so a difference means the
 * write did not take or firmware changed them behind us.
 *
 * The memory the measured lines come from (the common heap, every node
 * pool) is translated page by page (AT S1E1R, or S1E2R at EL2): PAR_EL1
 * gives the attribute MAIR assigns the page, which must be Normal
 * Write-Back, inner and outer, and shareable; lines in any other memory
 * would not measure coherence.
 */
#include <stdio.h>

#include "arch.h"
#include "arm64.h"
#include "efi_plat.h"
#include "engine/cpu_regs.h"
#include "engine/node_pool.h"
#include "topo/topo.h"
#include "gic_wake.h"
#include "mem_types.h"
#include "output/report.h"

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

#define PAR_F		(1ull << 0)
#define PAR_SH(p)	(((p) >> 7) & 3)	/* 0: non-shareable */
#define PAR_ATTR(p)	((unsigned)((p) >> 56))
#define PAGE		4096u
#define MAX_PAGES	(1u << 20)	/* 4 GiB checked at most */

/* A MAIR nibble: Write-Back, transient (0b01RW) or not (0b11RW),
 * RW not 0b00 (those are other encodings). */
static bool wb_nibble(unsigned n)
{
	return (n & 3) && ((n >> 2) == 3 || (n >> 2) == 1);
}

/* Every page of [lo, hi) Normal WB and shareable, or one warning. */
static bool check_wb(const char *what, uint64_t lo, uint64_t hi)
{
	uint64_t va = lo & ~(uint64_t)(PAGE - 1), par = 0;
	char msg[200];
	unsigned n = 0;

	for (; va < hi && n < MAX_PAGES; va += PAGE, n++) {
		par = arm64_translate(va);
		if (par & PAR_F || !wb_nibble(PAR_ATTR(par) >> 4) ||
		    !wb_nibble(PAR_ATTR(par) & 0xf) || !PAR_SH(par))
			break;
	}
	if (va >= hi || n == MAX_PAGES)
		return true;
	if (par & PAR_F)
		snprintf(msg, sizeof(msg), "cpu 0: %s page %#llx does not "
			 "translate (PAR_EL1 %#llx)", what,
			 (unsigned long long)va, (unsigned long long)par);
	else
		snprintf(msg, sizeof(msg), "cpu 0: %s page %#llx has MAIR "
			 "attribute %#x, shareability %u, not Normal "
			 "Write-Back shareable: lines there do not measure "
			 "coherence", what, (unsigned long long)va,
			 PAR_ATTR(par), (unsigned)PAR_SH(par));
	report_warn("memtype", 0, msg);
	return false;
}

/* The common heap and every node pool: where the arenas come from. */
static void check_arena(char *out, size_t n)
{
	uint32_t pools = 0, bad = 0;
	uint64_t lo, hi;
	char what[40];

	bad += !check_wb("common heap", (uintptr_t)heap_start(),
			 (uintptr_t)heap_limit());
	for (uint32_t node = 0; node < TOPO_MAX_NODES; node++) {
		if (!node_pool_window(node, &lo, &hi))
			continue;
		snprintf(what, sizeof(what), "node %u pool", node);
		pools++;
		bad += !check_wb(what, lo, hi);
	}
	snprintf(out, n, "%s, heap and %u node pool%s",
		 bad ? "NOT ALL WRITE-BACK" : "Normal Write-Back", pools,
		 pools == 1 ? "" : "s");
}

void plat_check_cpus(void)
{
	static struct reg_snap boot;
	uint32_t compared, differ, fixed_up;
	char mair[16], sctlr[24], arena[64];

	snap(&boot);
	check_arena(arena, sizeof(arena));
	reg_name(REG_MAIR, mair, sizeof(mair));
	reg_name(REG_SCTLR, sctlr, sizeof(sctlr));
	differ = cpu_regs_compare(&boot, reg_name, &compared, &fixed_up);
	report_printf("memory types: %u CPUs compared with the boot CPU "
		      "(%s, %s), %u differ; %s\n", compared, mair, sctlr,
		      differ, arena);
	arm64_gic_wake_report(compared);
	if ((boot.r[REG_SCTLR].val & (SCTLR_M | SCTLR_C)) !=
	    (SCTLR_M | SCTLR_C))
		report_warn("mtrr", 0, "the boot CPU runs with its MMU or "
			    "data cache off (SCTLR.M/C): lines are not "
			    "cached, no figure measures coherence");
}
