/* SPDX-License-Identifier: BSD-2-Clause */
/* Memory types (MAIR, SCTLR M/C/I) of every CPU against the boot CPU's. */
#ifndef SBM_ARM64_MEM_TYPES_H
#define SBM_ARM64_MEM_TYPES_H

#include "engine/cpu_regs.h"

/* On a secondary as it starts, before it parks: its registers into @c. */
void arm64_mem_types_take(struct cpu_regs *c);

#endif
