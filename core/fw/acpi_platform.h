/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FADT and SPCR parsers: PM timer, boot flags, the firmware's console.
 * Conventions as in acpi.h.
 */
#ifndef SBM_CORE_ACPI_PLATFORM_H
#define SBM_CORE_ACPI_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/acpi.h"

/* ---- FADT -------------------------------------------------------------- */

#define ACPI_FADT_TMR_VAL_EXT	(1u << 8)
#define ACPI_FADT_HW_REDUCED	(1u << 20)

#define ACPI_ARM_PSCI_COMPLIANT	1u
#define ACPI_ARM_PSCI_USE_HVC	2u

#define ACPI_GAS_SYSTEM_MEMORY	0u
#define ACPI_GAS_SYSTEM_IO	1u

struct acpi_fadt_info {
	uint32_t pm_tmr_blk;
	uint8_t pm_tmr_len;
	bool tmr_val_ext;	/* 32-bit PM timer */
	uint64_t x_pm_tmr_addr;
	uint8_t x_pm_tmr_space;
	uint16_t arm_boot_arch;	/* ACPI_ARM_PSCI_* */
	uint32_t flags;
	bool hw_reduced;
	uint8_t revision;	/* header revision (major version) */
	uint8_t minor_revision;	/* offset 131, ACPI 5.1+ */
	/* Ports whose writes enter SMM, change sleep state or reset */
	uint32_t smi_cmd;
	uint32_t pm1a_evt, pm1b_evt, pm1a_cnt, pm1b_cnt, pm2_cnt;
	uint8_t pm1_evt_len, pm1_cnt_len, pm2_cnt_len;
	struct acpi_gas_info {
		uint8_t space, bit_width;
		uint64_t address;
	} reset_reg, x_pm1a_evt, x_pm1b_evt, x_pm1a_cnt, x_pm1b_cnt, x_pm2_cnt;
};

/*
 * Fields that lie (wholly or partly) past the table's length read as 0:
 * an old short FADT is valid.
 */
int acpi_fadt_parse(const void *tbl, size_t len, struct acpi_fadt_info *out,
		    const char **why);

/* A range of I/O ports the FADT names, and which field names it. */
struct acpi_io_range {
	uint64_t first, n;
	const char *what;	/* "the FADT's SMI_CMD", ... */
};

#define ACPI_FADT_IO_RANGES	12

/*
 * The I/O ports of @f that no other device's driver may write: SMI_CMD,
 * the PM1a/PM1b event and control blocks and PM2 control (legacy and X_
 * forms, both when both are given), the reset register when in I/O
 * space.  Fields of 0 are absent.  The number written to @out (at most
 * @max; ACPI_FADT_IO_RANGES holds all).
 */
unsigned acpi_fadt_io_ranges(const struct acpi_fadt_info *f,
			     struct acpi_io_range *out, unsigned max);

/* ---- SPCR -------------------------------------------------------------- */

#define ACPI_SPCR_16550		0x00u
#define ACPI_SPCR_16450		0x01u
#define ACPI_SPCR_PL011		0x03u
#define ACPI_SPCR_SBSA_32BIT	0x0du
#define ACPI_SPCR_SBSA		0x0eu
#define ACPI_SPCR_BCM2835	0x10u
#define ACPI_SPCR_16550_GAS	0x12u

struct acpi_spcr_info {
	uint8_t interface_type;
	uint8_t space_id;	/* ACPI_GAS_* */
	uint8_t bit_width;
	uint64_t address;
	uint8_t baud_code;	/* see acpi_spcr_baud() */
	uint8_t access_size;	/* GAS access size: 1 byte .. 4 qword, 0 any */
	uint8_t revision;
	uint32_t clock_hz;	/* UART clock, revision 3+; 0 unknown */
	uint32_t precise_baud;	/* revision 4+; 0: use baud_code */
};

/* ---- the console SPCR describes ---------------------------------------- */

enum acpi_uart_kind {
	/* types 0 (16550), 1 (16450), 0x12 (GAS), 0x10 (BCM2835 mini) */
	ACPI_UART_16550,
	ACPI_UART_PL011,	/* types 3 (PL011), 0x0d, 0x0e (SBSA) */
};

struct acpi_spcr_uart {
	enum acpi_uart_kind kind;
	uint8_t type;		/* the SPCR interface type */
	bool io;		/* I/O ports, else MMIO */
	bool mini_uart;		/* BCM2835 mini-UART: its own divisor rule */
	uint64_t base;
	uint8_t width;		/* bytes per register access: 1, 2, 4 */
	uint8_t stride;		/* bytes from one register to the next */
	/* 0: "as configured": the UART is not to be reprogrammed at all */
	uint32_t baud;
	uint32_t clock_hz;	/* 0: unknown */
};

/*
 * The UART a parsed SPCR names, for a driver: the access width from the
 * GAS access size (else its bit width), the register stride from the GAS
 * bit width (at least the access width); I/O-port 16550s are byte-wide
 * and byte-spaced, PL011, SBSA and BCM2835 mini-UARTs 32-bit MMIO 4 bytes
 * apart.  The rate: SPCR 4's precise baud rate, else the baud code; 0
 * ("as configured") leaves the UART exactly as the firmware set it.  -1
 * with *why for an interface type no driver here has, an address space
 * it cannot be in, no address or an access width of 8 bytes.
 */
int acpi_spcr_uart(const struct acpi_spcr_info *si, struct acpi_spcr_uart *u,
		   const char **why);

/* The 80-byte SPCR body is required. */
int acpi_spcr_parse(const void *tbl, size_t len, struct acpi_spcr_info *out,
		    const char **why);

/* Baud rate for a SPCR baud code; 0 when "as configured" or reserved. */
uint32_t acpi_spcr_baud(uint8_t baud_code);

/* ---- SPMI (IPMI's "Service Processor Management Interface" table) ----- */

struct acpi_spmi_info {
	uint8_t interface_type;	/* 1 KCS, 2 SMIC, 3 BT, 4 SSIF */
	uint16_t spec_revision;	/* BCD: 0x0200 is IPMI 2.0 */
	uint8_t space_id;	/* of the interface's base address */
	uint8_t bit_width;	/* the GAS's: Linux reads the register
				 * spacing from it (bit width / 8) */
	uint64_t address;
};

/* A BMC's table: the fields through the base address (60 bytes). */
int acpi_spmi_parse(const void *tbl, size_t len, struct acpi_spmi_info *out,
		    const char **why);

/* Of @n SPMI tables (n >= 1), the index of the one to use: the first
 * KCS interface on I/O ports, else the first. */
unsigned acpi_spmi_pick(const struct acpi_spmi_info *s, unsigned n);

/* "KCS", "SMIC", "BT", "SSIF", else "unknown". */
const char *acpi_spmi_interface_name(uint8_t type);

#endif
