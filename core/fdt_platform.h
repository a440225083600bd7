/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a platform reads from the device tree to start: /chosen, the
 * console UART, the timebase frequency and the PSCI conduit.
 * Conventions as in fdt.h.
 */
#ifndef SBM_FDT_PLATFORM_H
#define SBM_FDT_PLATFORM_H

#include <stdint.h>

#include "fdt.h"

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
/* The short form: base address and first compatible string. */
int fdt_uart(const struct fdt *f, const char *path_or_alias, uint64_t *base,
	     const char **compatible);

#endif
