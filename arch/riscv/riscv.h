/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef SBM_RISCV_H
#define SBM_RISCV_H

#include <stdbool.h>
#include <stdint.h>

#include "options/config.h"

#include <stddef.h>

#include "boot_layout.h"
#include "fw/fdt.h"
#include "topo/topo.h"

/*
 * Per-hart start block, handed to the hart as the SBI "opaque" value.
 * entry.S also finds it by hart id (see late_secondary there).
 */
struct riscv_boot {
	uint64_t stack_top;	/* RB_STACK_TOP */
	uint64_t hwid;		/* RB_HWID */
	void (*entry)(void *arg, uint32_t cpu);
	void *arg;
	uint32_t cpu;
	uint32_t entered;	/* set by the hart: 1, or 2 if it came in late */
};
_Static_assert(offsetof(struct riscv_boot, stack_top) == RB_STACK_TOP, "entry.S");
_Static_assert(offsetof(struct riscv_boot, hwid) == RB_HWID, "entry.S");
_Static_assert(sizeof(struct riscv_boot) == RB_SIZE, "entry.S");

/* The start blocks entry.S searches: set before the first hart_start. */
extern struct riscv_boot *riscv_boots;
extern uint64_t riscv_nboots;
/* The timebase the DT gives (smp.c bounds its waits with it). */
extern uint64_t riscv_timebase_hz;	/* isa_counter()'s rate */
extern uint64_t riscv_time_hz;		/* the time CSR's: the DT's timebase */

struct machine_info;
/* counter.c: rdtime or rdcycle for every figure (config riscv_counter) */
void riscv_counter_choose(enum riscv_counter pick, struct machine_info *info);
/* Test only (/chosen "sbmbench,test-hsm-at-entry"): start harts at the
 * payload entry, as a racy OpenSBI may, to exercise entry.S's lookup. */
extern bool riscv_hsm_at_entry;
/* Test only (/chosen "sbmbench,test-wfi-traps"): the wfi probe runs an
 * illegal instruction instead, as firmware with mstatus.TW set makes of
 * wfi, to exercise the spin fallback (idle_wait.c). */
extern bool riscv_test_wfi_traps;
extern bool riscv_test_wfi_traps_late;	/* sbmbench,test-wfi-traps-late */

enum riscv_console { CON_SBI_DBCN, CON_SBI_LEGACY, CON_NS16550, CON_NONE };

void riscv_console_init(const struct fdt *f);
const char *riscv_console_name(void);
void riscv_heap_init(uintptr_t start, uintptr_t end);
void riscv_power_init(const struct fdt *f);
void riscv_trap(uint64_t cause, uint64_t epc, uint64_t tval);
void riscv_secondary(struct riscv_boot *rb, uint64_t late);
/* idle_wait.c: how parked harts wait ("wfi" or "spin"), each hart's
 * proof as it starts, and the boot hart's line about them */
const char *riscv_idle_wait_prepare(uint64_t boot_hart);
void riscv_idle_wait_hart_start(uint32_t cpu, uint64_t hart);
void riscv_idle_wait_report(void);
/* Per-node pools for plat_alloc_node() from the DT's memory nodes, after
 * topo_finalize(); @heap_end ends what the payload uses.  Returns how many
 * nodes got one. */
uint32_t riscv_numa_pools(const struct fdt *f, const struct topo *t,
			  uint64_t heap_end);

#endif
