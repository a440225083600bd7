/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The memory type the MTRRs give a physical address (Intel SDM vol. 3,
 * "Memory Type Range Registers"), from register values read elsewhere:
 * pure, so the host tests build register sets by the SDM's rules.
 */
#ifndef SBM_X86_MTRR_H
#define SBM_X86_MTRR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MSR_MTRRCAP		0xfe
#define MSR_MTRR_PHYSBASE0	0x200	/* PHYSBASEn 0x200 + 2n, MASKn + 1 */
#define MSR_MTRR_FIX64K_00000	0x250
#define MSR_MTRR_FIX16K_80000	0x258
#define MSR_MTRR_FIX16K_A0000	0x259
#define MSR_MTRR_FIX4K_C0000	0x268	/* ... 0x26f: FIX4K_F8000 */
#define MSR_PAT			0x277
#define MSR_MTRR_DEF_TYPE	0x2ff

#define MTRRCAP_VCNT(cap)	((unsigned)((cap) & 0xff))
#define MTRRCAP_FIX		(1ull << 8)
#define MTRR_DEF_FE		(1ull << 10)	/* fixed ranges enabled */
#define MTRR_DEF_E		(1ull << 11)	/* MTRRs enabled */
#define MTRR_MASK_V		(1ull << 11)	/* PHYSMASKn: range valid */

enum mtrr_type {
	MTRR_UC = 0, MTRR_WC = 1, MTRR_WT = 4, MTRR_WP = 5, MTRR_WB = 6,
	/* overlapping ranges the SDM leaves undefined, or a reserved
	 * encoding in a register */
	MTRR_UNDEFINED = 0xff,
};

#define MTRR_NFIXED	11
#define MTRR_MAX_VAR	32	/* PHYSBASE/MASK 0x200-0x23f; reg_snap.h has room */

/* fixed[]: 0x250, 0x258, 0x259, 0x268 ... 0x26f, in that order */
struct mtrr_regs {
	uint64_t cap, def_type;
	uint64_t fixed[MTRR_NFIXED];
	unsigned nvar;		/* variable ranges read (<= MTRR_MAX_VAR) */
	uint64_t base[MTRR_MAX_VAR], mask[MTRR_MAX_VAR];
	/* AMD: [4 GiB, tom2) is write-back (SYSCFG.MtrrTom2En, TOP_MEM2;
	 * APM vol. 2, 7.9), as a variable range of type WB would be; 0:
	 * none.  EPYC firmware sets the default type UC and leaves all
	 * memory above 4 GiB to this. */
	uint64_t tom2;
	/* AMD: SYSCFG.MtrrFixDramModEn is set, so each fixed-range byte
	 * shows RdMem/WrMem in bits 4:3 beside the type in bits 2:0 (APM
	 * vol. 2, 7.9.1).  Firmware sets it while it programs them and
	 * should clear it; some leave it set. */
	bool fixed_dram_bits;
};

#define MSR_AMD_SYSCFG		0xc0010010
#define SYSCFG_MTRR_FIX_DRAM_MOD_EN	(1ull << 19)
#define SYSCFG_MTRR_TOM2_EN	(1ull << 21)
#define MTRR_FIX_DRAM_BITS	0x18	/* RdMem, WrMem in a fixed-range byte */
#define MSR_AMD_TOP_MEM2	0xc001001d
#define TOP_MEM2_MASK		0x000fffffff800000ull	/* bits 51:23 */

/* tom2 from SYSCFG and TOP_MEM2 as read: 0 unless MtrrTom2En is set and
 * TOP_MEM2 lies above 4 GiB. */
uint64_t mtrr_amd_tom2(uint64_t syscfg, uint64_t top_mem2);

/*
 * Whether the boot CPU's fixed ranges (@boot, as read) may be written to
 * a CPU whose SYSCFG.MtrrFixDramModEn is @ap_fixed_dram_bits: only when
 * both agree.  Written with it clear, the boot CPU's RdMem/WrMem (read
 * as 0 there) would move that CPU's memory below 1 MiB to MMIO if its
 * bit were set; with it set on the boot CPU alone they are ignored.
 */
static inline bool mtrr_fixed_copy_ok(const struct mtrr_regs *boot,
				      bool ap_fixed_dram_bits)
{
	return boot->fixed_dram_bits == ap_fixed_dram_bits;
}

/* The MSR number of fixed[@i]. */
uint32_t mtrr_fixed_msr(unsigned i);

/* Whether the fixed ranges decide below 1 MiB (MTRRCAP.FIX, DEF.E, FE). */
bool mtrr_fixed_active(const struct mtrr_regs *r);

/*
 * The type of physical address @a; *@next: the first address above @a
 * whose type may differ (0 when none: the type holds to the top).
 */
enum mtrr_type mtrr_type_at(const struct mtrr_regs *r, uint64_t a,
			    uint64_t *next);

/*
 * Whether all of [@base, @base + @len) has type @want; if not, *@at is
 * the first address that has not and *@got its type.
 */
bool mtrr_range_is(const struct mtrr_regs *r, uint64_t base, uint64_t len,
		   enum mtrr_type want, uint64_t *at, enum mtrr_type *got);

/* "WB", "UC", ..., "undefined". */
const char *mtrr_type_name(enum mtrr_type t);

/* The SDM's name of an MTRR or PAT MSR, "MSR 0x..." for others. */
void mtrr_msr_name(uint32_t msr, char *buf, size_t n);

#endif
