/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the ACPI table parsers (core/fw/acpi*.c) share; callers use acpi.h
 * and the per-table headers instead.
 *
 * Every parser first runs acpi_table_check(), after which the table's own
 * length (tlen) is known to be <= the caller's byte count; all reads are
 * then checked against tlen.  Offsets are kept in size_t or uint32_t and
 * compared by subtraction (tlen - off) so that no sum can wrap.
 */
#ifndef SBM_CORE_ACPI_PARSE_H
#define SBM_CORE_ACPI_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>


/* Tables are unaligned and little-endian: byte loads only. */
static inline uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] | (uint16_t)p[1] << 8);
}

static inline uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline uint64_t rd64(const uint8_t *p)
{
	return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

/* Does [off, off + size) lie inside a region of len bytes? */
static inline bool fits(size_t len, size_t off, size_t size)
{
	return off <= len && size <= len - off;
}

static inline int fail(const char **why, const char *msg)
{
	if (why)
		*why = msg;
	return -1;
}

static inline void warn_if(acpi_warn_fn warn, void *arg,
			   const char *table, const char *msg)
{
	if (warn)
		warn(arg, table, msg);
}

/*
 * Step over one subtable (type, length, body) of the list that runs to
 * tlen.  Returns the entry and advances *off, or NULL at the end of the
 * list.  A length that cannot advance the walk (0 or 1), one that runs past
 * the table, or a stray trailing byte ends the list with a warning.
 */
const uint8_t *acpi_sub_next(const uint8_t *t, uint32_t tlen, size_t *off,
			     acpi_warn_fn warn, void *arg, const char *table);

#endif
