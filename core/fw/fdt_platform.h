/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a platform reads from the device tree to start: /chosen, the
 * console UART, the timebase frequency and the PSCI conduit.
 * Conventions as in fdt.h.
 */
#ifndef SBM_FDT_PLATFORM_H
#define SBM_FDT_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

#include "fw/fdt.h"

/*
 * /chosen stdout-path (or linux,stdout-path) and bootargs; each output may
 * be NULL, and is set to NULL when absent or not NUL-terminated.
 */
int fdt_chosen(const struct fdt *f, const char **stdout_path,
	       const char **bootargs);

/* /cpus timebase-frequency (u32 or u64), else the first cpu node's. */
int fdt_timebase_hz(const struct fdt *f, uint64_t *hz);

/* /psci "method": *method = "hvc" or "smc" (static strings). */
int fdt_psci_method(const struct fdt *f, const char **method);

struct fdt_uart_info {
	int32_t node;
	uint64_t base;		/* CPU address of reg[0] after ranges */
	uint64_t size;
	const char *compatible;	/* first compatible string, or NULL */
	const void *compat_list; /* the whole list (NUL-separated), or NULL */
	uint32_t compat_len;
	uint32_t reg_shift;	/* 0 when absent */
	uint32_t reg_io_width;	/* 1 when absent */
	uint32_t clock_hz;	/* clock-frequency, 0 when absent */
	uint32_t baud;		/* from ":115200n8" or current-speed, else 0 */
};

/*
 * Resolve a console: `path_or_alias` is a path or alias with optional
 * ":options"; NULL means /chosen stdout-path.
 */
int fdt_uart_info(const struct fdt *f, const char *path_or_alias,
		  struct fdt_uart_info *u, const char **why);
enum fdt_uart_kind {
	FDT_UART_PL011,		/* arm,pl011 (ID registers), sbsa-uart */
	FDT_UART_16550,		/* ns16550a, ns16550, snps,dw-apb-uart,
				 * brcm,bcm2835-aux-uart */
};

struct fdt_uart_driver {
	enum fdt_uart_kind kind;
	bool pl011_id;		/* an ARM PL011: its ID registers say so */
	bool mini_uart;		/* BCM2835 mini-UART: its divisor rule */
	unsigned width;		/* bytes per register access */
	unsigned stride;	/* bytes from one register to the next */
};

/*
 * The driver for the UART @u describes, from any string of its
 * compatible list: a PL011 (32-bit registers), or a 16550 whose access
 * width is reg-io-width (1, 2 or 4) and register stride 1 << reg-shift
 * (at most 4, at least the width); the BCM2835 mini-UART is 32-bit
 * registers 4 bytes apart whatever the properties say (Linux drives it
 * so).  -1 with *why for a UART no driver here has or properties that
 * cannot be right.
 */
int fdt_uart_driver(const struct fdt_uart_info *u, struct fdt_uart_driver *d,
		    const char **why);

/* The short form: base address and first compatible string. */
int fdt_uart(const struct fdt *f, const char *path_or_alias, uint64_t *base,
	     const char **compatible);

#endif
