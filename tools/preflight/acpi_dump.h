/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A machine's ACPI tables as bytes, from wherever a user has them: the
 * text that acpidump prints (a hex dump per table, "SIG @ 0xADDR" above
 * each; a file a user can mail), or a directory of binary tables
 * (/sys/firmware/acpi/tables, or what "acpidump -b" writes).  Everything
 * read is hostile: a malformed dump is refused with the line that is
 * wrong, never half-trusted.  What the tables say is for the image's own
 * decoders (core/fw/acpi*.c) to check; this only delivers their bytes.
 */
#ifndef SBM_TOOLS_ACPI_DUMP_H
#define SBM_TOOLS_ACPI_DUMP_H

#include <stddef.h>
#include <stdint.h>

#define ACPI_DUMP_MAX_TABLES	512
#define ACPI_DUMP_MAX_LEN	(4u << 20)	/* as the image: more is noise */

struct acpi_dump_table {
	char sig[5];		/* as the dump or the table's header names it */
	uint8_t *data;
	size_t len;
};

struct acpi_dump {
	struct acpi_dump_table t[ACPI_DUMP_MAX_TABLES];
	size_t n;
};

/*
 * The tables of acpidump's text @text (@len bytes, no terminator needed)
 * into @d (empty before, acpi_dump_free() after, also on failure).  Lines
 * other than a table's header and its hex lines are ignored (a mail's
 * text around a dump); a hex line must continue its table at the offset
 * it states.  0, or -1 with a message naming the line in @err.
 */
int acpi_dump_parse_text(const char *text, size_t len, struct acpi_dump *d,
			 char *err, size_t errlen);

/* Append a binary table (copied); -1 with @err when full. */
int acpi_dump_add(struct acpi_dump *d, const char *sig, const uint8_t *data,
		  size_t len, char *err, size_t errlen);

/* The @k-th table (from 0) with signature @sig, or NULL. */
const struct acpi_dump_table *acpi_dump_find(const struct acpi_dump *d,
					     const char *sig, unsigned k);

void acpi_dump_free(struct acpi_dump *d);

#endif
