/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * I/O ports no device the firmware names by port (a UART, a BMC's KCS
 * interface) may reach: the ones that reset or reconfigure every PC, and
 * the ones this machine's FADT names (SMI command, PM1/PM2 blocks, the
 * reset register), whose writes enter SMM, change sleep state or reset.
 * Checked before the first access to such a device.
 */
#ifndef SBM_CORE_IO_PORTS_H
#define SBM_CORE_IO_PORTS_H

#include <stdbool.h>
#include <stdint.h>

#define IO_PORTS_FIRMWARE_MAX	16	/* ranges io_ports_reserve() keeps */

/*
 * What the @n ports from @first reach first: "8042 command", "the FADT's
 * SMI_CMD", ...; NULL when none is forbidden.
 */
const char *io_ports_owner(uint64_t first, uint64_t n);

static inline bool io_ports_forbidden(uint64_t first, uint64_t n)
{
	return io_ports_owner(first, n) != NULL;
}

/*
 * Forbid the @n ports from @first as @what (a string that lives as long
 * as the run).  0, or -1 when the list is full (the ranges kept so far
 * stay forbidden) or the range is empty or wraps.
 */
int io_ports_reserve(uint64_t first, uint64_t n, const char *what);

/* Forget the reserved ranges (host tests). */
void io_ports_reset(void);

#endif
