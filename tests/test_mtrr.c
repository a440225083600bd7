// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests for arch/x86/mtrr.c (the memory type of a physical address
 * from MTRR values) and core/engine/reg_snap.c (one CPU's registers against the
 * boot CPU's).  Register sets follow the Intel SDM vol. 3 (11.11): a
 * variable range is PHYSBASE = base | type, PHYSMASK = ~(size - 1)
 * within MAXPHYADDR | V; overlaps: UC wins, WT + WB is WT, anything else
 * undefined; below 1 MiB the fixed ranges decide when MTRRCAP.FIX and
 * DEF_TYPE.FE are set; DEF_TYPE.E clear makes everything UC.
 */
#include <stdint.h>

#include "check.h"
#include "mtrr.h"
#include "engine/reg_snap.h"

#define GiB (1ull << 30)
#define MiB (1ull << 20)

static void var(struct mtrr_regs *r, unsigned i, uint64_t base,
		uint64_t size, unsigned type, unsigned physbits)
{
	uint64_t phys = (1ull << physbits) - 1;

	r->base[i] = base | type;
	r->mask[i] = (~(size - 1) & phys & ~0xfffull) | MTRR_MASK_V;
	if (r->nvar <= i)
		r->nvar = i + 1;
}

static struct mtrr_regs regs(uint64_t def)
{
	struct mtrr_regs r = { .cap = MTRRCAP_FIX | 8, .def_type = def };

	return r;
}

static enum mtrr_type at(const struct mtrr_regs *r, uint64_t a)
{
	uint64_t next;

	return mtrr_type_at(r, a, &next);
}

static void test_disabled(void)
{
	struct mtrr_regs r = regs(MTRR_WB);	/* E clear: all UC */

	var(&r, 0, 0, 2 * GiB, MTRR_WB, 36);
	CHECK_EQ_U64(at(&r, 0x1000), MTRR_UC);
	CHECK_EQ_U64(at(&r, 1 * GiB), MTRR_UC);
	r.def_type |= MTRR_DEF_E;
	CHECK_EQ_U64(at(&r, 1 * GiB), MTRR_WB);
}

/* The usual firmware layout: default UC, RAM WB by variable ranges. */
static void test_variable(void)
{
	struct mtrr_regs r = regs(MTRR_DEF_E | MTRR_UC);
	uint64_t next, where;
	enum mtrr_type got;

	var(&r, 0, 0, 2 * GiB, MTRR_WB, 36);
	var(&r, 1, 2 * GiB, 1 * GiB, MTRR_WB, 36);
	var(&r, 2, 4 * GiB, 4 * GiB, MTRR_WB, 36);
	CHECK_EQ_U64(at(&r, 0x100000), MTRR_WB);
	CHECK_EQ_U64(at(&r, 3 * GiB - 1), MTRR_WB);
	CHECK_EQ_U64(at(&r, 3 * GiB), MTRR_UC);	/* the PCI hole */
	CHECK_EQ_U64(at(&r, 4 * GiB - 4096), MTRR_UC);
	CHECK_EQ_U64(at(&r, 4 * GiB), MTRR_WB);
	CHECK_EQ_U64(at(&r, 8 * GiB), MTRR_UC);
	/* boundaries: the next address where a match may change */
	mtrr_type_at(&r, 0x100000, &next);
	CHECK_EQ_U64(next, 1 * GiB);	/* range 1's granularity */
	CHECK(mtrr_range_is(&r, 1 * MiB, 3 * GiB - 1 * MiB, MTRR_WB, &where,
			    &got));
	CHECK(!mtrr_range_is(&r, 3 * GiB - 1 * MiB, 2 * MiB, MTRR_WB, &where,
			     &got));
	CHECK_EQ_U64(where, 3 * GiB);
	CHECK_EQ_U64(got, MTRR_UC);
	CHECK(mtrr_range_is(&r, 5 * GiB, 0, MTRR_UC, &where, &got));
	/* an invalid range (V clear) is ignored */
	r.mask[2] &= ~MTRR_MASK_V;
	CHECK_EQ_U64(at(&r, 4 * GiB), MTRR_UC);
	/* a range past nvar is not read */
	var(&r, 3, 4 * GiB, 4 * GiB, MTRR_WB, 36);
	r.nvar = 3;
	CHECK_EQ_U64(at(&r, 4 * GiB), MTRR_UC);
}

/* Overlaps: UC wins, WT + WB -> WT, anything else undefined. */
static void test_overlap(void)
{
	struct mtrr_regs r = regs(MTRR_DEF_E | MTRR_UC);
	uint64_t where;
	enum mtrr_type got;

	var(&r, 0, 0, 2 * GiB, MTRR_WB, 46);
	var(&r, 1, 0x70000000, 256 * MiB, MTRR_UC, 46);
	CHECK_EQ_U64(at(&r, 0x6ffff000), MTRR_WB);
	CHECK_EQ_U64(at(&r, 0x70000000), MTRR_UC);
	CHECK_EQ_U64(at(&r, 0x7ffff000), MTRR_UC);
	CHECK(!mtrr_range_is(&r, 0x6ff00000, 2 * MiB, MTRR_WB, &where, &got));
	CHECK_EQ_U64(where, 0x70000000);
	CHECK_EQ_U64(got, MTRR_UC);

	/* WT over WB, in either order */
	var(&r, 1, 0x10000000, 16 * MiB, MTRR_WT, 46);
	CHECK_EQ_U64(at(&r, 0x10000000), MTRR_WT);
	CHECK_EQ_U64(at(&r, 0x11000000), MTRR_WB);
	var(&r, 0, 0x10000000, 16 * MiB, MTRR_WT, 46);
	var(&r, 1, 0, 2 * GiB, MTRR_WB, 46);
	CHECK_EQ_U64(at(&r, 0x10800000), MTRR_WT);
	/* WC + WB: undefined; WP + WB too */
	var(&r, 0, 0x10000000, 16 * MiB, MTRR_WC, 46);
	CHECK_EQ_U64(at(&r, 0x10000000), MTRR_UNDEFINED);
	var(&r, 0, 0x10000000, 16 * MiB, MTRR_WP, 46);
	CHECK_EQ_U64(at(&r, 0x10000000), MTRR_UNDEFINED);
	/* three ranges, one UC: UC, even over an undefined pair */
	var(&r, 2, 0x10000000, 4 * MiB, MTRR_UC, 46);
	CHECK_EQ_U64(at(&r, 0x10000000), MTRR_UC);
	CHECK_EQ_U64(at(&r, 0x10400000), MTRR_UNDEFINED);
	/* a reserved type encoding (2) is undefined, not trusted */
	r = regs(MTRR_DEF_E | MTRR_UC);
	var(&r, 0, 0, 2 * GiB, 2, 46);
	CHECK_EQ_U64(at(&r, 0x1000000), MTRR_UNDEFINED);
	r = regs(MTRR_DEF_E | 3);
	CHECK_EQ_U64(at(&r, 0x1000000), MTRR_UNDEFINED);
}

/* Below 1 MiB: 0x250 (8 x 64K), 0x258/0x259 (16K), 0x268-0x26f (4K). */
static void test_fixed(void)
{
	struct mtrr_regs r = regs(MTRR_DEF_E | MTRR_DEF_FE | MTRR_UC);
	uint64_t next, where;
	enum mtrr_type got;

	var(&r, 0, 0, 2 * GiB, MTRR_WB, 36);
	for (unsigned i = 0; i < MTRR_NFIXED; i++)
		r.fixed[i] = 0x0606060606060606ull;	/* all WB */
	r.fixed[0] = 0x0606060606060605ull;	/* 0-64K WP */
	r.fixed[1] = 0x0406060606060606ull;	/* 9C000-9FFFF WT */
	r.fixed[2] = 0x0101010100000000ull;	/* A0000-AFFFF UC, B0000 WC */
	r.fixed[10] = 0x0006060606060606ull;	/* FF000-FFFFF UC */
	CHECK_EQ_U64(at(&r, 0), MTRR_WP);
	CHECK_EQ_U64(mtrr_type_at(&r, 0xffff, &next), MTRR_WP);
	CHECK_EQ_U64(next, 0x10000);
	CHECK_EQ_U64(at(&r, 0x10000), MTRR_WB);
	CHECK_EQ_U64(at(&r, 0x9bfff), MTRR_WB);
	CHECK_EQ_U64(mtrr_type_at(&r, 0x9c000, &next), MTRR_WT);
	CHECK_EQ_U64(next, 0xa0000);
	CHECK_EQ_U64(at(&r, 0xa0000), MTRR_UC);
	CHECK_EQ_U64(at(&r, 0xaffff), MTRR_UC);
	CHECK_EQ_U64(at(&r, 0xb0000), MTRR_WC);
	CHECK_EQ_U64(mtrr_type_at(&r, 0xc0000, &next), MTRR_WB);
	CHECK_EQ_U64(next, 0xc1000);
	CHECK_EQ_U64(at(&r, 0xfe000), MTRR_WB);
	CHECK_EQ_U64(at(&r, 0xff000), MTRR_UC);
	CHECK_EQ_U64(at(&r, 0x100000), MTRR_WB);	/* variable again */
	CHECK(mtrr_range_is(&r, 0x10000, 0x9c000 - 0x10000, MTRR_WB, &where,
			    &got));
	CHECK(!mtrr_range_is(&r, 0xc0000, 2 * MiB, MTRR_WB, &where, &got));
	CHECK_EQ_U64(where, 0xff000);
	/* FE clear, or no FIX in MTRRCAP: the variable ranges decide */
	r.def_type &= ~MTRR_DEF_FE;
	CHECK_EQ_U64(at(&r, 0xa0000), MTRR_WB);
	r.def_type |= MTRR_DEF_FE;
	r.cap &= ~MTRRCAP_FIX;
	CHECK_EQ_U64(at(&r, 0xa0000), MTRR_WB);
	CHECK(mtrr_fixed_active(&r) == false);
	CHECK_EQ_U64(mtrr_fixed_msr(0), 0x250);
	CHECK_EQ_U64(mtrr_fixed_msr(2), 0x259);
	CHECK_EQ_U64(mtrr_fixed_msr(3), 0x268);
	CHECK_EQ_U64(mtrr_fixed_msr(10), 0x26f);
}

static void test_names(void)
{
	char b[40];

	mtrr_msr_name(0x207, b, sizeof(b));
	CHECK_STR(b, "IA32_MTRR_PHYSMASK3");
	mtrr_msr_name(0x206, b, sizeof(b));
	CHECK_STR(b, "IA32_MTRR_PHYSBASE3");
	mtrr_msr_name(0x26f, b, sizeof(b));
	CHECK_STR(b, "IA32_MTRR_FIX4K_F8000");
	mtrr_msr_name(0x259, b, sizeof(b));
	CHECK_STR(b, "IA32_MTRR_FIX16K_A0000");
	mtrr_msr_name(0x277, b, sizeof(b));
	CHECK_STR(b, "IA32_PAT");
	mtrr_msr_name(0x2ff, b, sizeof(b));
	CHECK_STR(b, "IA32_MTRR_DEF_TYPE");
	mtrr_msr_name(0x123, b, sizeof(b));
	CHECK_STR(b, "MSR 0x123");
	CHECK_STR(mtrr_type_name(MTRR_WB), "WB");
	CHECK_STR(mtrr_type_name(MTRR_UNDEFINED), "undefined");
}

static void test_diff(void)
{
	static struct reg_snap boot, cpu;
	struct reg_diff d[4];

	reg_snap_put(&boot, 0x2ff, 0xc00);
	reg_snap_put(&boot, 0x206, 0x80000006);
	reg_snap_put(&boot, 0x277, 0x0007040600070406ull);
	cpu = boot;
	CHECK_EQ_U64(reg_snap_diff(&boot, &cpu, d, 4), 0);
	/* one value differs: named, both values */
	cpu.r[1].val = 0x80000000;
	CHECK_EQ_U64(reg_snap_diff(&boot, &cpu, d, 4), 1);
	CHECK_EQ_U64(d[0].id, 0x206);
	CHECK(d[0].kind == REG_DIFF_VALUE);
	CHECK_EQ_U64(d[0].boot, 0x80000006);
	CHECK_EQ_U64(d[0].cpu, 0x80000000);
	/* another order is no difference; a register only one side has is */
	cpu = boot;
	cpu.r[0] = boot.r[2];
	cpu.r[2] = boot.r[0];
	CHECK_EQ_U64(reg_snap_diff(&boot, &cpu, d, 4), 0);
	cpu.n = 2;			/* lost 0x2ff */
	reg_snap_put(&cpu, 0x208, 1);
	CHECK_EQ_U64(reg_snap_diff(&boot, &cpu, d, 4), 2);
	CHECK(d[0].kind == REG_DIFF_NOT_ON_CPU && d[0].id == 0x2ff);
	CHECK(d[1].kind == REG_DIFF_NOT_ON_BOOT && d[1].id == 0x208);
	/* the count is whole even when out is short */
	cpu.r[0].val ^= 1;
	CHECK_EQ_U64(reg_snap_diff(&boot, &cpu, d, 1), 3);
	CHECK_EQ_U64(d[0].id, 0x2ff);
	/* full: the rest is counted as truncated, not written */
	for (unsigned i = 0; i < REG_SNAP_MAX + 2; i++)
		reg_snap_put(&cpu, 0x1000 + i, i);
	CHECK(cpu.truncated);
	CHECK_EQ_U64(cpu.n, REG_SNAP_MAX);
}

/*
 * AMD's TOM2 (APM vol. 2, 7.9): EPYC firmware sets the default type UC,
 * one variable range WB below 2 GiB, and SYSCFG.MtrrTom2En with TOP_MEM2
 * for all memory above 4 GiB: that memory is write-back, not "UC".
 */
static void test_amd_tom2(void)
{
	const uint64_t g = 1ull << 30;
	struct mtrr_regs r = regs(MTRR_DEF_E | MTRR_UC);
	uint64_t at_, next;
	enum mtrr_type got;

	var(&r, 0, 0, 2 * g, MTRR_WB, 48);
	CHECK(at(&r, 5 * g) == MTRR_UC);	/* without TOM2: UC */
	r.tom2 = mtrr_amd_tom2(SYSCFG_MTRR_TOM2_EN | (1ull << 19),
			       0x2080000000ull | 0x7fffff);
	CHECK_EQ_U64(r.tom2, 0x2080000000ull);	/* bits 51:23 only */
	CHECK(at(&r, 1 * g) == MTRR_WB);
	CHECK(at(&r, 3 * g) == MTRR_UC);	/* the MMIO hole stays UC */
	CHECK(mtrr_type_at(&r, 3 * g, &next) == MTRR_UC);
	CHECK_EQ_U64(next, 4 * g);		/* where TOM2's range starts */
	CHECK(at(&r, 4 * g) == MTRR_WB);
	CHECK(mtrr_type_at(&r, 100 * g, &next) == MTRR_WB);
	/* "may differ" from here: never past TOM2's end */
	CHECK(next > 100 * g && next <= 0x2080000000ull);
	CHECK(at(&r, 0x2080000000ull) == MTRR_UC);	/* above TOP_MEM2 */
	CHECK(mtrr_range_is(&r, 4 * g, 126 * g, MTRR_WB, &at_, &got));
	CHECK(!mtrr_range_is(&r, 3 * g, 2 * g, MTRR_WB, &at_, &got));
	CHECK_EQ_U64(at_, 3 * g);
	/* a UC variable range inside it wins, as over any other WB range */
	var(&r, 1, 8 * g, g, MTRR_UC, 48);
	CHECK(at(&r, 8 * g) == MTRR_UC);
	CHECK(at(&r, 9 * g) == MTRR_WB);
	/* MtrrTom2En clear, or TOP_MEM2 not above 4 GiB: no range */
	CHECK_EQ_U64(mtrr_amd_tom2(0, 0x2080000000ull), 0);
	CHECK_EQ_U64(mtrr_amd_tom2(SYSCFG_MTRR_TOM2_EN, 4 * g), 0);
	CHECK_EQ_U64(mtrr_amd_tom2(SYSCFG_MTRR_TOM2_EN, 0), 0);
}

/*
 * SYSCFG.MtrrFixDramModEn left set (APM vol. 2, 7.9.1): each fixed-range
 * byte reads as the type in 2:0 with RdMem (bit 4) and WrMem (bit 3)
 * beside it, 0x1e for write-back DRAM.  Read as a type, that is no
 * type at all; the image would call conventional memory "undefined".
 */
static void test_amd_fixed_dram_bits(void)
{
	struct mtrr_regs r = regs(MTRR_DEF_E | MTRR_DEF_FE | MTRR_UC);
	struct mtrr_regs ap = r;

	r.cap |= MTRRCAP_FIX;
	for (unsigned i = 0; i < MTRR_NFIXED; i++)
		r.fixed[i] = 0x1e1e1e1e1e1e1e1eull;	/* WB, RdMem, WrMem */
	r.fixed[2] = 0x0000000000000000ull;		/* VGA: UC, MMIO */
	CHECK(at(&r, 0x1000) == MTRR_UNDEFINED);	/* as it was read */
	r.fixed_dram_bits = true;
	CHECK(at(&r, 0x1000) == MTRR_WB);
	CHECK(at(&r, 0x9f000) == MTRR_WB);
	CHECK(at(&r, 0xa0000) == MTRR_UC);
	CHECK(at(&r, 0xf0000) == MTRR_WB);
	/* bits 2:0 still must be a type: 0x1a is type 2, reserved */
	r.fixed[0] = 0x1a;
	CHECK(at(&r, 0) == MTRR_UNDEFINED);
	/* copied to an AP only when both CPUs agree on the bit */
	CHECK(mtrr_fixed_copy_ok(&r, true));
	CHECK(!mtrr_fixed_copy_ok(&r, false));
	CHECK(mtrr_fixed_copy_ok(&ap, false));
	CHECK(!mtrr_fixed_copy_ok(&ap, true));
}

int main(void)
{
	test_amd_fixed_dram_bits();
	test_amd_tom2();
	test_disabled();
	test_variable();
	test_overlap();
	test_fixed();
	test_names();
	test_diff();
	return check_done("test_mtrr");
}
