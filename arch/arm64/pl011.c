/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console: a polled PL011 at the address SPCR or the DT stdout-path
 * names (the firmware set its rate; we only write), or a 16550 on MMIO
 * (SPCR types 0, 1, 0x12: Graviton-style servers) through core's driver.
 * Used before and after ExitBootServices (the firmware copies ConOut to
 * this same UART, so writing both would print every line twice); ConOut
 * only while no UART is known.  A UART that stops draining is dead after
 * the first timeout.
 */
#include "arch.h"
#include "arm64.h"
#include "uart16550.h"
#include "screen.h"

#define UART_DR		0x00
#define UART_FR		0x18
#define FR_RXFE		(1u << 4)
#define FR_TXFF		(1u << 5)

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
		.out = uart16550_mmio_out,
	};

	if (!uart16550_probe(&u))
		return false;
	/* without a stated clock the firmware's divisor stays */
	uart16550_setup(&u, fw->uart_clock_hz, fw->uart_baud);
	u16550 = u;
	use_16550 = true;
	uart = NULL;
	return true;
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
