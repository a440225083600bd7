// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests for core/fw/smbios.c.  A small SMBIOS 3 image (entry point and
 * types 0, 1, 2, 4, 38, 127) is built here; tests/smbios.sh has dmidecode,
 * an independent decoder, read the same bytes (--from-dump) and compares
 * its strings with ours, so the offsets are checked against a tool that
 * implements DSP0134, not against our own constants.  Also: every
 * truncation of the table and of the entry point, bad checksums, string
 * indexes past the set, blanks and control bytes in strings, UTF-8 kept
 * where it is well formed and '?' for every byte of what is not.
 *
 *   test_smbios              the checks
 *   test_smbios --dump FILE  write the image as dmidecode --dump-bin does
 *   test_smbios --dump21 FILE  the same behind a 2.1 entry point of 0x1E
 *                            (entry point at 0, table at 0x20) and print
 *                            what smbios_parse() read, one "key=value" a line
 */
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fw/smbios.h"

static uint8_t table[512];
static size_t tlen;

/* A structure: @fmt formatted bytes (type, length filled in), strings. */
static unsigned nstructs;

static void add(uint8_t type, const uint8_t *fmt, uint8_t flen,
		const char *const *strs, unsigned n)
{
	uint8_t *p = table + tlen;

	nstructs++;
	memcpy(p, fmt, flen);
	p[0] = type;
	p[1] = flen;
	p[2] = (uint8_t)tlen;	/* handle */
	p[3] = 0;
	tlen += flen;
	for (unsigned i = 0; i < n; i++) {
		memcpy(table + tlen, strs[i], strlen(strs[i]) + 1);
		tlen += strlen(strs[i]) + 1;
	}
	if (!n)
		table[tlen++] = 0;
	table[tlen++] = 0;
}

/* A type 38 body: KCS, IPMI 2.0, base address field @base, modifier
 * byte @mod (DSP0134 7.39). */
static uint8_t *ipmi38(uint8_t t[0x12], uint64_t base, uint8_t mod)
{
	memset(t, 0, 0x12);
	t[4] = 1, t[5] = 0x20, t[6] = 0x20, t[7] = 0xff;
	for (int i = 0; i < 8; i++)
		t[8 + i] = (uint8_t)(base >> (8 * i));
	t[0x10] = mod;
	return t;
}

static void build(void)
{
	uint8_t t38[0x12];
	uint8_t t0[0x18] = { 0 }, t1[0x1b] = { 0 }, t2[0x0f] = { 0 };
	uint8_t t4[0x30] = { 0 }, end[4] = { 0 };
	const char *s0[] = { "  Acme Firmware Inc. ", "1.2.3\x01x", "12/01/2026" };
	/* UTF-8 kept; a Latin-1 byte (no UTF-8) is a '?' */
	const char *s1[] = { "Acme", "Server\xa0" "9000", "v2", "SERIAL-SECRET" };
	const char *s2[] = { "\xc3\x9cn\xc3\xaf" "code Boards \xe2\x82\xac",
			     "MB-42" };
	const char *s4[] = { "CPU0", "Acme Semi", "Acme(R) Core(TM) 7 @ 3.10GHz" };

	tlen = 0;
	t0[4] = 1, t0[5] = 2, t0[8] = 3;		/* vendor, version, date */
	add(0, t0, sizeof(t0), s0, 3);
	t1[4] = 1, t1[5] = 2, t1[6] = 3, t1[7] = 4;	/* maker .. serial */
	add(1, t1, sizeof(t1), s1, 4);
	t2[4] = 1, t2[5] = 2, t2[6] = 9;		/* version past the set */
	add(2, t2, sizeof(t2), s2, 2);
	t4[4] = 1, t4[7] = 2, t4[0x10] = 3;		/* socket, maker, version */
	t4[0x16] = 3100 & 0xff, t4[0x17] = 3100 >> 8;	/* current speed */
	add(4, t4, sizeof(t4), s4, 3);
	t4[0x10] = 0, t4[0x16] = 0x10;			/* a second socket */
	add(4, t4, sizeof(t4), NULL, 0);
	/* IPMI devices (type 38, 18 bytes): Dell's KCS at I/O 0xca8 with
	 * 32-bit spacing, HP's at 0xca2 byte-spaced, one at 0xca3 (address
	 * bit 0 from the modifier) 16-byte spaced; base bit 0 = I/O */
	add(38, ipmi38(t38, 0xca9, 0x40), sizeof(t38), NULL, 0);
	add(38, ipmi38(t38, 0xca3, 0x00), sizeof(t38), NULL, 0);
	add(38, ipmi38(t38, 0xca3, 0x90), sizeof(t38), NULL, 0);
	add(127, end, sizeof(end), NULL, 0);
}

