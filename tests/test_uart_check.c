// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests for core/fw/uart_check.c: the console addresses firmware may
 * name.  The PL011 identification values are the ones ARM's PL011
 * Technical Reference Manual lists for UARTPeriphID0-3 and UARTPCellID0-3
 * (r1p5: PeriphID2 0x34), and the ones QEMU's pl011 model returns.
 */
#include "check.h"
#include "fw/uart_check.h"

static void ports(void)
{
	const char *why = NULL;

	CHECK(uart_port_check(0x3f8, &why) == 0);	/* COM1 */
	CHECK(uart_port_check(0x2f8, &why) == 0);	/* COM2 */
	CHECK(uart_port_check(0x3e8, &why) == 0);
	CHECK(uart_port_check(0xfff8, &why) == 0);
	/* the review's case: registers 0xcf2..0xcf9 reach the reset port */
	CHECK(uart_port_check(0xcf2, &why) == -1 && why);
	CHECK(uart_port_check(0xcf0, &why) == 0);	/* ends at 0xcf7 */
	CHECK(uart_port_check(0xcf8, &why) == -1);
	CHECK(uart_port_check(0x60, &why) == -1);
	CHECK(uart_port_check(0x90, &why) == -1);	/* reaches 0x92 */
	CHECK(uart_port_check(0x98, &why) == 0);
	CHECK(uart_port_check(0x3f9, &why) == -1);	/* misaligned */
	CHECK(uart_port_check(0, &why) == -1);
	CHECK(uart_port_check(0xfffa, &why) == -1);
	CHECK(uart_port_check(0x10000, &why) == -1);
	CHECK(uart_port_check(~0ull, &why) == -1);
}

static void mmio(void)
{
	const struct uart_ram_range ram[] = {
		{ 0x0, 0xa0000 },
		{ 0x100000, 0x7ff00000 },		/* to 2 GiB */
		{ 0x100000000ull, 0x80000000ull },
		{ 0xfffffffffffff000ull, 0x1000 },	/* ends at 2^64 */
	};
	const char *why = NULL;

	CHECK(uart_mmio_check(0xfe001000, 32, 4, ram, 4, &why) == 0);
	CHECK(uart_mmio_check(0x9000000, 0x1000, 4, NULL, 0, &why) == 0);
	/* inside RAM, at its edges, straddling into it */
	CHECK(uart_mmio_check(0x200000, 8, 1, ram, 4, &why) == -1 && why);
	CHECK(uart_mmio_check(0x7ffffff8, 8, 1, ram, 4, &why) == -1);
	CHECK(uart_mmio_check(0x80000000, 8, 1, ram, 4, &why) == 0);
	CHECK(uart_mmio_check(0xffffffe0, 0x40, 4, ram, 4, &why) == -1);
	CHECK(uart_mmio_check(0xffffffe0, 0x20, 4, ram, 4, &why) == 0);
	CHECK(uart_mmio_check(0xfffffffffffff100ull, 0x20, 4, ram, 4,
			      &why) == -1);
	/* alignment to the access width; widths; zero; wrap */
	CHECK(uart_mmio_check(0xfe001002, 32, 4, ram, 4, &why) == -1);
	CHECK(uart_mmio_check(0xfe001002, 16, 2, ram, 4, &why) == 0);
	CHECK(uart_mmio_check(0xfe001001, 16, 2, ram, 4, &why) == -1);
	CHECK(uart_mmio_check(0xfe001000, 64, 8, ram, 4, &why) == -1);
	CHECK(uart_mmio_check(0xfe001000, 64, 3, ram, 4, &why) == -1);
	CHECK(uart_mmio_check(0, 32, 4, NULL, 0, &why) == -1);
	CHECK(uart_mmio_check(0xfffffffffffffff0ull, 0x20, 4, NULL, 0,
			      &why) == -1);
	/* an empty range is no RAM */
	const struct uart_ram_range empty = { 0x9000000, 0 };

	CHECK(uart_mmio_check(0x9000000, 0x1000, 4, &empty, 1, &why) == 0);
}

static void pl011(void)
{
	const uint32_t trm[8] = { 0x11, 0x10, 0x34, 0x00,
				  0x0d, 0xf0, 0x05, 0xb1 };
	const uint32_t qemu[8] = { 0x11, 0x10, 0x14, 0x00,
				   0x0d, 0xf0, 0x05, 0xb1 };
	/* upper bits of the 32-bit reads are reserved: ignored */
	const uint32_t high[8] = { 0xffffff11, 0x10, 0x34, 0,
				   0x0d, 0xf0, 0x05, 0xb1 };
	const uint32_t ram[8] = { 0 };
	const uint32_t floating[8] = { 0xffffffff, 0xffffffff, 0xffffffff,
				       0xffffffff, 0xffffffff, 0xffffffff,
				       0xffffffff, 0xffffffff };
	/* another PrimeCell (PL031 RTC: part 0x031) is not a UART */
	const uint32_t pl031[8] = { 0x31, 0x10, 0x04, 0x00,
				    0x0d, 0xf0, 0x05, 0xb1 };
	uint32_t id[8];

	CHECK(pl011_id_ok(trm));
	CHECK(pl011_id_ok(qemu));
	CHECK(pl011_id_ok(high));
	CHECK(!pl011_id_ok(ram));
	CHECK(!pl011_id_ok(floating));
	CHECK(!pl011_id_ok(pl031));
	for (int i = 0; i < 8; i++) {
		memcpy(id, trm, sizeof(id));
		id[i] ^= 0x01;
		if (i == 2)
			id[i] ^= 0x20 ^ 0x01;	/* the revision is free */
		/* so is PeriphID3, the configuration */
		CHECK(pl011_id_ok(id) == (i == 2 || i == 3));
	}
}

int main(void)
{
	ports();
	mmio();
	pl011();
	return check_done("test_uart_check");
}
