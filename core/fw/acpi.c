/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ACPI table header, RSDP and RSDT/XSDT, and the subtable walk the
 * table parsers share.  See acpi.h for the contract.  Layouts follow the
 * ACPI specification (6.5).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/acpi.h"
#include "fw/acpi_parse.h"

/* ACPI 6.5 table "DESCRIPTION_HEADER Fields", shared by every table. */
enum {
	HDR_LENGTH = 4,
	HDR_REVISION = 8,
};

/* ACPI 6.5 table "RSDP Structure". */
enum {
	RSDP_OEMID = 9,		/* 6 bytes */
	RSDP_REVISION = 15,
	RSDP_RSDT = 16,		/* RsdtAddress, 32 bits */
	RSDP_V1_LEN = 20,	/* ACPI 1.0 ends here; its checksum covers it */
	RSDP_LENGTH = 20,	/* Length, revision 2 and later */
	RSDP_XSDT = 24,		/* XsdtAddress, 64 bits */
	RSDP_V2_LEN = 36,
};

uint8_t acpi_checksum(const void *p, size_t n)
{
	const uint8_t *b = p;
	uint8_t sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum = (uint8_t)(sum + b[i]);
	return sum;
}

uint32_t acpi_table_length(const void *hdr36)
{
	return rd32((const uint8_t *)hdr36 + HDR_LENGTH);
}

uint8_t acpi_table_revision(const void *hdr36)
{
	return ((const uint8_t *)hdr36)[HDR_REVISION];
}

void acpi_table_sig(const void *hdr36, char out[5])
{
	const uint8_t *h = hdr36;
	int i;

	for (i = 0; i < 4; i++)
		out[i] = (char)h[i];
	out[4] = '\0';
}

bool acpi_sig_is(const void *hdr36, const char *sig)
{
	const uint8_t *h = hdr36;
	int i;

	/* Stop at a short sig's NUL: it never equals a 4-byte field. */
	for (i = 0; i < 4; i++)
		if (sig[i] == '\0' || h[i] != (uint8_t)sig[i])
			return false;
	return true;
}

int acpi_table_check(const void *tbl, size_t avail, const char *sig,
		     const char **why)
{
	uint32_t len;

	if (!tbl)
		return fail(why, "null table");
	if (avail < ACPI_HDR_LEN)
		return fail(why, "fewer than 36 bytes available");
	if (sig && !acpi_sig_is(tbl, sig))
		return fail(why, "bad signature");
	len = acpi_table_length(tbl);
	if (len < ACPI_HDR_LEN)
		return fail(why, "length shorter than header");
	if (len > avail)
		return fail(why, "length beyond available bytes");
	if (acpi_checksum(tbl, len) != 0)
		return fail(why, "bad checksum");
	return 0;
}

/* ---- subtable lists (see acpi_parse.h) -------------------------------- */

const uint8_t *acpi_sub_next(const uint8_t *t, uint32_t tlen, size_t *off,
			     acpi_warn_fn warn, void *arg, const char *table)
{
	const uint8_t *e = t + *off;

	if (*off >= tlen)
		return NULL;
	if (tlen - *off < 2) {
		warn_if(warn, arg, table, "truncated trailing entry");
		return NULL;
	}
	if (e[1] < 2) {
		warn_if(warn, arg, table, "zero-length entry, rest ignored");
		return NULL;
	}
	if (e[1] > tlen - *off) {
		warn_if(warn, arg, table, "entry runs past table end");
		return NULL;
	}
	*off += e[1];
	return e;
}

/* ---- RSDP -------------------------------------------------------------- */

