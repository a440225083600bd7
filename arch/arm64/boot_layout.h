/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Offsets into struct arm64_boot (smp.c) that secondary.S reads with the
 * MMU off, before any C runs; smp.c checks each against the struct at
 * compile time.
 */
#ifndef SBM_ARM64_BOOT_LAYOUT_H
#define SBM_ARM64_BOOT_LAYOUT_H

#define B_MAIR		0
#define B_TCR		8
#define B_TTBR0		16
#define B_SCTLR		24
#define B_VBAR		32
#define B_HCR		40
#define B_STACK		48
#define B_CENTRY	56
#define B_EL		64
#define B_UART		72
#define B_CNTVOFF	80

#endif
