// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests for core/fw/uart16550.c against a model of the registers behind
 * the accessor callbacks: a UART that is there, a floating bus, one that
 * stops draining; and the MMIO accessors over a buffer with stride and
 * width.
 */
#include <stdint.h>

#include "check.h"
#include "fw/uart16550.h"

static struct model {
	uint8_t reg[8], dll, dlm, lcr;
	bool floating;		/* no device: every read is 0xff */
	bool stuck;		/* THRE never comes back */
	/* a DesignWare UART: after each byte out, this many LSR reads see
	 * the transmitter busy (THRE, not TEMT), and while busy it drops
	 * writes of LCR and of the divisor latch */
	unsigned busy_for, busy;
	char out[64];
	unsigned nout, lsr_reads, writes, dropped;
} m;

static uint8_t fake_in(const struct uart16550 *u, unsigned reg)
{
	(void)u;
	if (m.floating)
		return 0xff;
	if (reg == 5) {
		m.lsr_reads++;
		if (m.stuck)
			return 0x00;
		if (m.busy) {
			m.busy--;
			return 0x20;
		}
		return 0x60;
	}
	if (reg == 3)
		return m.lcr;
	if (m.lcr & 0x80 && reg < 2)
		return reg ? m.dlm : m.dll;
	return m.reg[reg];
}

static void fake_out(const struct uart16550 *u, unsigned reg, uint8_t v)
{
	(void)u;
	if (m.floating)
		return;
	m.writes++;
	if (m.busy && (reg == 3 || (m.lcr & 0x80 && reg < 2))) {
		m.dropped++;
		return;
	}
	if (reg == 3)
		m.lcr = v;
	if (m.lcr & 0x80 && reg < 2) {
		if (reg)
			m.dlm = v;
		else
			m.dll = v;
		return;
	}
	if (reg == 0 && m.nout < sizeof(m.out)) {
		m.out[m.nout++] = (char)v;
		m.busy = m.busy_for;
	}
	m.reg[reg] = v;
}

static struct uart16550 fake(void)
{
	struct uart16550 u = { .base = 0x3f8, .width = 1, .stride = 1,
			       .in = fake_in, .out = fake_out, .spins = 100 };

	return u;
}