/* An SMBIOS 3.0 entry point for a table of @len bytes at @addr. */
static void entry3(uint8_t ep[24], uint64_t addr, uint32_t len)
{
	uint8_t s = 0;

	memset(ep, 0, 24);
	memcpy(ep, "_SM3_", 5);
	ep[6] = 24, ep[7] = 3, ep[8] = 2, ep[10] = 1;
	for (int i = 0; i < 4; i++)
		ep[12 + i] = (uint8_t)(len >> (8 * i));
	for (int i = 0; i < 8; i++)
		ep[16 + i] = (uint8_t)(addr >> (8 * i));
	for (int i = 0; i < 24; i++)
		s += ep[i];
	ep[5] = (uint8_t)-s;
}

/*
 * An SMBIOS 2.x entry point (DSP0134 5.2.1) of length @eplen, version
 * 2.@minor, for a table of @len bytes, @n structures, at @addr; both
 * checksums over what the length says.  2.1 firmware of its time wrote
 * 0x1E, not 0x1F (that specification's mistake; dmidecode takes the
 * length it is given).
 */
static void entry2(uint8_t ep[31], uint8_t eplen, uint8_t minor,
		   uint32_t addr, uint16_t len, uint16_t n)
{
	uint8_t s = 0;

	memset(ep, 0, 31);
	memcpy(ep, "_SM_", 4);
	ep[5] = eplen, ep[6] = 2, ep[7] = minor;
	memcpy(ep + 16, "_DMI_", 5);
	ep[22] = (uint8_t)len, ep[23] = (uint8_t)(len >> 8);
	for (int i = 0; i < 4; i++)
		ep[24 + i] = (uint8_t)(addr >> (8 * i));
	ep[28] = (uint8_t)n, ep[29] = (uint8_t)(n >> 8);
	ep[30] = (uint8_t)(0x20 | minor);	/* BCD revision */
	for (int i = 16; i < 31; i++)
		s += ep[i];
	ep[21] = (uint8_t)-s;
	s = 0;
	for (int i = 0; i < eplen; i++)
		s += ep[i];
	ep[4] = (uint8_t)-s;
}

/* The image as dmidecode --dump-bin writes it: the entry point (@v21: a
 * 2.1 one of length 0x1E, else 3.0), the table at 0x20. */
