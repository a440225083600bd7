/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A CPU's view of registers that must be the same on every CPU (memory
 * types: x86 MTRRs and PAT, arm64 MAIR and SCTLR), as (id, value) pairs,
 * and the comparison of one CPU's snapshot with the boot CPU's.  The ids
 * are the platform's (the MSR number on x86); core only compares them.
 */
#ifndef SBM_REG_SNAP_H
#define SBM_REG_SNAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define REG_SNAP_MAX	80	/* x86: 3 + 11 fixed + 2 x 32 variable */

struct reg_val {
	uint32_t id;
	uint64_t val;
};

struct reg_snap {
	uint32_t n;
	bool truncated;		/* more registers than REG_SNAP_MAX */
	struct reg_val r[REG_SNAP_MAX];
};

/* Append register @id; one past REG_SNAP_MAX sets truncated instead. */
void reg_snap_put(struct reg_snap *s, uint32_t id, uint64_t val);

enum reg_diff_kind {
	REG_DIFF_VALUE,		/* both have it, values differ */
	REG_DIFF_NOT_ON_CPU,	/* the boot CPU has it, the CPU not */
	REG_DIFF_NOT_ON_BOOT,	/* the CPU has it, the boot CPU not */
};

struct reg_diff {
	uint32_t id;
	enum reg_diff_kind kind;
	uint64_t boot, cpu;	/* 0 where absent */
};

/*
 * The differences of @cpu from @boot, in @boot's order, then what only
 * @cpu has: the first @max into @out.  Returns how many there are in
 * all (more than @max when @out was too short).
 */
size_t reg_snap_diff(const struct reg_snap *boot, const struct reg_snap *cpu,
		     struct reg_diff *out, size_t max);

#endif
