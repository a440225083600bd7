/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FADT (PM timer, hardware-reduced, arm boot flags) and SPCR (the
 * firmware's console).  See acpi_platform.h.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/acpi.h"
#include "fw/acpi_parse.h"
#include "fw/acpi_platform.h"

/* ACPI 6.5 table "Generic Address Structure (GAS) Format". */
enum {
	GAS_SPACE_ID = 0,	/* Address Space ID: ACPI_GAS_* */
	GAS_BIT_WIDTH = 1,	/* Register Bit Width */
	GAS_ACCESS_SIZE = 3,
	GAS_ADDRESS = 4,
	GAS_LEN = 12,
};

/* ---- FADT -------------------------------------------------------------- */

/* ACPI 6.5 table "FADT Format". */
enum {
	FADT_SMI_CMD = 48,
	FADT_PM1A_EVT_BLK = 56,		/* then PM1b_EVT, PM1a_CNT, PM1b_CNT, */
	FADT_PM2_CNT_BLK = 72,		/* PM2_CNT, 4 bytes each */
	FADT_PM_TMR_BLK = 76,
	FADT_PM1_EVT_LEN = 88,
	FADT_PM1_CNT_LEN = 89,
	FADT_PM2_CNT_LEN = 90,
	FADT_PM_TMR_LEN = 91,
	FADT_FLAGS = 112,
	FADT_RESET_REG = 116,		/* a GAS */
	FADT_ARM_BOOT_ARCH = 129,	/* ACPI 5.1+ */
	FADT_MINOR_REVISION = 131,	/* ACPI 5.1+ */
	FADT_X_PM1A_EVT_BLK = 148,	/* GASes: PM1a_EVT, PM1b_EVT, PM1a_CNT, */
	FADT_X_PM2_CNT_BLK = 196,	/* PM1b_CNT, PM2_CNT */
	FADT_X_PM_TMR_BLK = 208,	/* a GAS */
};

/* A field read as 0 when the table is too short to hold all of it. */
static uint32_t opt32(const uint8_t *t, uint32_t tlen, size_t off)
{
	return fits(tlen, off, 4) ? rd32(t + off) : 0;
}

static uint16_t opt16(const uint8_t *t, uint32_t tlen, size_t off)
{
	return fits(tlen, off, 2) ? rd16(t + off) : 0;
}

static uint8_t opt8(const uint8_t *t, uint32_t tlen, size_t off)
{
	return fits(tlen, off, 1) ? t[off] : 0;
}

/* The GAS at @off, all zero unless wholly inside the table. */
static struct acpi_gas_info opt_gas(const uint8_t *t, uint32_t tlen,
				    size_t off)
{
	struct acpi_gas_info g = { 0 };

	if (fits(tlen, off, GAS_LEN)) {
		g.space = t[off + GAS_SPACE_ID];
		g.bit_width = t[off + GAS_BIT_WIDTH];
		g.address = rd64(t + off + GAS_ADDRESS);
	}
	return g;
}

int acpi_fadt_parse(const void *tbl, size_t len, struct acpi_fadt_info *out,
		    const char **why)
{
	const uint8_t *t = tbl;
	struct acpi_fadt_info fi = { 0 };
	uint32_t tlen;

	if (acpi_table_check(tbl, len, "FACP", why))
		return -1;
	tlen = acpi_table_length(t);

	fi.revision = acpi_table_revision(t);
	fi.pm_tmr_blk = opt32(t, tlen, FADT_PM_TMR_BLK);
	fi.pm_tmr_len = opt8(t, tlen, FADT_PM_TMR_LEN);
	fi.flags = opt32(t, tlen, FADT_FLAGS);
	fi.tmr_val_ext = (fi.flags & ACPI_FADT_TMR_VAL_EXT) != 0;
	fi.hw_reduced = (fi.flags & ACPI_FADT_HW_REDUCED) != 0;
	fi.arm_boot_arch = opt16(t, tlen, FADT_ARM_BOOT_ARCH);
	fi.minor_revision = opt8(t, tlen, FADT_MINOR_REVISION);
	fi.smi_cmd = opt32(t, tlen, FADT_SMI_CMD);
	fi.pm1a_evt = opt32(t, tlen, FADT_PM1A_EVT_BLK);
	fi.pm1b_evt = opt32(t, tlen, FADT_PM1A_EVT_BLK + 4);
	fi.pm1a_cnt = opt32(t, tlen, FADT_PM1A_EVT_BLK + 8);
	fi.pm1b_cnt = opt32(t, tlen, FADT_PM1A_EVT_BLK + 12);
	fi.pm2_cnt = opt32(t, tlen, FADT_PM2_CNT_BLK);
	fi.pm1_evt_len = opt8(t, tlen, FADT_PM1_EVT_LEN);
	fi.pm1_cnt_len = opt8(t, tlen, FADT_PM1_CNT_LEN);
	fi.pm2_cnt_len = opt8(t, tlen, FADT_PM2_CNT_LEN);
	fi.reset_reg = opt_gas(t, tlen, FADT_RESET_REG);
	fi.x_pm1a_evt = opt_gas(t, tlen, FADT_X_PM1A_EVT_BLK);
	fi.x_pm1b_evt = opt_gas(t, tlen, FADT_X_PM1A_EVT_BLK + GAS_LEN);
	fi.x_pm1a_cnt = opt_gas(t, tlen, FADT_X_PM1A_EVT_BLK + 2 * GAS_LEN);
	fi.x_pm1b_cnt = opt_gas(t, tlen, FADT_X_PM1A_EVT_BLK + 3 * GAS_LEN);
	fi.x_pm2_cnt = opt_gas(t, tlen, FADT_X_PM2_CNT_BLK);
	/* X_PM_TMR_BLK: take the GAS only when wholly present. */
	if (fits(tlen, FADT_X_PM_TMR_BLK, GAS_LEN)) {
		fi.x_pm_tmr_space = t[FADT_X_PM_TMR_BLK + GAS_SPACE_ID];
		fi.x_pm_tmr_addr = rd64(t + FADT_X_PM_TMR_BLK + GAS_ADDRESS);
	}
	if (out)
		*out = fi;
	return 0;
}

/* A block of @len ports (at least 1) at @port, when there is one. */
static unsigned put(struct acpi_io_range *out, unsigned n, unsigned max,
		    uint64_t port, uint64_t len, const char *what)
{
	if (!port || n == max)
		return n;
	out[n] = (struct acpi_io_range){ port, len ? len : 1, what };
	return n + 1;
}

/* An X_ block in I/O space: its bit width says its length (the legacy
 * length field when the width is 0). */
static unsigned put_gas(struct acpi_io_range *out, unsigned n, unsigned max,
			const struct acpi_gas_info *g, uint8_t legacy_len,
			const char *what)
{
	if (g->space != ACPI_GAS_SYSTEM_IO)
		return n;
	return put(out, n, max, g->address,
		   g->bit_width ? (g->bit_width + 7u) / 8u : legacy_len, what);
}

unsigned acpi_fadt_io_ranges(const struct acpi_fadt_info *f,
			     struct acpi_io_range *out, unsigned max)
{
	unsigned n = 0;

	n = put(out, n, max, f->smi_cmd, 1, "the FADT's SMI_CMD port");
	/* the event blocks: status then enable registers, len in all */
	n = put(out, n, max, f->pm1a_evt, f->pm1_evt_len,
		"the FADT's PM1a event block");
	n = put(out, n, max, f->pm1b_evt, f->pm1_evt_len,
		"the FADT's PM1b event block");
	n = put(out, n, max, f->pm1a_cnt, f->pm1_cnt_len,
		"the FADT's PM1a control block (sleep)");
	n = put(out, n, max, f->pm1b_cnt, f->pm1_cnt_len,
		"the FADT's PM1b control block (sleep)");
	n = put(out, n, max, f->pm2_cnt, f->pm2_cnt_len,
		"the FADT's PM2 control block");
	n = put_gas(out, n, max, &f->x_pm1a_evt, f->pm1_evt_len,
		    "the FADT's X_PM1a event block");
	n = put_gas(out, n, max, &f->x_pm1b_evt, f->pm1_evt_len,
		    "the FADT's X_PM1b event block");
	n = put_gas(out, n, max, &f->x_pm1a_cnt, f->pm1_cnt_len,
		    "the FADT's X_PM1a control block (sleep)");
	n = put_gas(out, n, max, &f->x_pm1b_cnt, f->pm1_cnt_len,
		    "the FADT's X_PM1b control block (sleep)");
	n = put_gas(out, n, max, &f->x_pm2_cnt, f->pm2_cnt_len,
		    "the FADT's X_PM2 control block");
	n = put_gas(out, n, max, &f->reset_reg, 1,
		    "the FADT's reset register");
	return n;
}

/* ---- SPCR -------------------------------------------------------------- */

/*
 * Microsoft's "Serial Port Console Redirection Table" specification,
 * table "SPCR Table Format" (revision 4; the first fields read here are
 * in 1).  Revisions 1 and 2 end with 4 reserved bytes at 76, which
 * revision 3 made the UART clock; revision 4 appends the precise baud
 * rate at 80, then the namespace string's length (84) and offset (86).
 */
enum {
	SPCR_INTERFACE_TYPE = 36,
	SPCR_BASE_ADDRESS = 40,		/* a GAS */
	SPCR_BAUD_RATE = 58,		/* a code: acpi_spcr_baud() */
	SPCR_UART_CLOCK = 76,		/* revision 3 */
	SPCR_LEN = 80,
	SPCR_PRECISE_BAUD = 80,		/* revision 4 */
};

int acpi_spcr_parse(const void *tbl, size_t len, struct acpi_spcr_info *out,
		    const char **why)
{
	const uint8_t *t = tbl;
	struct acpi_spcr_info si = { 0 };

	if (acpi_table_check(tbl, len, "SPCR", why))
		return -1;
	if (acpi_table_length(t) < SPCR_LEN)
		return fail(why, "spcr shorter than 80 bytes");
	si.revision = acpi_table_revision(t);
	si.interface_type = t[SPCR_INTERFACE_TYPE];
	si.space_id = t[SPCR_BASE_ADDRESS + GAS_SPACE_ID];
	si.bit_width = t[SPCR_BASE_ADDRESS + GAS_BIT_WIDTH];
	si.access_size = t[SPCR_BASE_ADDRESS + GAS_ACCESS_SIZE];
	si.address = rd64(t + SPCR_BASE_ADDRESS + GAS_ADDRESS);
	si.baud_code = t[SPCR_BAUD_RATE];
	if (si.revision >= 3)
		si.clock_hz = opt32(t, acpi_table_length(t), SPCR_UART_CLOCK);
	if (si.revision >= 4)
		si.precise_baud = opt32(t, acpi_table_length(t),
					SPCR_PRECISE_BAUD);
	if (out)
		*out = si;
	return 0;
}

uint32_t acpi_spcr_baud(uint8_t baud_code)
{
	switch (baud_code) {
	case 3:
		return 9600;
	case 4:
		return 19200;
	case 6:
		return 57600;
	case 7:
		return 115200;
	default:
		return 0;
	}
}

/* GAS access size (1 byte .. 4 qword) in bytes, else the bit width's. */
static unsigned gas_width(const struct acpi_spcr_info *si)
{
	if (si->access_size >= 1 && si->access_size <= 4)
		return 1u << (si->access_size - 1);
	if (si->bit_width == 16 || si->bit_width == 32 || si->bit_width == 64)
		return si->bit_width / 8u;
	return 1;
}

int acpi_spcr_uart(const struct acpi_spcr_info *si, struct acpi_spcr_uart *u,
		   const char **why)
{
	struct acpi_spcr_uart r = { 0 };
	unsigned w, stride;

	if (!si->address)
		return fail(why, "no uart address");
	r.type = si->interface_type;
	r.base = si->address;
	r.clock_hz = si->clock_hz;
	r.baud = si->precise_baud ? si->precise_baud :
		 acpi_spcr_baud(si->baud_code);
	switch (si->interface_type) {
	case ACPI_SPCR_16550:
	case ACPI_SPCR_16450:
	case ACPI_SPCR_16550_GAS:
		r.kind = ACPI_UART_16550;
		if (si->space_id == ACPI_GAS_SYSTEM_IO) {
			/* a port UART is bytes at consecutive ports */
			if (si->address > 0xfff8)
				return fail(why, "uart i/o port beyond 0xfff8");
			r.io = true;
			r.width = r.stride = 1;
			break;
		}
		if (si->space_id != ACPI_GAS_SYSTEM_MEMORY)
			return fail(why, "uart in neither memory nor i/o space");
		w = gas_width(si);
		if (w > 4)
			return fail(why, "uart access width of 8 bytes");
		/* registers as wide apart as the bit width says, at least
		 * one access apart */
		stride = si->bit_width == 16 || si->bit_width == 32 ?
			 si->bit_width / 8u : w;
		r.width = (uint8_t)w;
		r.stride = (uint8_t)(stride < w ? w : stride);
		break;
	case ACPI_SPCR_BCM2835:
		/* the mini-UART: a 16550's registers, 32 bits each, 4 bytes
		 * apart, whatever the GAS says (as Linux drives it) */
		if (si->space_id != ACPI_GAS_SYSTEM_MEMORY)
			return fail(why, "bcm2835 mini-uart not in memory "
				    "space");
		r.kind = ACPI_UART_16550;
		r.mini_uart = true;
		r.width = r.stride = 4;
		break;
	case ACPI_SPCR_PL011:
	case ACPI_SPCR_SBSA_32BIT:
	case ACPI_SPCR_SBSA:
		if (si->space_id != ACPI_GAS_SYSTEM_MEMORY)
			return fail(why, "pl011/sbsa uart not in memory space");
		r.kind = ACPI_UART_PL011;
		r.width = r.stride = 4;
		break;
	default:
		return fail(why, "spcr interface type without a driver here");
	}
	if (u)
		*u = r;
	return 0;
}

/* ---- SPMI -------------------------------------------------------------- */

/* IPMI 2.0 appendix C3, table "SPMI Description Table". */
enum {
	SPMI_INTERFACE_TYPE = 36,
	SPMI_SPEC_REVISION = 38,
	SPMI_BASE_ADDRESS = 48,		/* a GAS */
	SPMI_MIN_LEN = 60,
};

int acpi_spmi_parse(const void *tbl, size_t len, struct acpi_spmi_info *out,
		    const char **why)
{
	const uint8_t *t = tbl;
	struct acpi_spmi_info si = { 0 };

	if (acpi_table_check(tbl, len, "SPMI", why))
		return -1;
	if (acpi_table_length(t) < SPMI_MIN_LEN)
		return fail(why, "spmi shorter than 60 bytes");
	si.interface_type = t[SPMI_INTERFACE_TYPE];
	si.spec_revision = rd16(t + SPMI_SPEC_REVISION);
	si.space_id = t[SPMI_BASE_ADDRESS + GAS_SPACE_ID];
	si.bit_width = t[SPMI_BASE_ADDRESS + GAS_BIT_WIDTH];
	si.address = rd64(t + SPMI_BASE_ADDRESS + GAS_ADDRESS);
	if (out)
		*out = si;
	return 0;
}

unsigned acpi_spmi_pick(const struct acpi_spmi_info *s, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (s[i].interface_type == 1 &&
		    s[i].space_id == ACPI_GAS_SYSTEM_IO)
			return i;
	return 0;
}

const char *acpi_spmi_interface_name(uint8_t type)
{
	switch (type) {
	case 1:
		return "KCS";
	case 2:
		return "SMIC";
	case 3:
		return "BT";
	case 4:
		return "SSIF";
	default:
		return "unknown";
	}
}
