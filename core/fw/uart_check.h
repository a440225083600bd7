/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Is a console address the firmware named (SPCR, the DT) safe to write?
 * Checked before the first access: a UART inside RAM would have its
 * "registers" scribble on memory, a port range that reaches the reset
 * control ports would reset the machine, a misaligned MMIO access faults
 * on many interconnects, and a PL011 is only driven once its PrimeCell
 * ID says it is one.  Pure functions over the values; the arch asks the
 * firmware for the memory map and reads the ID registers.
 */
#ifndef SBM_CORE_UART_CHECK_H
#define SBM_CORE_UART_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#define UART16550_REGS		8	/* registers a 16550 driver touches */
#define PL011_SPAN		0x1000	/* a PrimeCell's 4 KiB frame */

/* A range of RAM (the memory map's usable, loader, boot/runtime services,
 * ACPI and persistent types): [start, start + len). */
struct uart_ram_range {
	uint64_t start, len;
};

/*
 * A 16550 on I/O ports at @port: its 8 registers must fit below 0x10000,
 * start on an 8-port boundary (every PC and BMC UART does) and stay clear
 * of the ports that reset or reconfigure the machine (io_ports.h: the
 * 8042, port 0x92, 0xcf8-0xcff, and the ports the FADT names).  0, or
 * -1 with *why.
 */
int uart_port_check(uint64_t port, const char **why);

/*
 * A memory-mapped UART at @base whose registers span @span bytes,
 * accessed @width bytes at a time: a non-zero address, aligned to the
 * access width (1, 2 or 4), the span not wrapping, and no byte of it in
 * any of the @n RAM ranges.  0, or -1 with *why.
 */
int uart_mmio_check(uint64_t base, uint64_t span, unsigned width,
		    const struct uart_ram_range *ram, unsigned n,
		    const char **why);

/*
 * The PrimeCell identification of a PL011: @id holds the words read at
 * 0xfe0..0xffc (PeriphID0-3, then PCellID0-3), low byte of each.  True
 * when the cell id is the PrimeCell one (0xb105f00d), the part number
 * 0x011 and the designer ARM (0x41).
 */
bool pl011_id_ok(const uint32_t id[8]);

#endif
