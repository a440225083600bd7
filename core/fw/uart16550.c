// SPDX-License-Identifier: BSD-2-Clause
/* The shared polled 16550; see uart16550.h.  Register layout: the
 * 8250/16450/16550 one every PC UART since 1981 has kept. */
#include "fw/uart16550.h"

enum {
	THR = 0,		/* transmit holding (DLAB=0) */
	DLL = 0, DLM = 1,	/* divisor latch (DLAB=1) */
	IER = 1,
	FCR = 2,
	LCR = 3,
	MCR = 4,
	LSR = 5,
	SCR = 7,
};

#define LCR_8N1		0x03
#define LCR_DLAB	0x80
#define LSR_THRE	0x20	/* room for a byte */
#define LSR_TEMT	0x40	/* transmitter empty: shift register too */
#define LCR_TRIES	4	/* writes of LCR before going on regardless */
#define FCR_ON_CLEAR	0x07	/* FIFOs on, both cleared */
#define MCR_DTR_RTS	0x03
#define DEFAULT_SPINS	1000000u /* ~1 s of port reads: far past a byte */

uint8_t uart16550_mmio_in(const struct uart16550 *u, unsigned reg)
{
	uintptr_t a = (uintptr_t)u->base + (uintptr_t)reg * u->stride;

	switch (u->width) {
	case 4:
		return (uint8_t)*(volatile const uint32_t *)a;
	case 2:
		return (uint8_t)*(volatile const uint16_t *)a;
	default:
		return *(volatile const uint8_t *)a;
	}
}

void uart16550_mmio_out(const struct uart16550 *u, unsigned reg, uint8_t v)
{
	uintptr_t a = (uintptr_t)u->base + (uintptr_t)reg * u->stride;

	switch (u->width) {
	case 4:
		*(volatile uint32_t *)a = v;
		break;
	case 2:
		*(volatile uint16_t *)a = v;
		break;
	default:
		*(volatile uint8_t *)a = v;
		break;
	}
}

bool uart16550_probe(const struct uart16550 *u)
{
	uint8_t keep = u->in(u, SCR);
	bool ok;

	u->out(u, SCR, 0x5a);
	ok = u->in(u, SCR) == 0x5a;
	u->out(u, SCR, 0xa5);
	ok = ok && u->in(u, SCR) == 0xa5;
	u->out(u, SCR, keep);
	return ok && u->in(u, LSR) != 0xff;
}

unsigned uart16550_divisor(const struct uart16550 *u, uint32_t clock_hz,
			   uint32_t baud)
{
	uint64_t div;

	if (!clock_hz || !baud)
		return 0;
	if (u->mini_uart) {
		/* baud = clock / (8 * (reg + 1)), rounded */
		div = ((uint64_t)clock_hz + 4u * baud) / (8u * (uint64_t)baud);
		div = div ? div - 1 : 0;
	} else {
		/* rounded to the nearest divisor */
		div = ((uint64_t)clock_hz + 8u * baud) / (16u * (uint64_t)baud);
	}
	return div && div <= 0xffff ? (unsigned)div : 0;
}

/* Poll until the transmitter is empty; false when the bound ran out. */
static bool wait_idle(const struct uart16550 *u)
{
	unsigned spins = u->spins ? u->spins : DEFAULT_SPINS;

	for (unsigned i = 0; i < spins; i++)
		if (u->in(u, LSR) & LSR_TEMT)
			return true;
	return false;
}

/* LCR while idle, read back: a busy DesignWare UART drops the write. */
static void write_lcr(const struct uart16550 *u, uint8_t v)
{
	for (int i = 0; i < LCR_TRIES; i++) {
		wait_idle(u);
		u->out(u, LCR, v);
		if (u->in(u, LCR) == v)
			return;
	}
}

unsigned uart16550_setup(struct uart16550 *u, uint32_t clock_hz,
			 uint32_t baud)
{
	unsigned div = uart16550_divisor(u, clock_hz, baud);

	if (!baud)	/* "as configured": the firmware's, all of it */
		return 0;
	u->out(u, IER, 0);
	if (div) {
		write_lcr(u, LCR_DLAB);
		u->out(u, DLL, (uint8_t)div);
		u->out(u, DLM, (uint8_t)(div >> 8));
	}
	write_lcr(u, LCR_8N1);		/* DLAB off; the divisor stays */
	u->out(u, FCR, FCR_ON_CLEAR);	/* a 16450 has no FCR: ignored */
	u->out(u, MCR, MCR_DTR_RTS);
	return div;
}

static void put_byte(struct uart16550 *u, uint8_t c)
{
	unsigned spins = u->spins ? u->spins : DEFAULT_SPINS;

	for (unsigned i = 0; !(u->in(u, LSR) & LSR_THRE); i++)
		if (i >= spins) {
			u->dead = true;
			return;
		}
	u->out(u, THR, c);
}

void uart16550_write(struct uart16550 *u, const char *s, size_t n)
{
	for (size_t i = 0; i < n && !u->dead; i++) {
		if (s[i] == '\n')
			put_byte(u, '\r');
		if (!u->dead)
			put_byte(u, (uint8_t)s[i]);
	}
}

int uart16550_getc(const struct uart16550 *u)
{
	if (u->dead || !(u->in(u, 5) & 0x01))	/* LSR: data ready */
		return -1;
	return u->in(u, 0);			/* RBR */
}
