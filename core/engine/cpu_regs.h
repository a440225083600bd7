/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-CPU register snapshots taken by each secondary as it starts, before
 * it parks, and compared by the boot CPU with its own after bring-up: a
 * CPU whose memory types differ from the boot CPU's makes every figure it
 * touches meaningless, so each difference is a `warn what=mtrr` record.
 */
#ifndef SBM_CPU_REGS_H
#define SBM_CPU_REGS_H

#include <stddef.h>
#include <stdint.h>

#include "engine/reg_snap.h"

struct cpu_regs {
	struct reg_snap snap;
	uint32_t cpu;
	uint32_t done;		/* set by the CPU once snap is whole */
	uint32_t fixed_up;	/* it started unlike the boot CPU and the
				 * platform loaded the boot CPU's values */
	struct cpu_regs *next;	/* boot CPU only */
};

/* Boot CPU, before starting @cpu: its zeroed slot (NULL: no memory). */
struct cpu_regs *cpu_regs_slot(uint32_t cpu);

/* On the CPU itself, once snap is filled in. */
void cpu_regs_done(struct cpu_regs *c);

/* Writes the name of register @id (platform's ids) into @buf. */
typedef void (*cpu_regs_name_fn)(uint32_t id, char *buf, size_t n);

/*
 * Boot CPU, after bring-up: compare every slot whose CPU is done with
 * @boot; one warning per differing CPU (its first difference and how many
 * more), at most CPU_REGS_MAX_WARN of them, then one that counts the
 * rest.  Returns the number of differing CPUs; *@compared: how many were
 * compared, *@fixed_up: how many of them had been brought into line.
 */
#define CPU_REGS_MAX_WARN	16
uint32_t cpu_regs_compare(const struct reg_snap *boot, cpu_regs_name_fn name,
			  uint32_t *compared, uint32_t *fixed_up);

#endif
