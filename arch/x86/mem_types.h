/* SPDX-License-Identifier: BSD-2-Clause */
/* Memory types (MTRRs, PAT) of every CPU against the boot CPU's. */
#ifndef SBM_X86_MEM_TYPES_H
#define SBM_X86_MEM_TYPES_H

#include "engine/cpu_regs.h"

/* Boot CPU, before starting @cpu: its slot (the first call also records
 * the boot CPU's own registers, which the APs are brought in line with). */
struct cpu_regs *x86_mem_types_slot(uint32_t cpu);

/* On an AP as it starts, before it parks: its MTRRs and PAT into @c,
 * after loading the boot CPU's where they differ. */
void x86_mem_types_take(struct cpu_regs *c);

#endif
