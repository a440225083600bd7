/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One polled 16550 driver for every image: I/O ports (x86) and MMIO of any
 * access width and register stride (x86 LPSS/FCH, arm64 servers, riscv64
 * boards).  How a register is reached is the caller's: two accessor
 * callbacks, so nothing here is arch-specific.  Writes for the console,
 * and one byte in for "press a key" (the screen's hold).
 */
#ifndef SBM_CORE_UART16550_H
#define SBM_CORE_UART16550_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct uart16550 {
	uint64_t base;		/* port number or physical address */
	unsigned width;		/* bytes per access: 1, 2, 4 (MMIO) */
	unsigned stride;	/* bytes from one register to the next */
	/* register @reg (0..7) of @u */
	uint8_t (*in)(const struct uart16550 *u, unsigned reg);
	void (*out)(const struct uart16550 *u, unsigned reg, uint8_t v);
	bool dead;		/* stopped draining: output is dropped */
	unsigned spins;		/* LSR polls before a byte gives up */
	/* BCM2835 mini-UART: 8 clocks a bit, divisor register + 1 */
	bool mini_uart;
};

/* Accessors for a memory-mapped UART (identity-mapped address). */
uint8_t uart16550_mmio_in(const struct uart16550 *u, unsigned reg);
void uart16550_mmio_out(const struct uart16550 *u, unsigned reg, uint8_t v);

/*
 * Is a UART there?  The scratch register must keep two patterns and the
 * line status must not read as a floating bus (0xff).  Nothing else is
 * changed, so a failed test leaves the port as it was.
 */
bool uart16550_probe(const struct uart16550 *u);

/*
 * 8N1, FIFOs on, no interrupts.  The divisor: clock / (16 * baud) when
 * both are known and it fits (the mini-UART's clock / (8 * baud) - 1),
 * else the firmware's is kept (a clock nobody stated).  Baud 0 is SPCR's
 * "as configured": nothing at all is written.  LCR and the divisor are
 * written only once the transmitter is empty (LSR.TEMT; DesignWare UARTs
 * ignore them while busy), bounded, and LCR is read back.  Returns the
 * divisor written, 0 when it was kept.
 */
unsigned uart16550_setup(struct uart16550 *u, uint32_t clock_hz,
			 uint32_t baud);

/* The divisor uart16550_setup() writes for @clock_hz and @baud; 0 when
 * either is 0 or the divisor does not fit 16 bits. */
unsigned uart16550_divisor(const struct uart16550 *u, uint32_t clock_hz,
			   uint32_t baud);

/*
 * Bytes out, "\n" as "\r\n".  The wait for room is bounded: the first
 * time the UART does not drain it is marked dead and nothing more is
 * sent, so a dead UART costs one timeout, not one per byte.
 */
void uart16550_write(struct uart16550 *u, const char *s, size_t n);

/* A byte received, or -1 when none is waiting (or the UART is dead). */
int uart16550_getc(const struct uart16550 *u);

#endif
