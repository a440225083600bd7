/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console: core's polled 16550 on COM1, or on the UART SPCR names (I/O
 * ports or MMIO) once it has passed the driver's test.  It works before
 * and after ExitBootServices, so every line takes the same path.  A spin
 * lock keeps lines whole when an AP's trap handler writes while the boot
 * CPU does; its wait is bounded, so a CPU that died holding it costs a
 * garbled line, not a hung run.
 */
#include <stdio.h>

#include "fw/acpi_platform.h"
#include "arch.h"
#include "output/report.h"
#include "fw/uart16550.h"
#include "fw/uart_check.h"
#include "output/screen.h"
#include "x86.h"

#define LOCK_WAIT_DIV	10	/* give up on the lock after 1/10 s */
#define COM1		0x3f8
#define PC_UART_HZ	1843200	/* the clock of every PC COM port */

static struct uart16550 con;
static bool uart_ok;
static int console_lock;

static uint8_t port_in(const struct uart16550 *u, unsigned reg)
{
	return inb((uint16_t)(u->base + reg));
}

static void port_out(const struct uart16550 *u, unsigned reg, uint8_t v)
{
	outb((uint16_t)(u->base + reg), v);
}

static struct uart16550 port_uart(uint16_t port)
{
	struct uart16550 u = { .base = port, .width = 1, .stride = 1,
			       .in = port_in, .out = port_out };

	return u;
}

/* COM1 when it answers: at 115200, or as it is where SPCR names it
 * "as configured". */
static void com1_init(bool as_configured)
{
	con = port_uart(COM1);
	uart_ok = uart16550_probe(&con);
	if (uart_ok && !as_configured)
		uart16550_setup(&con, PC_UART_HZ, 115200);
}

bool x86_uart_present(void)
{
	return uart_ok && !con.dead;
}

/* The UART SPCR names, once its address passed the checks and it
 * answers; false with @why (the reason, for a warning) when not. */
static bool spcr_uart(const struct acpi_spcr_uart *s, char *why, size_t len)
{
	struct uart16550 u;
	const char *bad = NULL;
	unsigned div;
	int n;

	n = snprintf(why, len, "SPCR console (type %#x) %s %#llx", s->type,
		     s->io ? "io" : "mmio", (unsigned long long)s->base);
	if (n < 0 || (size_t)n >= len)
		n = 0;
	if (s->kind != ACPI_UART_16550) {
		snprintf(why + n, len - n, ": not a 16550, no driver for it "
			 "here");
		return false;
	}
	if (s->io ? efi_console_port_check(s->base, &bad) :
	    efi_console_mmio_check(s->base, (uint64_t)s->stride *
				   UART16550_REGS, s->width, &bad)) {
		snprintf(why + n, len - n, " refused: %s", bad);
		return false;
	}
	if (s->io)
		u = port_uart((uint16_t)s->base);
	else
		u = (struct uart16550){ .base = s->base, .width = s->width,
					.stride = s->stride,
					.in = uart16550_mmio_in,
					.out = uart16550_mmio_out };
	if (!uart16550_probe(&u)) {
		snprintf(why + n, len - n, " did not answer");
		return false;
	}
	/* A port UART's clock is the PC one; an MMIO one's only SPCR 3+
	 * states: without it the firmware's divisor stays. */
	div = uart16550_setup(&u, s->clock_hz ? s->clock_hz :
			      s->io ? PC_UART_HZ : 0, s->baud);
	con = u;
	uart_ok = true;
	report_printf("console: 16550 %s %#llx from SPCR (type %#x, %u-byte "
		      "access, stride %u, %s)\n", s->io ? "io" : "mmio",
		      (unsigned long long)s->base, s->type, s->width,
		      s->stride, div ? "rate from SPCR" : s->baud ?
		      "rate as the firmware set it" :
		      "as configured: not reprogrammed");
	return true;
}

void x86_console_init(const struct x86_acpi *a)
{
	const struct acpi_spcr_uart *s = &a->spcr_uart;
	char why[192], msg[224];

	if (a->have_spcr_uart && spcr_uart(s, why, sizeof(why)))
		return;
	com1_init(a->have_spcr_uart && s->io && s->base == COM1 && !s->baud);
	if (!a->have_spcr_uart)
		return;
	/* said once the console is chosen, so the warning reaches it */
	snprintf(msg, sizeof(msg), "%s; %s", why,
		 uart_ok ? "staying on COM1" : "no console");
	efi_console_note(msg);
	report_warn("console", 0, msg);
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

	uart16550_write(&con, s, n);
	if (locked)
		__atomic_store_n(&console_lock, 0, __ATOMIC_RELEASE);
}

void plat_console_write(const char *s, size_t n)
{
	if (x86_uart_present())
		uart_write(s, n);
	else
		efi_conout_write(s, n);	/* a no-op once boot services are gone */
	screen_write(s, n);
}

bool efi_uart_key(bool *present)
{
	*present = x86_uart_present();
	return *present && uart16550_getc(&con) >= 0;
}

/* From an AP's trap handler: the UART only (firmware is the BSP's). */
void x86_console_write_trap(const char *s, size_t n)
{
	if (x86_uart_present())
		uart_write(s, n);
}
