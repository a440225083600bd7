/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console: a polled PL011 at the address SPCR or the DT stdout-path
 * names.  The firmware set its rate; we only write.  Used before and after
 * ExitBootServices (the firmware copies ConOut to this same UART, so
 * writing both would print every line twice); ConOut only while no UART
 * is known.
 */
#include "arch.h"
#include "arm64.h"
#include "screen.h"

#define UART_DR		0x00
#define UART_FR		0x18
#define FR_RXFE		(1u << 4)
#define FR_TXFF		(1u << 5)

static volatile uint32_t *uart;

void pl011_init(uint64_t base)
{
	uart = (volatile uint32_t *)(uintptr_t)base;
}

uint64_t pl011_base(void)
{
	return (uint64_t)(uintptr_t)uart;
}

static void putc_uart(char c)
{
	/* Bounded: a dead UART must not hang the run. */
	for (unsigned i = 0; i < 1000000 && (uart[UART_FR / 4] & FR_TXFF);
	     i++)
		;
	uart[UART_DR / 4] = (uint8_t)c;
}

void plat_console_write(const char *s, size_t n)
{
	if (!uart)
		efi_conout_write(s, n);	/* a no-op after ExitBootServices */
	for (size_t i = 0; uart && i < n; i++) {
		if (s[i] == '\n')
			putc_uart('\r');
		putc_uart(s[i]);
	}
	screen_write(s, n);
}

bool efi_uart_key(bool *present)
{
	*present = uart != NULL;
	if (!uart || (uart[UART_FR / 4] & FR_RXFE))
		return false;
	(void)uart[UART_DR / 4];
	return true;
}
