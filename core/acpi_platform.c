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
	FADT_PM_TMR_BLK = 76,
	FADT_PM_TMR_LEN = 91,
	FADT_FLAGS = 112,
	FADT_ARM_BOOT_ARCH = 129,	/* ACPI 5.1+ */
	FADT_MINOR_REVISION = 131,	/* ACPI 5.1+ */
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
	/* X_PM_TMR_BLK: take the GAS only when wholly present. */
	if (fits(tlen, FADT_X_PM_TMR_BLK, GAS_LEN)) {
		fi.x_pm_tmr_space = t[FADT_X_PM_TMR_BLK + GAS_SPACE_ID];
		fi.x_pm_tmr_addr = rd64(t + FADT_X_PM_TMR_BLK + GAS_ADDRESS);
	}
	if (out)
		*out = fi;
	return 0;
}

/* ---- SPCR -------------------------------------------------------------- */

/*
 * Microsoft's "Serial Port Console Redirection Table" specification,
 * table "SPCR Table Format" (revision 2; the fields read here are in 1).
 */
enum {
	SPCR_INTERFACE_TYPE = 36,
	SPCR_BASE_ADDRESS = 40,		/* a GAS */
	SPCR_BAUD_RATE = 58,		/* a code: acpi_spcr_baud() */
	SPCR_LEN = 80,
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
