// SPDX-License-Identifier: BSD-2-Clause
/*
 * The checks of uart_check.h: address ranges and ID values only, nothing
 * is read or written here.
 */
#include <stddef.h>

#include "fw/io_ports.h"
#include "fw/uart_check.h"

static int fail(const char **why, const char *msg)
{
	if (why)
		*why = msg;
	return -1;
}

int uart_port_check(uint64_t port, const char **why)
{
	if (port == 0)
		return fail(why, "uart i/o port 0");
	if (port % UART16550_REGS)
		return fail(why, "uart i/o port not on an 8-port boundary");
	if (port > 0x10000 - UART16550_REGS)
		return fail(why, "uart i/o ports beyond 0xffff");
	if (io_ports_forbidden(port, UART16550_REGS))
		return fail(why, "uart i/o ports reach a reset or pci "
			    "configuration port");
	return 0;
}

int uart_mmio_check(uint64_t base, uint64_t span, unsigned width,
		    const struct uart_ram_range *ram, unsigned n,
		    const char **why)
{
	if (!base)
		return fail(why, "uart address 0");
	if (width != 1 && width != 2 && width != 4)
		return fail(why, "uart access width not 1, 2 or 4 bytes");
	if (base % width)
		return fail(why, "uart address not aligned to its access width");
	if (!span || base + span - 1 < base)
		return fail(why, "uart registers wrap the address space");
	for (unsigned i = 0; i < n; i++) {
		uint64_t s = ram[i].start, l = ram[i].len;

		if (!l)
			continue;
		/* [base, base + span) meets [s, s + l): inclusive ends so
		 * a range that ends at 2^64 does not wrap */
		if (base <= s + (l - 1) && s <= base + (span - 1))
			return fail(why, "uart address inside ram (the "
				    "firmware's memory map)");
	}
	return 0;
}

bool pl011_id_ok(const uint32_t id[8])
{
	static const uint8_t cell[4] = { 0x0d, 0xf0, 0x05, 0xb1 };
	unsigned part = (id[0] & 0xff) | (id[1] & 0xf) << 8;
	unsigned designer = (id[1] >> 4 & 0xf) | (id[2] & 0xf) << 4;

	for (int i = 0; i < 4; i++)
		if ((id[4 + i] & 0xff) != cell[i])
			return false;
	return part == 0x011 && designer == 0x41;
}
