/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/pe/pe_image.c on PE images made here byte by byte: the checker
 * finds each broken rule, pe_fix() makes a GNU-EFI-like image pass and
 * refuses what it must not paper over, the SBAT text rules.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pe/pe_image.h"

#define SBAT_OK \
	SBAT_HEADER_LINE "\nsbmbench,1,sbmbench,sbmbench,0.1.0,https://x\n"

static void w16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void w32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

enum { PE = 0x40, OPT = PE + 24, SECT = OPT + 240, LEN = 0x800 };

static void section(uint8_t *sh, const char *name, uint32_t va,
		    uint32_t rawptr, uint32_t flags)
{
	memcpy(sh, name, strlen(name));
	w32(sh + 8, 0x10);
	w32(sh + 12, va);
	w32(sh + 16, 0x200);
	w32(sh + 20, rawptr);
	w32(sh + 36, flags);
}

/* What objcopy makes of a GNU-EFI x86_64 link: .text rx, .data rw, no
 * NX_COMPAT, no .sbat; @extra bytes of junk after the sections. */
static uint8_t *plain_pe(size_t extra)
{
	uint8_t *p = calloc(1, LEN + extra);

	p[0] = 'M';
	p[1] = 'Z';
	w32(p + 0x3c, PE);
	memcpy(p + PE, "PE\0\0", 4);
	w16(p + PE + 4, 0x8664);
	w16(p + PE + 6, 2);
	w16(p + PE + 20, 240);
	w16(p + OPT, 0x20b);
	w32(p + OPT + 16, 0x1000);	/* entry */
	w32(p + OPT + 32, 0x1000);
	w32(p + OPT + 36, 0x200);
	w32(p + OPT + 56, 0x3000);
	w32(p + OPT + 60, 0x400);
	w32(p + OPT + 108, 16);
	section(p + SECT, ".text", 0x1000, 0x400, 0x60000020);
	section(p + SECT + 40, ".data", 0x2000, 0x600, 0xc0000040);
	memset(p + LEN, 0xee, extra);
	return p;
}

static void quiet(void *arg, const char *line)
{
	(void)line;
	(*(unsigned *)arg)++;
}

static unsigned faults(uint8_t *p, size_t len)
{
	struct pe_image pe;
	char err[200];
	unsigned n = 0;

	if (pe_parse(&pe, p, len, err, sizeof(err)))
		return 1000;
	return pe_check(&pe, quiet, &n);
}

static int fix(uint8_t *p, size_t len, const char *sbat, uint8_t **out,
	       size_t *outlen, char *err)
{
	struct pe_image pe;

	if (pe_parse(&pe, p, len, err, 200))
		return -2;
	return pe_fix(&pe, (const uint8_t *)sbat, strlen(sbat), out, outlen,
		      err, 200);
}

static void test_fix(void)
{
	uint8_t *p = plain_pe(0x100), *out, *again;
	size_t n, n2;
	char err[200];
	struct pe_image pe;

	CHECK_EQ_U64(faults(p, LEN), 2);	/* NX_COMPAT, .sbat */
	CHECK(fix(p, LEN + 0x100, SBAT_OK, &out, &n, err) == 0);
	CHECK_EQ_U64(n, LEN + 0x200);		/* the junk dropped */
	CHECK(pe_parse(&pe, out, n, err, sizeof(err)) == 0);
	CHECK_EQ_U64(faults(out, n), 0);
	CHECK_EQ_U64(pe.nsect, 3);
	CHECK_STR(pe.sect[2].name, ".sbat");
	CHECK_EQ_U64(pe.sect[2].va, 0x3000);
	CHECK_EQ_U64(pe.sect[2].rawptr, LEN);
	CHECK_EQ_U64(pe.size_of_image, 0x4000);
	CHECK_EQ_U64(pe.dll_chars, PE_DLL_NX_COMPAT);
	CHECK(!memcmp(out + LEN, SBAT_OK, strlen(SBAT_OK)));
	/* a second time: refused, the image has its .sbat */
	CHECK(fix(out, n, SBAT_OK, &again, &n2, err) == -1);
	CHECK(strstr(err, ".sbat already") != NULL);

	/* each rule broken on the finished image is found */
	out[OPT + 71] = 0;			/* NX_COMPAT is bit 8 */
	CHECK_EQ_U64(faults(out, n), 1);
	out[OPT + 71] = 1;
	out[SECT + 39] |= 0x80;			/* .text writable */
	CHECK_EQ_U64(faults(out, n), 1);
	out[SECT + 39] &= 0x7f;
	w32(out + SECT + 40 + 12, 0x2200);	/* .data not on a page */
	CHECK_EQ_U64(faults(out, n), 1);
	w32(out + SECT + 40 + 12, 0x2000);
	w32(out + OPT + 16, 0x2000);		/* entry in .data */
	CHECK_EQ_U64(faults(out, n), 1);
	w32(out + OPT + 16, 0x1000);
	out[LEN + 76] = 'x';			/* "xbmbench" */
	CHECK_EQ_U64(faults(out, n), 1);
	out[LEN + 76] = 's';
	CHECK_EQ_U64(faults(out, n), 0);
	free(out);

	/* W+X, a signature, no room for a header: refused */
	p[SECT + 40 + 39] |= 0x20;
	CHECK(fix(p, LEN, SBAT_OK, &out, &n, err) == -1);
	CHECK(strstr(err, "section .data is writable and executable") != NULL);
	p[SECT + 40 + 39] &= (uint8_t)~0x20;
	w32(p + OPT + 112 + 4 * 8, 0x700);
	w32(p + OPT + 112 + 4 * 8 + 4, 0x100);
	CHECK(fix(p, LEN, SBAT_OK, &out, &n, err) == -1);
	CHECK(strstr(err, "signed") != NULL);
	w32(p + OPT + 112 + 4 * 8 + 4, 0);
	w32(p + OPT + 60, SECT + 80);
	CHECK(fix(p, LEN, SBAT_OK, &out, &n, err) == -1);
	CHECK(strstr(err, "no room") != NULL);
	w32(p + OPT + 60, 0x400);
	CHECK(fix(p, LEN, "sbat,1\n", &out, &n, err) == -1);
	CHECK(strstr(err, "SBAT text") != NULL);
	free(p);
}