static int dump(const char *path, bool v21)
{
	uint8_t ep[31], out[0x20 + sizeof(table)] = { 0 };
	struct smbios_ipmi ipmi[SMBIOS_IPMI_MAX];
	struct smbios_id id = { 0 };
	unsigned n;
	uint64_t addr;
	uint32_t len;
	const char *why;
	FILE *f;

	build();
	if (v21) {
		entry2(ep, 0x1e, 1, 0x20, (uint16_t)tlen, (uint16_t)nstructs);
		if (smbios_entry(ep, 31, &addr, &len, &id, &why) ||
		    addr != 0x20 || len != tlen)
			return 1;
	} else {
		entry3(ep, 0x20, (uint32_t)tlen);
	}
	memcpy(out, ep, v21 ? 31 : 24);
	memcpy(out + 0x20, table, tlen);
	f = fopen(path, "wb");
	if (!f || fwrite(out, 1, 0x20 + tlen, f) != 0x20 + tlen || fclose(f))
		return 2;
	if (smbios_parse(table, tlen, &id, NULL))
		return 1;
	printf("bios-vendor=%s\nbios-version=%s\nbios-release-date=%s\n"
	       "system-manufacturer=%s\nsystem-product-name=%s\n"
	       "baseboard-manufacturer=%s\nbaseboard-product-name=%s\n"
	       "processor-version=%s\n", id.bios_vendor, id.bios_version,
	       id.bios_date, id.sys_vendor, id.product, id.board_vendor,
	       id.board, id.cpu_version);
	/* type 38 as dmidecode -t 38 words it: base address, spacing */
	n = smbios_ipmi_find(table, tlen, ipmi, SMBIOS_IPMI_MAX);
	for (unsigned i = 0; i < n; i++)
		printf("ipmi=0x%016llX (%s), %s\n",
		       (unsigned long long)ipmi[i].address,
		       ipmi[i].io ? "I/O" : "Memory-mapped",
		       ipmi[i].spacing == 1 ? "Successive Byte Boundaries" :
		       ipmi[i].spacing == 4 ? "32-bit Boundaries" :
		       ipmi[i].spacing == 16 ? "16-byte Boundaries" : "?");
	return 0;
}