int acpi_rsdp_parse(const void *p, size_t avail, struct acpi_rsdp_info *out,
		    const char **why)
{
	static const char rsdp_sig[8] = "RSD PTR ";
	const uint8_t *r = p;
	struct acpi_rsdp_info ri = { 0 };
	uint32_t len;
	int i;

	if (!r)
		return fail(why, "null rsdp");
	if (avail < RSDP_V1_LEN)
		return fail(why, "rsdp truncated");
	for (i = 0; i < 8; i++)
		if (r[i] != (uint8_t)rsdp_sig[i])
			return fail(why, "bad rsdp signature");
	if (acpi_checksum(r, RSDP_V1_LEN) != 0)
		return fail(why, "bad rsdp checksum");

	ri.revision = r[RSDP_REVISION];
	ri.rsdt = rd32(r + RSDP_RSDT);
	ri.length = RSDP_V1_LEN;
	for (i = 0; i < 6; i++) {
		uint8_t c = r[RSDP_OEMID + i];

		/* It ends up on a console: keep it printable. */
		ri.oem_id[i] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	ri.oem_id[6] = '\0';

	/* Revision 0 is ACPI 1.0; 2 and later carry the XSDT fields. */
	if (ri.revision >= 2) {
		if (avail < RSDP_V2_LEN)
			return fail(why, "rsdp v2 truncated");
		len = rd32(r + RSDP_LENGTH);
		if (len < RSDP_V2_LEN)
			return fail(why, "rsdp length below 36");
		if (len > avail)
			return fail(why, "rsdp length beyond available bytes");
		if (acpi_checksum(r, len) != 0)
			return fail(why, "bad rsdp extended checksum");
		ri.length = len;
		ri.xsdt = rd64(r + RSDP_XSDT);
	}
	if (out)
		*out = ri;
	return 0;
}

/* ---- RSDT / XSDT ------------------------------------------------------- */

/* Entry size of a checked root table: 4 (RSDT), 8 (XSDT), 0 (neither). */
static size_t root_entry_size(const uint8_t *t)
{
	if (acpi_sig_is(t, "RSDT"))
		return 4;
	if (acpi_sig_is(t, "XSDT"))
		return 8;
	return 0;
}

int acpi_root_entries(const void *tbl, size_t len, uint64_t *addrs,
		      size_t max, size_t *n, const char **why)
{
	const uint8_t *t = tbl;
	size_t esz, off, cnt = 0;
	uint32_t tlen;

	if (n)
		*n = 0;
	if (acpi_table_check(tbl, len, NULL, why))
		return -1;
	esz = root_entry_size(t);
	if (!esz)
		return fail(why, "not an rsdt or xsdt");
	if (max && !addrs)
		return fail(why, "null output array");

	tlen = acpi_table_length(t);
	/* A trailing partial entry fails fits() and is ignored. */
	for (off = ACPI_HDR_LEN; fits(tlen, off, esz) && cnt < max;
	     off += esz) {
		uint64_t a = esz == 4 ? rd32(t + off) : rd64(t + off);

		if (a)
			addrs[cnt++] = a;
	}
	if (n)
		*n = cnt;
	return 0;
}

const void *acpi_root_find(const void *root, size_t rlen, const char *sig,
			   acpi_map_fn map, void *arg, size_t *pos,
			   size_t *len)
{
	const uint8_t *t = root;
	size_t esz, i;
	uint32_t tlen;

	if (!map || !pos || !len || acpi_table_check(root, rlen, NULL, NULL))
		return NULL;
	esz = root_entry_size(t);
	if (!esz)
		return NULL;
	tlen = acpi_table_length(t);
	/* Entry i sits at 36 + i * esz; a trailing partial entry is not one. */
	for (i = *pos; i < (tlen - ACPI_HDR_LEN) / esz; i++) {
		size_t off = ACPI_HDR_LEN + i * esz;
		uint64_t a = esz == 4 ? rd32(t + off) : rd64(t + off);
		const void *p;
		size_t l = 0;

		if (!a || !(p = map(arg, a, sig, &l)) || l < ACPI_HDR_LEN)
			continue;
		if (sig && !acpi_sig_is(p, sig))
			continue;
		*pos = i + 1;
		*len = l;
		return p;
	}
	*pos = i;
	return NULL;
}
