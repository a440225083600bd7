// SPDX-License-Identifier: BSD-2-Clause
/*
 * SMBIOS reader: entry points and the structure table (DSP0134 3.x,
 * 5.2 entry points, 6.1 structure format, 7.1-7.5 types 0-4).
 */
#include <string.h>

#include "fw/smbios.h"
#include "output/utf8.h"

static int fail(const char **why, const char *msg)
{
	if (why)
		*why = msg;
	return -1;
}

static uint32_t rd16(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t rd32(const uint8_t *p)
{
	return rd16(p) | rd16(p + 2) << 16;
}

static uint8_t sum(const uint8_t *p, size_t n)
{
	uint8_t s = 0;

	while (n--)
		s += *p++;
	return s;
}

int smbios_entry(const void *ep, size_t len, uint64_t *table,
		 uint32_t *table_len, struct smbios_id *id, const char **why)
{
	const uint8_t *p = ep;

	if (len >= 24 && !memcmp(p, "_SM3_", 5)) {
		/* 64-bit entry point: length at 6, table size 12, address 16 */
		if (p[6] < 24 || p[6] > len || sum(p, p[6]))
			return fail(why, "smbios 3 entry point: bad length or "
				    "checksum");
		id->major = p[7];
		id->minor = p[8];
		*table_len = rd32(p + 12);
		*table = (uint64_t)rd32(p + 16) | (uint64_t)rd32(p + 20) << 32;
	} else if (len >= 31 && !memcmp(p, "_SM_", 4)) {
		/* 32-bit: the whole, then the "_DMI_" part from 16.  2.1
		 * firmware often says 0x1E (that specification's mistake):
		 * taken, as dmidecode takes it, the checksum over 0x1E */
		if (p[5] < 0x1e || p[5] > len || sum(p, p[5]) ||
		    memcmp(p + 16, "_DMI_", 5) || sum(p + 16, 15))
			return fail(why, "smbios 2 entry point: bad length or "
				    "checksum");
		id->major = p[6];
		id->minor = p[7];
		*table_len = rd16(p + 22);
		*table = rd32(p + 24);
	} else {
		return fail(why, "no smbios entry point anchor");
	}
	if (!*table || !*table_len)
		return fail(why, "smbios entry point names no table");
	return 0;
}

/*
 * String @n (1-based) of the structure whose strings start at @s and run
 * to @end, into @out; empty when 0, absent or past the end.  Printable
 * ASCII and well-formed UTF-8 characters are kept (vendors write
 * "Ünïcode" in UTF-8); every other byte is a '?': controls, and what is
 * not UTF-8 (Latin-1, overlong forms, surrogates, cut sequences).  A
 * character that does not fit whole ends the copy.
 */
static void string_at(const uint8_t *s, const uint8_t *end, unsigned n,
		      char *out)
{
	size_t o = 0;

	out[0] = 0;
	if (!n)
		return;
	while (--n) {
		while (s < end && *s)
			s++;
		if (s >= end || s + 1 >= end || !s[1])
			return;	/* no such string */
		s++;
	}
	while (s < end && *s == ' ')
		s++;	/* vendors pad with blanks, at both ends */
	while (s < end && *s && o + 1 < SMBIOS_STR) {
		size_t u = *s >= 0x80 ? utf8_char(s, end, NULL) : 0;

		if (u) {
			if (o + u >= SMBIOS_STR)
				break;
			memcpy(out + o, s, u);
			o += u;
			s += u;
			continue;
		}
		out[o++] = *s >= 0x20 && *s < 0x7f ? (char)*s : '?';
		s++;
	}
	while (o && out[o - 1] == ' ')
		o--;
	out[o] = 0;
}

/* A formatted-area byte at @off, or 0 past the structure's length. */
static unsigned byte_at(const uint8_t *h, unsigned off)
{
	return off < h[1] ? h[off] : 0;
}

static void one(const uint8_t *h, const uint8_t *strs, const uint8_t *end,
		struct smbios_id *id)
{
	switch (h[0]) {
	case 0:
		string_at(strs, end, byte_at(h, 4), id->bios_vendor);
		string_at(strs, end, byte_at(h, 5), id->bios_version);
		string_at(strs, end, byte_at(h, 8), id->bios_date);
		break;
	case 1:
		string_at(strs, end, byte_at(h, 4), id->sys_vendor);
		string_at(strs, end, byte_at(h, 5), id->product);
		break;
	case 2:
		string_at(strs, end, byte_at(h, 4), id->board_vendor);
		string_at(strs, end, byte_at(h, 5), id->board);
		break;
	case 4:
		if (id->cpu_version[0] || id->cpu_mhz)
			break;	/* the first socket's */
		string_at(strs, end, byte_at(h, 0x10), id->cpu_version);
		if (h[1] >= 0x18)
			id->cpu_mhz = rd16(h + 0x16);
		break;
	}
}

/*
 * Each whole structure of the @len bytes at @t, in order, to @fn(@h,
 * its strings, their end, @arg): stops after the end-of-table structure
 * or at the first that does not fit.  The number of whole structures.
 */
static unsigned walk(const void *t, size_t len,
		     void (*fn)(const uint8_t *h, const uint8_t *strs,
				const uint8_t *end, void *arg), void *arg)
{
	const uint8_t *p = t, *end = p + len;
	unsigned whole = 0;

	while (end - p >= 4) {
		const uint8_t *strs, *s;

		if (p[1] < 4 || p[1] > end - p)
			break;
		/* the string set ends with two NULs */
		strs = p + p[1];
		for (s = strs; s + 1 < end && (s[0] || s[1]); s++)
			;
		if (s + 1 >= end)
			break;
		fn(p, strs, s + 1, arg);
		whole++;
		if (p[0] == 127)
			break;
		p = s + 2;
	}
	return whole;
}

static void one_id(const uint8_t *h, const uint8_t *strs, const uint8_t *end,
		   void *arg)
{
	one(h, strs, end, arg);
}

int smbios_parse(const void *t, size_t len, struct smbios_id *id,
		 const char **why)
{
	return walk(t, len, one_id, id) ? 0 :
	       fail(why, "smbios table: no whole structure");
}

/* ---- type 38, IPMI Device Information (DSP0134 7.39) -------------------- */

enum {
	IPMI_INTERFACE = 0x04,
	IPMI_BASE = 0x08,		/* QWORD; bit 0: 1 = I/O space */
	IPMI_MODIFIER = 0x10,		/* 7:6 spacing, 4 address bit 0 */
	IPMI_MIN_LEN = 0x10,
};

struct ipmi_found {
	struct smbios_ipmi *out;
	unsigned max, n;
};

static void one_ipmi(const uint8_t *h, const uint8_t *strs,
		     const uint8_t *end, void *arg)
{
	static const uint8_t spacing[4] = { 1, 4, 16, 0 };
	struct ipmi_found *f = arg;
	struct smbios_ipmi *d;
	uint64_t base;

	(void)strs, (void)end;
	if (h[0] != 38 || h[1] < IPMI_MIN_LEN || f->n == f->max)
		return;
	d = &f->out[f->n++];
	base = (uint64_t)rd32(h + IPMI_BASE) |
	       (uint64_t)rd32(h + IPMI_BASE + 4) << 32;
	*d = (struct smbios_ipmi){ .interface_type = h[IPMI_INTERFACE] };
	d->io = base & 1;
	d->address = base & ~1ull;
	if (h[1] > IPMI_MODIFIER) {
		uint8_t mod = h[IPMI_MODIFIER];

		d->address |= (mod >> 4) & 1;
		d->spacing = spacing[mod >> 6];
	}
}

unsigned smbios_ipmi_find(const void *t, size_t len, struct smbios_ipmi *out,
			  unsigned max)
{
	struct ipmi_found f = { out, max, 0 };

	walk(t, len, one_ipmi, &f);
	return f.n;
}