int main(void)
{
	struct uart16550 u = fake();
	uint32_t regs[8] = { 0 };
	uint8_t bytes[8] = { 0 };

	/* There: the scratch test passes and leaves the register as it was. */
	memset(&m, 0, sizeof(m));
	m.reg[7] = 0x42;
	CHECK(uart16550_probe(&u));
	CHECK_EQ_U64(m.reg[7], 0x42);
	/* A floating bus (no UART at that port) fails it. */
	m.floating = true;
	CHECK(!uart16550_probe(&u));
	m.floating = false;

	/* Baud 0, SPCR's "as configured": not one register written, COM1
	 * or any other; the firmware's rate, format, FIFOs and modem lines
	 * stay. */
	m.dll = 12;
	m.dlm = 0;
	m.lcr = 0x1b;		/* 8E1, say */
	m.reg[4] = 0x0b;
	m.writes = 0;
	CHECK_EQ_U64(uart16550_setup(&u, 1843200, 0), 0);
	CHECK_EQ_U64(uart16550_setup(&u, 0, 0), 0);
	CHECK_EQ_U64(m.writes, 0);
	CHECK_EQ_U64(m.lcr, 0x1b);
	CHECK_EQ_U64(m.reg[4], 0x0b);
	/* A rate but no clock: 8N1, the firmware's divisor kept. */
	CHECK_EQ_U64(uart16550_setup(&u, 0, 115200), 0);
	CHECK_EQ_U64(m.dll, 12);
	CHECK_EQ_U64(m.lcr, 0x03);	/* 8N1, DLAB off */
	CHECK_EQ_U64(m.reg[4], 0x03);	/* DTR, RTS */
	CHECK(m.writes > 0);
	/* Clock and baud known: 1.8432 MHz / 16 / 115200 = 1; 48 MHz at
	 * 115200 rounds 26.04 to 26; 9600 at 1.8432 MHz is 12. */
	CHECK_EQ_U64(uart16550_setup(&u, 1843200, 115200), 1);
	CHECK_EQ_U64(m.dll, 1);
	CHECK_EQ_U64(uart16550_setup(&u, 48000000, 115200), 26);
	CHECK_EQ_U64(m.dll, 26);
	CHECK_EQ_U64(m.dlm, 0);
	CHECK_EQ_U64(uart16550_setup(&u, 1843200, 9600), 12);
	CHECK_EQ_U64(uart16550_setup(&u, 1843200, 50), 0x900);
	CHECK_EQ_U64(m.dlm, 9);
	/* A divisor past 16 bits is not written. */
	CHECK_EQ_U64(uart16550_setup(&u, 400000000, 110), 0);
	CHECK_EQ_U64(m.lcr, 0x03);

	/* The BCM2835 mini-UART counts 8 clocks a bit and adds one to its
	 * divisor register: 250 MHz / (8 * 115200) = 271.3, so the register
	 * holds 270.  A 16550 at the same clock would take 136. */
	u.mini_uart = true;
	CHECK_EQ_U64(uart16550_divisor(&u, 250000000, 115200), 270);
	CHECK_EQ_U64(uart16550_setup(&u, 250000000, 115200), 270);
	CHECK_EQ_U64(m.dll, 270 & 0xff);
	CHECK_EQ_U64(m.dlm, 1);
	CHECK_EQ_U64(uart16550_divisor(&u, 500000000, 9600), 6509);
	CHECK_EQ_U64(uart16550_divisor(&u, 1000, 115200), 0);
	u.mini_uart = false;
	CHECK_EQ_U64(uart16550_divisor(&u, 250000000, 115200), 136);
	CHECK_EQ_U64(uart16550_divisor(&u, 0, 115200), 0);

	/* A DesignWare UART still sending the last byte drops LCR and
	 * divisor writes: setup waits for LSR.TEMT first, so the divisor
	 * and 8N1 land. */
	m.busy_for = 50;
	m.dll = m.dlm = 0;
	m.lcr = 0x1b;
	m.dropped = 0;
	uart16550_write(&u, "x", 1);
	CHECK(m.busy > 0);
	CHECK_EQ_U64(uart16550_setup(&u, 48000000, 115200), 26);
	CHECK_EQ_U64(m.dropped, 0);
	CHECK_EQ_U64(m.dll, 26);
	CHECK_EQ_U64(m.lcr, 0x03);
	/* Busy past the bound (100 polls here): bounded, LCR retried and
	 * read back, never a hang. */
	m.busy_for = 1000;
	m.lsr_reads = 0;
	m.lcr = 0x1b;
	uart16550_write(&u, "y", 1);
	uart16550_setup(&u, 48000000, 115200);
	CHECK(m.lsr_reads <= 4 * 2 * 101 + 2);
	CHECK(m.dropped > 0);
	CHECK_EQ_U64(m.lcr, 0x1b);	/* the model never went idle */
	m.busy_for = m.busy = 0;
	m.nout = 0;
	memset(m.out, 0, sizeof(m.out));

	/* Writes: "\n" goes out as "\r\n". */
	uart16550_write(&u, "ab\n", 3);
	CHECK_EQ_U64(m.nout, 4);
	CHECK(!memcmp(m.out, "ab\r\n", 4));
	CHECK(!u.dead);
	/* A UART that stops draining: dead after the first timeout, and
	 * the rest of the line (and later lines) cost no more waiting. */
	m.stuck = true;
	m.lsr_reads = 0;
	uart16550_write(&u, "xyz", 3);
	CHECK(u.dead);
	CHECK_EQ_U64(m.lsr_reads, 101);
	uart16550_write(&u, "more\n", 5);
	CHECK_EQ_U64(m.lsr_reads, 101);
	CHECK_EQ_U64(m.nout, 4);

	/* MMIO accessors: register i at base + i * stride, @width wide. */
	u.base = (uint64_t)(uintptr_t)regs;
	u.width = 4;
	u.stride = 4;
	uart16550_mmio_out(&u, 7, 0xa5);
	CHECK_EQ_U64(regs[7], 0xa5);
	regs[5] = 0x160;	/* upper bits are not the register's */
	CHECK_EQ_U64(uart16550_mmio_in(&u, 5), 0x60);
	u.base = (uint64_t)(uintptr_t)bytes;
	u.width = 1;
	u.stride = 1;
	uart16550_mmio_out(&u, 3, 0x83);
	CHECK_EQ_U64(bytes[3], 0x83);
	CHECK_EQ_U64(uart16550_mmio_in(&u, 3), 0x83);
	return check_done("test_uart16550");
}
