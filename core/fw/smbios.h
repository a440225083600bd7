/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine's name from SMBIOS (DMTF DSP0134): BIOS vendor, version and
 * date (type 0), system maker and product (type 1), board maker and
 * product (type 2), the first processor's version string and current
 * speed (type 4); the IPMI device (type 38) for its register spacing.
 * Serial numbers and UUIDs are never read: a result is shared in public.
 * Bounds-checked over the bytes the firmware gave; a
 * bad entry point or table is reported, a bad structure ends the walk.
 */
#ifndef SBM_CORE_SMBIOS_H
#define SBM_CORE_SMBIOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "machine.h"	/* struct smbios_id: what is read into */

/*
 * An entry point ("_SM3_" 64-bit, else "_SM_" 32-bit) in the @len bytes
 * at @ep: checksums and lengths checked; the structure table's address
 * and (maximum) size into *@table and *@table_len, its version into @id.
 * 0, or -1 with *why.
 */
int smbios_entry(const void *ep, size_t len, uint64_t *table,
		 uint32_t *table_len, struct smbios_id *id, const char **why);

/*
 * The structures in the @len bytes at @t into @id (fields left empty when
 * absent); strings are copied printable ASCII only, '?' for other bytes,
 * blanks at the ends dropped.  Stops at the end-of-table structure or
 * the first structure that does not fit.  0, or -1 with *why when not
 * one structure was whole (what was read is kept).
 */
int smbios_parse(const void *t, size_t len, struct smbios_id *id,
		 const char **why);

/* An IPMI device as SMBIOS type 38 (DSP0134 7.39) describes it. */
struct smbios_ipmi {
	uint8_t interface_type;	/* 1 KCS, 2 SMIC, 3 BT, 4 SSIF */
	bool io;		/* the base address is in I/O space */
	uint64_t address;	/* with the modifier's address bit 0 */
	/* bytes from one register to the next: 1, 4 or 16; 0 when the
	 * structure has no modifier byte or says "reserved" */
	uint8_t spacing;
};

#define SMBIOS_IPMI_MAX	4

/*
 * Every type 38 structure (at least 0x10 bytes) in the @len bytes at
 * @t, in table order, into @out: the number written, at most @max.
 */
unsigned smbios_ipmi_find(const void *t, size_t len, struct smbios_ipmi *out,
			  unsigned max);

#endif
