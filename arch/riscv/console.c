/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Console: SBI DBCN when the firmware has it, else the legacy SBI
 * putchar, else the NS16550 that /chosen stdout-path names, through
 * core's 16550 driver (MMIO, reg-shift and reg-io-width from the DT; the
 * rate OpenSBI set is kept).
 */
#include <stddef.h>

#include "arch.h"
#include "fw/fdt_platform.h"
#include "riscv.h"
#include "sbi.h"
#include "fw/uart16550.h"

static enum riscv_console con = CON_SBI_LEGACY;
static struct uart16550 uart;

void riscv_console_init(const struct fdt *f)
{
	struct fdt_uart_info u;

	if (sbi_probe(SBI_EXT_DBCN)) {
		con = CON_SBI_DBCN;
	} else if (sbi_probe(SBI_EXT_LEGACY_PUTCHAR)) {
		con = CON_SBI_LEGACY;
	} else if (f && !fdt_uart_info(f, NULL, &u, NULL) && u.base) {
		con = CON_NS16550;
		uart = (struct uart16550){
			.base = u.base,
			.width = u.reg_io_width == 4 || u.reg_io_width == 2 ?
				 u.reg_io_width : 1,
			.stride = 1u << (u.reg_shift & 3),
			.in = uart16550_mmio_in,
			.out = uart16550_mmio_out,
		};
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
		uart16550_write(&uart, s, n);
		return;
	default:
		return;
	}
}
