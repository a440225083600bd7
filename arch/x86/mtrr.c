/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>

#include "mtrr.h"

#define MASK_FIELD	0x000ffffffffff000ull	/* PHYSBASE/PHYSMASK 51:12 */
#define FIXED_TOP	0x100000ull

uint32_t mtrr_fixed_msr(unsigned i)
{
	if (i == 0)
		return MSR_MTRR_FIX64K_00000;
	if (i < 3)
		return MSR_MTRR_FIX16K_80000 + (i - 1);
	return MSR_MTRR_FIX4K_C0000 + (i - 3);
}

bool mtrr_fixed_active(const struct mtrr_regs *r)
{
	return (r->cap & MTRRCAP_FIX) && (r->def_type & MTRR_DEF_E) &&
	       (r->def_type & MTRR_DEF_FE);
}

#define FOUR_GIB	0x100000000ull

static enum mtrr_type valid(uint64_t t)
{
	t &= 0xff;
	return t == MTRR_UC || t == MTRR_WC || t == MTRR_WT ||
	       t == MTRR_WP || t == MTRR_WB ? (enum mtrr_type)t :
	       MTRR_UNDEFINED;
}

/* Below 1 MiB: 8 x 64 KiB, 16 x 16 KiB, 64 x 4 KiB, a byte each. */
static enum mtrr_type fixed_at(const struct mtrr_regs *r, uint64_t a,
			       uint64_t *next)
{
	unsigned reg, idx, shift;
	uint64_t from, byte;

	if (a < 0x80000) {
		reg = 0, from = 0, shift = 16;
	} else if (a < 0xc0000) {
		reg = a < 0xa0000 ? 1 : 2;
		from = a < 0xa0000 ? 0x80000 : 0xa0000;
		shift = 14;
	} else {
		reg = 3 + (unsigned)((a - 0xc0000) >> 15);
		from = 0xc0000 + ((a - 0xc0000) & ~0x7fffull);
		shift = 12;
	}
	idx = (unsigned)((a - from) >> shift);
	*next = from + ((uint64_t)(idx + 1) << shift);
	byte = (r->fixed[reg] >> (8 * idx)) & 0xff;
	if (r->fixed_dram_bits)	/* AMD's RdMem/WrMem beside the type */
		byte &= ~(uint64_t)MTRR_FIX_DRAM_BITS;
	return valid(byte);
}

/* The SDM's precedence for overlapping variable ranges. */
static enum mtrr_type combine(enum mtrr_type have, enum mtrr_type t,
			      bool first)
{
	if (first || have == t)
		return t;
	if (have == MTRR_UC || t == MTRR_UC)
		return MTRR_UC;
	if ((have == MTRR_WT && t == MTRR_WB) ||
	    (have == MTRR_WB && t == MTRR_WT))
		return MTRR_WT;
	return MTRR_UNDEFINED;
}

enum mtrr_type mtrr_type_at(const struct mtrr_regs *r, uint64_t a,
			    uint64_t *next)
{
	enum mtrr_type t = MTRR_UNDEFINED;
	bool uc = false, any = false;

	*next = 0;
	if (!(r->def_type & MTRR_DEF_E))
		return MTRR_UC;
	if (a < FIXED_TOP && mtrr_fixed_active(r))
		return fixed_at(r, a, next);
	for (unsigned i = 0; i < r->nvar && i < MTRR_MAX_VAR; i++) {
		uint64_t m = r->mask[i] & MASK_FIELD, g = m & -m;

		if (!(r->mask[i] & MTRR_MASK_V))
			continue;
		/* match changes only at multiples of the mask's lowest bit */
		if (g && (a | (g - 1)) != UINT64_MAX &&
		    (!*next || (a | (g - 1)) + 1 < *next))
			*next = (a | (g - 1)) + 1;
		if ((a & m) != (r->base[i] & m))
			continue;
		t = combine(t, valid(r->base[i]), !any);
		uc |= valid(r->base[i]) == MTRR_UC;
		any = true;
	}
	if (r->tom2 > FOUR_GIB) {
		/* TOM2's range: one more write-back range (Linux: mtrr_tom2) */
		if (a < FOUR_GIB) {
			if (!*next || FOUR_GIB < *next)
				*next = FOUR_GIB;
		} else if (a < r->tom2) {
			if (!*next || r->tom2 < *next)
				*next = r->tom2;
			t = combine(t, MTRR_WB, !any);
			any = true;
		}
	}
	if (uc)
		return MTRR_UC;	/* UC wins over anything, even undefined */
	return any ? t : valid(r->def_type);
}

uint64_t mtrr_amd_tom2(uint64_t syscfg, uint64_t top_mem2)
{
	uint64_t top = top_mem2 & TOP_MEM2_MASK;

	if (!(syscfg & SYSCFG_MTRR_TOM2_EN) || top <= FOUR_GIB)
		return 0;
	return top;
}

bool mtrr_range_is(const struct mtrr_regs *r, uint64_t base, uint64_t len,
		   enum mtrr_type want, uint64_t *at, enum mtrr_type *got)
{
	uint64_t a = base, end = base + len, next;

	if (!len)
		return true;
	for (;;) {
		enum mtrr_type t = mtrr_type_at(r, a, &next);

		if (t != want) {
			*at = a;
			*got = t;
			return false;
		}
		/* no boundary left, or it lies past the range (or wraps) */
		if (!next || next <= a || (end > base && next >= end))
			return true;
		a = next;
	}
}

const char *mtrr_type_name(enum mtrr_type t)
{
	switch (t) {
	case MTRR_UC: return "UC";
	case MTRR_WC: return "WC";
	case MTRR_WT: return "WT";
	case MTRR_WP: return "WP";
	case MTRR_WB: return "WB";
	default: return "undefined";
	}
}

void mtrr_msr_name(uint32_t msr, char *buf, size_t n)
{
	static const char *const fix4k[] = {
		"C0000", "C8000", "D0000", "D8000",
		"E0000", "E8000", "F0000", "F8000",
	};

	if (msr == MSR_MTRRCAP)
		snprintf(buf, n, "IA32_MTRRCAP");
	else if (msr == MSR_MTRR_DEF_TYPE)
		snprintf(buf, n, "IA32_MTRR_DEF_TYPE");
	else if (msr == MSR_PAT)
		snprintf(buf, n, "IA32_PAT");
	else if (msr == MSR_MTRR_FIX64K_00000)
		snprintf(buf, n, "IA32_MTRR_FIX64K_00000");
	else if (msr == MSR_MTRR_FIX16K_80000)
		snprintf(buf, n, "IA32_MTRR_FIX16K_80000");
	else if (msr == MSR_MTRR_FIX16K_A0000)
		snprintf(buf, n, "IA32_MTRR_FIX16K_A0000");
	else if (msr >= MSR_MTRR_FIX4K_C0000 && msr < MSR_MTRR_FIX4K_C0000 + 8)
		snprintf(buf, n, "IA32_MTRR_FIX4K_%s",
			 fix4k[msr - MSR_MTRR_FIX4K_C0000]);
	else if (msr >= MSR_MTRR_PHYSBASE0 &&
		 msr < MSR_MTRR_PHYSBASE0 + 2 * MTRR_MAX_VAR)
		snprintf(buf, n, "IA32_MTRR_PHYS%s%u",
			 (msr - MSR_MTRR_PHYSBASE0) & 1 ? "MASK" : "BASE",
			 (msr - MSR_MTRR_PHYSBASE0) / 2);
	else
		snprintf(buf, n, "MSR %#x", msr);
}
