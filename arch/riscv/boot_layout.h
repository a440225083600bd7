/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Offsets into struct riscv_boot that entry.S reads before any C runs;
 * riscv.h checks them against the struct at compile time.
 */
#ifndef SBM_RISCV_BOOT_LAYOUT_H
#define SBM_RISCV_BOOT_LAYOUT_H

#define RB_STACK_TOP	0
#define RB_HWID		8
#define RB_SIZE		40

/*
 * Where payload.lds links the image (its ASSERT keeps the two in step).
 * The image runs anywhere: entry.S relocates it by (load - link).
 */
#define RISCV_LINK_BASE	0x80200000

#endif