/* Is @s well-formed UTF-8 with no control character (C0, DEL, C1)? */
static bool clean_utf8(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	while (*s) {
		unsigned n = *s < 0x80 ? 1 : *s >= 0xc2 && *s <= 0xdf ? 2 :
			     *s >= 0xe0 && *s <= 0xef ? 3 :
			     *s >= 0xf0 && *s <= 0xf4 ? 4 : 0;
		uint32_t cp = n == 1 ? *s : *s & (0x7f >> n);

		if (!n)
			return false;
		for (unsigned i = 1; i < n; i++) {
			if ((s[i] & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (s[i] & 0x3f);
		}
		if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ||
		    (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
		    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		s += n;
	}
	return true;
}

/* What smbios_parse() makes of @str as the system's maker (type 1). */
static const char *maker(const char *str)
{
	static struct smbios_id id;
	uint8_t t1[0x1b] = { 0 }, end[4] = { 0 };
	const char *strs[] = { str };
	const char *why;

	tlen = nstructs = 0;
	t1[4] = 1;
	add(1, t1, sizeof(t1), strs, 1);
	add(127, end, sizeof(end), NULL, 0);
	memset(&id, 0, sizeof(id));
	CHECK(smbios_parse(table, tlen, &id, &why) == 0);
	CHECK(clean_utf8(id.sys_vendor));
	return id.sys_vendor;
}

static void test_utf8(void)
{
	char longer[SMBIOS_STR + 8];

	/* well formed: 2, 3 and 4 bytes */
	CHECK_STR(maker("\xc3\x9cn\xc3\xaf" "code GmbH"), "\xc3\x9cn\xc3\xaf" "code GmbH");
	CHECK_STR(maker("\xe2\x82\xac 5 \xf0\x9f\x98\x80"),
		  "\xe2\x82\xac 5 \xf0\x9f\x98\x80");
	CHECK_STR(maker("\xef\xbf\xbd\xf4\x8f\xbf\xbf"), "\xef\xbf\xbd\xf4\x8f\xbf\xbf");
	/* not UTF-8: a '?' per byte */
	CHECK_STR(maker("\xdcn\xef" "code"), "?n?code");		/* Latin-1 */
	CHECK_STR(maker("a\xc0\xaf" "b"), "a??b");			/* overlong */
	CHECK_STR(maker("\xc1\xbf"), "??");
	CHECK_STR(maker("\xe0\x80\xaf"), "???");
	CHECK_STR(maker("\xf0\x80\x80\xaf"), "????");
	CHECK_STR(maker("\xed\xa0\x80x"), "???x");			/* surrogate */
	CHECK_STR(maker("\xed\xbf\xbf"), "???");
	CHECK_STR(maker("\xf4\x90\x80\x80"), "????");		/* > U+10FFFF */
	CHECK_STR(maker("\xf5\x80\x80\x80"), "????");
	CHECK_STR(maker("\xfe\xff"), "??");
	CHECK_STR(maker("x\xe2\x82y"), "x??y");			/* cut short */
	CHECK_STR(maker("x\xe2\x82"), "x??");			/* at the end */
	CHECK_STR(maker("\x80\xbfok"), "??ok");			/* stray */
	/* controls are '?': C0, DEL, C1 (U+0085 in UTF-8) */
	CHECK_STR(maker("a\x01" "b\x7f"), "a?b?");
	CHECK_STR(maker("\xc2\x85\xc2\x9f\xc2\xa0"), "????\xc2\xa0");
	/* a character that does not fit whole ends the string */
	memset(longer, 'a', SMBIOS_STR - 2);
	strcpy(longer + SMBIOS_STR - 2, "\xc3\x9c");
	CHECK_EQ_U64(strlen(maker(longer)), SMBIOS_STR - 2);
	memset(longer, 'a', SMBIOS_STR - 3);
	strcpy(longer + SMBIOS_STR - 3, "\xc3\x9cz");
	CHECK_EQ_U64(strlen(maker(longer)), SMBIOS_STR - 1);
	CHECK(!strcmp(maker(longer) + SMBIOS_STR - 3, "\xc3\x9c"));
}

int main(int argc, char **argv)
{
	struct smbios_id id = { 0 };
	const char *why = NULL;
	uint8_t ep[40];
	uint64_t addr;
	uint32_t len;

	if (argc == 3 && !strcmp(argv[1], "--dump"))
		return dump(argv[2], false);
	if (argc == 3 && !strcmp(argv[1], "--dump21"))
		return dump(argv[2], true);
	build();
	CHECK(smbios_parse(table, tlen, &id, &why) == 0);
	CHECK_STR(id.bios_vendor, "Acme Firmware Inc.");	/* trimmed */
	CHECK_STR(id.bios_version, "1.2.3?x");	/* control byte */
	CHECK_STR(id.bios_date, "12/01/2026");
	CHECK_STR(id.sys_vendor, "Acme");
	CHECK_STR(id.product, "Server?9000");	/* Latin-1 NBSP */
	CHECK_STR(id.board_vendor, "\xc3\x9cn\xc3\xaf" "code Boards \xe2\x82\xac");
	CHECK_STR(id.board, "MB-42");
	CHECK_STR(id.cpu_version, "Acme(R) Core(TM) 7 @ 3.10GHz");
	CHECK_EQ_U64(id.cpu_mhz, 3100);		/* the first socket's */
	{
		struct smbios_ipmi d[SMBIOS_IPMI_MAX];

		CHECK_EQ_U64(smbios_ipmi_find(table, tlen, d, SMBIOS_IPMI_MAX),
			     3);
		CHECK(d[0].interface_type == 1 && d[0].io);
		CHECK_EQ_U64(d[0].address, 0xca8);
		CHECK_EQ_U64(d[0].spacing, 4);
		CHECK_EQ_U64(d[1].address, 0xca2);
		CHECK_EQ_U64(d[1].spacing, 1);
		CHECK_EQ_U64(d[2].address, 0xca3);
		CHECK_EQ_U64(d[2].spacing, 16);
		CHECK_EQ_U64(smbios_ipmi_find(table, tlen, d, 1), 1);
	}
	/* the serial is never read into anything */
	for (size_t i = 0; i + 6 <= sizeof(id); i++)
		CHECK(memcmp((const char *)&id + i, "SECRET", 6));

	/* every truncation: no read past it (ASan), no garbage */
	for (size_t n = 0; n < tlen; n++) {
		struct smbios_id t = { 0 };
		uint8_t *copy = malloc(n ? n : 1);

		memcpy(copy, table, n);
		smbios_parse(copy, n, &t, &why);
		{
			struct smbios_ipmi d[SMBIOS_IPMI_MAX];

			CHECK(smbios_ipmi_find(copy, n, d, SMBIOS_IPMI_MAX) <= 3);
		}
		CHECK(!t.bios_vendor[0] || !strcmp(t.bios_vendor,
						   "Acme Firmware Inc."));
		CHECK(strlen(t.cpu_version) < SMBIOS_STR);
		/* a cut through a UTF-8 character leaves '?', not half of it */
		CHECK(clean_utf8(t.board_vendor) && clean_utf8(t.product) &&
		      clean_utf8(t.bios_version));
		free(copy);
	}
	CHECK(smbios_parse(table, 3, &id, &why) == -1 && why);
	/* a structure shorter than its header ends the walk */
	table[1] = 3;
	memset(&id, 0, sizeof(id));
	CHECK(smbios_parse(table, tlen, &id, &why) == -1);
	CHECK(!id.bios_vendor[0]);
	/* one whose length runs past the table too */
	build();
	table[1] = 0xff;
	memset(&id, 0, sizeof(id));
	CHECK(smbios_parse(table, 0x80, &id, &why) == -1);
	CHECK(!id.bios_vendor[0]);
	build();

	/* entry points: good, bad checksum, short, no anchor, 2.x */
	entry3(ep, 0x12345678abcull, 0x400);
	CHECK(smbios_entry(ep, 24, &addr, &len, &id, &why) == 0);
	CHECK_EQ_U64(addr, 0x12345678abcull);
	CHECK_EQ_U64(len, 0x400);
	CHECK(id.major == 3 && id.minor == 2);
	ep[9] ^= 1;
	CHECK(smbios_entry(ep, 24, &addr, &len, &id, &why) == -1);
	ep[9] ^= 1;
	CHECK(smbios_entry(ep, 23, &addr, &len, &id, &why) == -1);
	ep[6] = 200;	/* longer than what was given */
	CHECK(smbios_entry(ep, 24, &addr, &len, &id, &why) == -1);
	entry3(ep, 0, 0x400);
	CHECK(smbios_entry(ep, 24, &addr, &len, &id, &why) == -1);
	memcpy(ep, "_SM4_", 5);
	CHECK(smbios_entry(ep, 24, &addr, &len, &id, &why) == -1);
	/* SMBIOS 2.x: "_SM_" then "_DMI_", two checksums (DSP0134 5.2.1) */
	entry2(ep, 0x1f, 8, 0xf0000, 0x134, 6);
	CHECK(smbios_entry(ep, 31, &addr, &len, &id, &why) == 0);
	CHECK_EQ_U64(addr, 0xf0000);
	CHECK_EQ_U64(len, 0x134);
	ep[21]++;
	ep[4]--;	/* whole sum still 0, the _DMI_ part's not */
	CHECK(smbios_entry(ep, 31, &addr, &len, &id, &why) == -1);
	/* SMBIOS 2.1 with length 0x1E (smbios.sh: dmidecode reads it) */
	entry2(ep, 0x1e, 1, 0xf0000, 0x134, 6);
	CHECK(smbios_entry(ep, 31, &addr, &len, &id, &why) == 0);
	CHECK_EQ_U64(addr, 0xf0000);
	CHECK_EQ_U64(id.major * 10 + id.minor, 21);
	ep[5] = 0x1d;	/* shorter than any entry point: refused */
	ep[4] += 1;
	CHECK(smbios_entry(ep, 31, &addr, &len, &id, &why) == -1);
	test_utf8();
	return check_done("test_smbios");
}
