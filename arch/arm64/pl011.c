/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console: a polled PL011 at the address SPCR or the DT stdout-path
 * names (the firmware set its rate; we only write), or a 16550 on MMIO
 * (SPCR types 0, 1, 0x12: Graviton-style servers; 0x10, the BCM2835
 * mini-UART; the DT's ns16550a, DesignWare and mini-UART) through core's
 * driver.
 * Used before and after ExitBootServices (the firmware copies ConOut to
 * this same UART, so writing both would print every line twice); ConOut
 * only while no UART is known.  A UART that stops draining is dead after
 * the first timeout.
 */
#include <stdio.h>

#include "arch.h"
#include "arm64.h"
#include "efi_plat.h"
#include "output/report.h"
#include "fw/uart_check.h"
#include "fw/uart16550.h"
#include "output/screen.h"

#define UART_DR		0x00
#define UART_FR		0x18
#define FR_RXFE		(1u << 4)
#define FR_TXFF		(1u << 5)
#define UART_PERIPHID0	0xfe0	/* then PeriphID1-3, PCellID0-3 */

static volatile uint32_t *uart;
static bool pl011_dead;
static struct uart16550 u16550;
static bool use_16550;

void pl011_init(uint64_t base)
{
	uart = (volatile uint32_t *)(uintptr_t)base;
}

uint64_t pl011_base(void)
{
	return (uint64_t)(uintptr_t)uart;
}

bool arm64_uart16550_init(const struct arm64_fw *fw)
{
	struct uart16550 u = {
		.base = fw->uart, .width = fw->uart_width,
		.stride = fw->uart_stride, .in = uart16550_mmio_in,
		.out = uart16550_mmio_out, .mini_uart = fw->uart_mini,
	};

	if (!uart16550_probe(&u))
		return false;
	/* without a stated clock the firmware's divisor stays; "as
	 * configured" (baud 0) writes nothing at all */
	uart16550_setup(&u, fw->uart_clock_hz, fw->uart_baud);
	u16550 = u;
	use_16550 = true;
	uart = NULL;
	return true;
}

/* An ARM PL011 by its PrimeCell ID registers (read only). */
static bool pl011_identified(uint64_t base)
{
	volatile const uint32_t *r = (volatile const uint32_t *)(uintptr_t)
				     (base + UART_PERIPHID0);
	uint32_t id[8];

	for (int i = 0; i < 8; i++)
		id[i] = r[i];
	return pl011_id_ok(id);
}

/* The console named in @fw, or NULL with its reason in @why. */
static bool console_init(struct arm64_fw *fw, char *why, size_t len)
{
	const char *bad = NULL;
	uint64_t span = fw->uart_16550 ?
			(uint64_t)fw->uart_stride * UART16550_REGS : PL011_SPAN;
	int n;

	n = snprintf(why, len, "%s console %#llx (%s)", fw->uart_16550 ?
		     "16550 mmio" : "pl011", (unsigned long long)fw->uart,
		     fw->uart_source);
	if (n < 0 || (size_t)n >= len)
		n = 0;
	if (efi_console_mmio_check(fw->uart, span, fw->uart_16550 ?
				   fw->uart_width : 4, &bad)) {
		snprintf(why + n, len - n, " refused: %s", bad);
		return false;
	}
	if (fw->uart_16550) {
		if (arm64_uart16550_init(fw))
			return true;
		snprintf(why + n, len - n, " did not answer");
		return false;
	}
	/* SBSA's generic UART need not have ID registers */
	if (fw->uart_pl011_id && !pl011_identified(fw->uart)) {
		snprintf(why + n, len - n, " refused: its PrimeCell ID "
			 "registers do not name a PL011");
		return false;
	}
	pl011_init(fw->uart);
	return true;
}

void arm64_console_init(struct arm64_fw *fw)
{
	char why[160], msg[192];

	if (!fw->uart || console_init(fw, why, sizeof(why)))
		return;
	fw->uart = 0;
	snprintf(msg, sizeof(msg), "%s; no console", why);
	efi_console_note(msg);
	report_warn("console", 0, msg);
}

bool arm64_uart_present(void)
{
	return use_16550 ? !u16550.dead : uart && !pl011_dead;
}

static void putc_uart(char c)
{
	/* Bounded: a dead UART must not hang the run, nor cost a timeout
	 * per byte. */
	for (unsigned i = 0; uart[UART_FR / 4] & FR_TXFF; i++)
		if (i >= 1000000) {
			pl011_dead = true;
			return;
		}
	uart[UART_DR / 4] = (uint8_t)c;
}

static void uart_write(const char *s, size_t n)
{
	if (use_16550) {
		uart16550_write(&u16550, s, n);
		return;
	}
	for (size_t i = 0; i < n && !pl011_dead; i++) {
		if (s[i] == '\n')
			putc_uart('\r');
		putc_uart(s[i]);
	}
}

void plat_console_write(const char *s, size_t n)
{
	if (arm64_uart_present())
		uart_write(s, n);
	else
		efi_conout_write(s, n);	/* a no-op after ExitBootServices */
	screen_write(s, n);
}

bool efi_uart_key(bool *present)
{
	*present = arm64_uart_present();
	if (!*present)
		return false;
	if (use_16550)
		return uart16550_getc(&u16550) >= 0;
	if (uart[UART_FR / 4] & FR_RXFE)
		return false;
	(void)uart[UART_DR / 4];
	return true;
}
