/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bounds-checked parsers of ACPI tables: pure functions over bytes.
 *
 * The caller maps or copies a table and passes its address with the number
 * of bytes it may read ("avail" / "len").  Nothing here dereferences a
 * physical address found inside a table: the root table and the RSDP only
 * hand addresses back.  Firmware data is treated as hostile: every read is
 * checked against both the caller's byte count and the table's own length
 * field, checksums are verified, and entry lengths are validated so that a
 * zero or oversized length ends the walk instead of looping or overrunning.
 *
 * Conventions: functions return 0 on success and a negative value on
 * failure, setting *why (when why is not NULL) to a short static string.
 * Per-entry problems that do not invalidate the table are reported through
 * an optional warning callback and parsing goes on.  No allocation, no
 * global state: output arrays come from the caller with their capacity.
 *
 * This header has the conventions, the table header, the RSDP and the
 * root tables; each table has its own: acpi_madt.h, acpi_numa.h (SRAT,
 * SLIT), acpi_pptt.h, acpi_platform.h (FADT, SPCR).
 */
#ifndef SBM_CORE_ACPI_H
#define SBM_CORE_ACPI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ACPI_HDR_LEN		36u

/*
 * Warning callback: table is the 4-character signature ("APIC", "SRAT"),
 * msg a short static string.  Both stay valid forever.
 */
typedef void (*acpi_warn_fn)(void *arg, const char *table, const char *msg);

/* ---- generic header ---------------------------------------------------- */

/*
 * Validate a table header: avail >= 36, signature (when sig is not NULL,
 * exactly 4 characters), 36 <= length <= avail, and a zero byte sum over
 * length bytes.
 */
int acpi_table_check(const void *tbl, size_t avail, const char *sig,
		     const char **why);

/* Length field of a header; hdr36 must have 36 readable bytes. */
uint32_t acpi_table_length(const void *hdr36);

/* Revision byte (offset 8) of a header. */
uint8_t acpi_table_revision(const void *hdr36);

/* Copy the 4-byte signature into out and NUL-terminate it. */
void acpi_table_sig(const void *hdr36, char out[5]);

/* True when the header's signature is the 4 characters of sig. */
bool acpi_sig_is(const void *hdr36, const char *sig);

/* Byte sum of n bytes: 0 for a correctly checksummed region. */
uint8_t acpi_checksum(const void *p, size_t n);

/* ---- RSDP -------------------------------------------------------------- */

struct acpi_rsdp_info {
	uint8_t revision;
	uint64_t rsdt;		/* 32-bit RSDT address, zero-extended */
	uint64_t xsdt;		/* 0 when revision < 2 */
	char oem_id[7];		/* non-printable bytes replaced by '?' */
	uint32_t length;	/* 20 for revision < 2 */
};

/*
 * "RSD PTR " signature and the 20-byte checksum; for revision >= 2 also
 * the length field (36 <= length <= avail) and the extended checksum.
 */
int acpi_rsdp_parse(const void *p, size_t avail, struct acpi_rsdp_info *out,
		    const char **why);

/* ---- RSDT / XSDT ------------------------------------------------------- */

/*
 * Entries of the root table, chosen by signature: RSDT (32-bit) or XSDT
 * (64-bit).  A trailing partial entry is ignored, as are null entries.
 * At most max addresses are stored; *n is the number stored, so size
 * addrs generously (entries past max are dropped), or look tables up with
 * acpi_root_find(), which has no such limit.
 */
int acpi_root_entries(const void *tbl, size_t len, uint64_t *addrs,
		      size_t max, size_t *n, const char **why);

/*
 * Turns the physical address of a root entry into a readable, checked
 * table of signature sig (any when sig is NULL) and sets *len; NULL skips
 * the entry (bad table or another signature).  The caller's mapping is
 * the only place an address from a table is dereferenced.
 */
typedef const void *(*acpi_map_fn)(void *arg, uint64_t addr, const char *sig,
				   size_t *len);

/*
 * Lookup by signature over every entry of the root table, however many
 * there are (servers list more than 64): from entry *pos on, the first
 * table that map() returns and whose signature is sig (any when NULL).
 * Sets *len and *pos (the entry after it, to go on from); NULL when no
 * entry is left or the root table is bad.
 */
const void *acpi_root_find(const void *root, size_t rlen, const char *sig,
			   acpi_map_fn map, void *arg, size_t *pos,
			   size_t *len);

#endif
