/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One ACPI table as acpidump prints it: "SIG @ 0xADDR", then lines of
 * "    OFFS: HH HH ... HH  text" (16 bytes a line, '.' for what is not
 * printable ASCII), then an empty line.  The image prints the tables it
 * reads this way (option acpidump=1), so that tools/preflight --from
 * reads exactly the bytes the image read.
 */
#ifndef SBM_CORE_ACPI_TEXT_H
#define SBM_CORE_ACPI_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* Longest line acpi_text_dump() hands @out, terminator included. */
#define ACPI_TEXT_LINE	96

/* Every line of @tbl (@len bytes, signature @sig) to @out, each ending
 * in '\n' and NUL-terminated. */
void acpi_text_dump(const char sig[4], uint64_t addr, const void *tbl,
		    size_t len, void (*out)(void *arg, const char *line),
		    void *arg);

#endif
