/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FADT (PM timer, hardware-reduced, arm boot flags) and SPCR (the
 * firmware's console).  See acpi_platform.h.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acpi.h"
#include "acpi_parse.h"
#include "acpi_platform.h"

/* ---- FADT -------------------------------------------------------------- */

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

int acpi_fadt_parse(const void *tbl, size_t len, struct acpi_fadt_info *out,
		    const char **why)
{
	const uint8_t *t = tbl;
	struct acpi_fadt_info fi = { 0 };
	uint32_t tlen;

	if (acpi_table_check(tbl, len, "FACP", why))
		return -1;
	tlen = acpi_table_length(t);

	fi.revision = t[8];
	fi.pm_tmr_blk = opt32(t, tlen, 76);
	fi.pm_tmr_len = opt8(t, tlen, 91);
	fi.flags = opt32(t, tlen, 112);
	fi.tmr_val_ext = (fi.flags & ACPI_FADT_TMR_VAL_EXT) != 0;
	fi.hw_reduced = (fi.flags & ACPI_FADT_HW_REDUCED) != 0;
	fi.arm_boot_arch = opt16(t, tlen, 129);
	fi.minor_revision = opt8(t, tlen, 131);
	/* X_PM_TMR_BLK: a 12-byte GAS; take it only when wholly present. */
	if (fits(tlen, 208, 12)) {
		fi.x_pm_tmr_space = t[208];
		fi.x_pm_tmr_addr = rd64(t + 212);
	}
	if (out)
		*out = fi;
	return 0;
}

/* ---- SPCR -------------------------------------------------------------- */

int acpi_spcr_parse(const void *tbl, size_t len, struct acpi_spcr_info *out,
		    const char **why)
{
	const uint8_t *t = tbl;
	struct acpi_spcr_info si = { 0 };

	if (acpi_table_check(tbl, len, "SPCR", why))
		return -1;
	if (acpi_table_length(t) < 80)
		return fail(why, "spcr shorter than 80 bytes");
	si.revision = t[8];
	si.interface_type = t[36];
	si.space_id = t[40];
	si.bit_width = t[41];
	si.access_size = t[43];
	si.address = rd64(t + 44);
	si.baud_code = t[58];
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
