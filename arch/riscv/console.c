/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Console: SBI DBCN when the firmware has it, else the legacy SBI
 * putchar, else the NS16550 that /chosen stdout-path names.
 */
#include <stddef.h>

#include "arch.h"
#include "fdt_platform.h"
#include "riscv.h"
#include "sbi.h"

static enum riscv_console con = CON_SBI_LEGACY;
static volatile uint8_t *uart;
static uint32_t uart_shift;

void riscv_console_init(const struct fdt *f)
{
	struct fdt_uart_info u;

	if (sbi_probe(SBI_EXT_DBCN)) {
		con = CON_SBI_DBCN;
	} else if (sbi_probe(SBI_EXT_LEGACY_PUTCHAR)) {
		con = CON_SBI_LEGACY;
	} else if (f && !fdt_uart_info(f, NULL, &u, NULL) && u.base) {
		con = CON_NS16550;
		uart = (volatile uint8_t *)(uintptr_t)u.base;
		uart_shift = u.reg_shift;
	} else {
		con = CON_NONE;
	}
}

const char *riscv_console_name(void)
{
	switch (con) {
	case CON_SBI_DBCN:
		return "sbi-dbcn";
	case CON_SBI_LEGACY:
		return "sbi-legacy-putchar";
	case CON_NS16550:
		return "ns16550";
	default:
		return "none";
	}
}

static void uart_putc(char ch)
{
	/* LSR (reg 5) bit 5: transmit holding register empty */
	while (!(uart[5 << uart_shift] & 0x20))
		;
	uart[0] = (uint8_t)ch;
}

void plat_console_write(const char *s, size_t n)
{
	switch (con) {
	case CON_SBI_DBCN:
		while (n) {
			long w = sbi_dbcn_write(s, n);

			if (w <= 0)
				return;
			s += w;
			n -= (size_t)w;
		}
		return;
	case CON_SBI_LEGACY:
		for (size_t i = 0; i < n; i++) {
			if (s[i] == '\n')
				sbi_legacy_putchar('\r');
			sbi_legacy_putchar(s[i]);
		}
		return;
	case CON_NS16550:
		for (size_t i = 0; i < n; i++) {
			if (s[i] == '\n')
				uart_putc('\r');
			uart_putc(s[i]);
		}
		return;
	default:
		return;
	}
}
