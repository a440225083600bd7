/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a platform needs from the device tree to start: /chosen, the
 * console UART, the timebase and the PSCI conduit.  See fdt_platform.h.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fw/fdt.h"
#include "fw/fdt_platform.h"

int fdt_chosen(const struct fdt *f, const char **stdout_path,
	       const char **bootargs)
{
	int node = fdt_path_offset(f, "/chosen");
	const char *s;

	if (stdout_path)
		*stdout_path = NULL;
	if (bootargs)
		*bootargs = NULL;
	if (node < 0)
		return node == FDT_EBADBLOB ? node : 0;
	if (stdout_path) {
		s = fdt_getprop_str(f, node, "stdout-path");
		if (!s && !fdt_getprop(f, node, "stdout-path", NULL))
			s = fdt_getprop_str(f, node, "linux,stdout-path");
		*stdout_path = s;
	}
	if (bootargs)
		*bootargs = fdt_getprop_str(f, node, "bootargs");
	return 0;
}

static int read_freq(const struct fdt *f, int node, const char *name,
		     uint64_t *hz)
{
	uint32_t len;
	const void *p = fdt_getprop(f, node, name, &len);
	uint64_t v;

	if (!p)
		return FDT_ENOTFOUND;
	if (len == 4)
		v = fdt_be32(p);
	else if (len == 8)
		v = fdt_be64(p);
	else
		return FDT_EINVAL;
	if (!v)
		return FDT_EINVAL;
	*hz = v;
	return 0;
}

int fdt_timebase_hz(const struct fdt *f, uint64_t *hz)
{
	int cpus = fdt_path_offset(f, "/cpus"), c, err;

	if (!hz)
		return FDT_EINVAL;
	if (cpus < 0)
		return cpus;
	err = read_freq(f, cpus, "timebase-frequency", hz);
	if (err != FDT_ENOTFOUND)
		return err;
	for (c = fdt_first_child(f, cpus); c >= 0; c = fdt_next_sibling(f, c))
		if (fdt_node_is_cpu(f, c))
			return read_freq(f, c, "timebase-frequency", hz);
	return c == FDT_ENOTFOUND ? FDT_ENOTFOUND : c;
}

int fdt_psci_method(const struct fdt *f, const char **method)
{
	int node = fdt_path_offset(f, "/psci");
	const char *m;

	if (!method)
		return FDT_EINVAL;
	if (node < 0)
		return node;
	if (!fdt_getprop(f, node, "method", NULL))
		return FDT_ENOTFOUND;
	m = fdt_getprop_str(f, node, "method");
	if (m && !strcmp(m, "hvc"))
		*method = "hvc";
	else if (m && !strcmp(m, "smc"))
		*method = "smc";
	else
		return FDT_EINVAL;
	return 0;
}

/* ":115200n8": the leading digits (at most 9) are the speed, else 0. */
static uint32_t options_baud(const char *opt)
{
	uint32_t baud = 0;
	int i;

	for (i = 1; i < 10 && opt[i] >= '0' && opt[i] <= '9'; i++)
		baud = baud * 10 + (uint32_t)(opt[i] - '0');
	return baud;
}

int fdt_uart_info(const struct fdt *f, const char *path_or_alias,
		  struct fdt_uart_info *u, const char **why)
{
	const char *p = path_or_alias, *opt;
	size_t len;
	uint32_t v;
	int node, err;

	if (!f || !u) {
		fdt_set_why(why, "bad argument");
		return FDT_EINVAL;
	}
	memset(u, 0, sizeof(*u));
	u->node = -1;
	u->reg_io_width = 1;
	if (!p) {
		err = fdt_chosen(f, &p, NULL);
		if (err || !p) {
			fdt_set_why(why, "no stdout-path");
			return err ? err : FDT_ENOTFOUND;
		}
	}
	len = strlen(p);
	opt = memchr(p, ':', len);
	if (opt)
		len = (size_t)(opt - p);
	if (!len) {
		fdt_set_why(why, "empty console path");
		return FDT_EINVAL;
	}
	node = fdt_path_offset_n(f, p, len);
	if (node < 0) {
		fdt_set_why(why, "console path names no node");
		return node;
	}
	err = fdt_reg_address(f, node, 0, &u->base, &u->size, why);
	if (err)
		return err;
	u->node = node;
	u->compatible = fdt_getprop_str(f, node, "compatible");
	u->compat_list = fdt_getprop(f, node, "compatible", &u->compat_len);
	if (!fdt_getprop_u32(f, node, "reg-shift", &v))
		u->reg_shift = v;
	if (!fdt_getprop_u32(f, node, "reg-io-width", &v))
		u->reg_io_width = v;
	if (!fdt_getprop_u32(f, node, "clock-frequency", &v))
		u->clock_hz = v;
	if (opt)
		u->baud = options_baud(opt);
	if (!u->baud && !fdt_getprop_u32(f, node, "current-speed", &v))
		u->baud = v;
	return 0;
}

static bool compat_has(const struct fdt_uart_info *u, const char *name)
{
	return u->compat_list &&
	       fdt_stringlist_contains(u->compat_list, u->compat_len, name);
}

int fdt_uart_driver(const struct fdt_uart_info *u, struct fdt_uart_driver *d,
		    const char **why)
{
	struct fdt_uart_driver r = { .kind = FDT_UART_16550 };

	if (compat_has(u, "arm,pl011") || compat_has(u, "arm,sbsa-uart")) {
		r.kind = FDT_UART_PL011;
		r.pl011_id = compat_has(u, "arm,pl011");
		r.width = r.stride = 4;
	} else if (compat_has(u, "brcm,bcm2835-aux-uart")) {
		r.mini_uart = true;
		r.width = r.stride = 4;
	} else if (compat_has(u, "snps,dw-apb-uart") ||
		   compat_has(u, "ns16550a") || compat_has(u, "ns16550")) {
		if (u->reg_io_width != 1 && u->reg_io_width != 2 &&
		    u->reg_io_width != 4) {
			fdt_set_why(why, "uart reg-io-width not 1, 2 or 4");
			return FDT_EINVAL;
		}
		if (u->reg_shift > 2 ||
		    (1u << u->reg_shift) < u->reg_io_width) {
			fdt_set_why(why, "uart reg-shift above 2 or below "
				    "its reg-io-width");
			return FDT_EINVAL;
		}
		r.width = u->reg_io_width;
		r.stride = 1u << u->reg_shift;
	} else {
		fdt_set_why(why, "console uart of a kind without a driver "
			    "here");
		return FDT_ENOTFOUND;
	}
	if (d)
		*d = r;
	return 0;
}

int fdt_uart(const struct fdt *f, const char *path_or_alias, uint64_t *base,
	     const char **compatible)
{
	struct fdt_uart_info u;
	int err = fdt_uart_info(f, path_or_alias, &u, NULL);

	if (err)
		return err;
	if (base)
		*base = u.base;
	if (compatible)
		*compatible = u.compatible;
	return 0;
}