static void test_parse(void)
{
	uint8_t *p = plain_pe(0);
	struct pe_image pe;
	char err[200];

	CHECK(pe_parse(&pe, p, LEN - 1, err, sizeof(err)) == -1);
	CHECK(strstr(err, "outside the file") != NULL);
	w16(p + OPT, 0x10b);
	CHECK(pe_parse(&pe, p, LEN, err, sizeof(err)) == -1);
	CHECK(strstr(err, "not PE32+") != NULL);
	w16(p + OPT, 0x20b);
	w32(p + 0x3c, 0xfffffff0);
	CHECK(pe_parse(&pe, p, LEN, err, sizeof(err)) == -1);
	w32(p + 0x3c, PE);
	w32(p + OPT + 108, 17);
	CHECK(pe_parse(&pe, p, LEN, err, sizeof(err)) == -1);
	w32(p + OPT + 108, 16);
	w16(p + PE + 6, 0);
	CHECK(pe_parse(&pe, p, LEN, err, sizeof(err)) == -1);
	w16(p + PE + 6, 2);
	CHECK(pe_parse(&pe, p, LEN, err, sizeof(err)) == 0);
	free(p);
}

static int sbat(const char *s, size_t n)
{
	char err[200];

	return sbat_check(s, n, "sbmbench", err, sizeof(err));
}

static void test_sbat(void)
{
	static const char padded[] = SBAT_OK "\0\0\0";
	static const char junk[] = SBAT_OK "\0x";
	static const char *bad[] = {
		"sbat,1,SBAT Version,sbat,1,x\nsbmbench,1,a,b,c,d\n",
		SBAT_HEADER_LINE "\nsbmbench,1,a,b,c\n",
		SBAT_HEADER_LINE "\nsbmbench,1,a,b,c,d,e\n",
		SBAT_HEADER_LINE "\nsbmbench,01,a,b,c,d\n",
		SBAT_HEADER_LINE "\nsbmbench,,a,b,c,d\n",
		SBAT_HEADER_LINE "\nsbmbenc,1,a,b,c,d\n",
		SBAT_HEADER_LINE "\nsbmbench,1,a,b,c,d",
		SBAT_HEADER_LINE "\n\nsbmbench,1,a,b,c,d\n",
		SBAT_HEADER_LINE "\nsbmbench,1,a,b,c,\x01\n",
		"",
	};

	CHECK(sbat(SBAT_OK, strlen(SBAT_OK)) == 0);
	CHECK(sbat(padded, sizeof(padded)) == 0);
	CHECK(sbat(junk, sizeof(junk) - 1) == -1);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int rc = sbat(bad[i], strlen(bad[i]));

		CHECK(rc == -1);
		if (rc != -1)
			fprintf(stderr, "accepted bad SBAT %zu\n", i);
	}
}

int main(void)
{
	static const uint8_t w[] = { 1, 0, 2, 0, 0xff, 0xff, 0xff, 0xff, 3 };

	test_parse();
	test_fix();
	test_sbat();
	/* words 1 + 2, the checksum field skipped, the odd byte 3, + 9 */
	CHECK_EQ_U64(pe_checksum(w, sizeof(w), 4), 1 + 2 + 3 + 9);
	return check_done("test_pe");
}
