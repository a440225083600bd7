/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console: a polled 16550 (COM1, or the port SPCR names).  It works
 * before and after ExitBootServices, so every line takes the same path.
 * A spin lock keeps lines whole when an AP's trap handler writes while
 * the boot CPU does; its wait is bounded, so a CPU that died holding it
 * costs a garbled line, not a hung run.
 */
#include "arch.h"
#include "screen.h"
#include "x86.h"

#define LOCK_WAIT_DIV	10	/* give up on the lock after 1/10 s */

static uint16_t uart_port = 0x3f8;
static bool uart_ok;
static int console_lock;

void x86_uart_init(uint16_t port)
{
	if (port)
		uart_port = port;
	/* Scratch register round trip: no UART reads back 0xff. */
	outb(uart_port + 7, 0x5a);
	uart_ok = inb(uart_port + 7) == 0x5a;
	if (!uart_ok)
		return;
	outb(uart_port + 1, 0x00);	/* no interrupts */
	outb(uart_port + 3, 0x80);	/* DLAB */
	outb(uart_port + 0, 0x01);	/* 115200 */
	outb(uart_port + 1, 0x00);
	outb(uart_port + 3, 0x03);	/* 8N1 */
	outb(uart_port + 2, 0xc7);	/* FIFO on, cleared */
	outb(uart_port + 4, 0x03);	/* DTR, RTS */
}

bool x86_uart_present(void)
{
	return uart_ok;
}

static void uart_putc(char c)
{
	/* Bounded wait on THRE: a dead UART must not hang the run. */
	for (unsigned i = 0; i < 1000000; i++)
		if (inb(uart_port + 5) & 0x20)
			break;
	outb(uart_port, (uint8_t)c);
}

/* Before the TSC is calibrated (rate 0) only the boot CPU runs. */
static bool lock_console(void)
{
	uint64_t t0 = rdtsc_plain(), bound = x86_tsc_hz / LOCK_WAIT_DIV;

	while (__atomic_exchange_n(&console_lock, 1, __ATOMIC_ACQUIRE)) {
		if (rdtsc_plain() - t0 > bound)
			return false;
		__asm__ volatile("pause");
	}
	return true;
}

static void uart_write(const char *s, size_t n)
{
	bool locked = lock_console();

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			uart_putc('\r');
		uart_putc(s[i]);
	}
	if (locked)
		__atomic_store_n(&console_lock, 0, __ATOMIC_RELEASE);
}

void plat_console_write(const char *s, size_t n)
{
	if (uart_ok)
		uart_write(s, n);
	else
		efi_conout_write(s, n);	/* a no-op once boot services are gone */
	screen_write(s, n);
}

bool efi_uart_key(bool *present)
{
	*present = uart_ok;
	if (!uart_ok || !(inb(uart_port + 5) & 0x01))	/* LSR: data ready */
		return false;
	inb(uart_port);
	return true;
}

/* From an AP's trap handler: the UART only (firmware is the BSP's). */
void x86_console_write_trap(const char *s, size_t n)
{
	if (uart_ok)
		uart_write(s, n);
}
