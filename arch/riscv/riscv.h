/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef SBM_RISCV_H
#define SBM_RISCV_H

#include <stdbool.h>
#include <stdint.h>

#include "fdt.h"
#include "topo.h"

/* Per-hart start block, handed to the hart as the SBI "opaque" value. */
struct riscv_boot {
	uint64_t stack_top;	/* read by secondary_entry: keep first */
	void (*entry)(void *arg, uint32_t cpu);
	void *arg;
	uint32_t cpu;
};

enum riscv_console { CON_SBI_DBCN, CON_SBI_LEGACY, CON_NS16550, CON_NONE };

void console_init(const struct fdt *f);
const char *console_name(void);
void heap_init(uintptr_t start, uintptr_t end);
void power_init(const struct fdt *f);
void power_off(int status) __attribute__((noreturn));
void riscv_trap(uint64_t cause, uint64_t epc, uint64_t tval);
/* Per-node pools for plat_alloc_node() from the DT's memory nodes, after
 * topo_finalize(); @heap_end ends what the payload uses.  Returns how many
 * nodes got one. */
uint32_t riscv_numa_pools(const struct fdt *f, const struct topo *t,
			  uint64_t heap_end);

#endif
