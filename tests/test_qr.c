/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * QR encoder against known vectors: the standard's worked Reed-Solomon
 * example and its format/version information tables, full module
 * matrices from an independent encoder (qrencode, Debian package
 * qrencode), and records read back by a real decoder (zbarimg, Debian
 * package zbar-tools).  A missing tool fails the test, naming its package.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "output/crc32.h"
#include "output/qr.h"
#include "output/record.h"

static uint8_t mod[QR_MODULES_MAX], ref[QR_MODULES_MAX];
static char tmpdir[] = "/tmp/test_qr.XXXXXX";

static int have_tool(const char *tool, const char *package)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", tool);
	if (system(cmd) == 0)
		return 1;
	fprintf(stderr, "test_qr: FAIL: '%s' not found; install the Debian "
		"package %s (tools/install-deps lists it)\n", tool, package);
	check_total++;
	check_failed++;
	return 0;
}

/* ISO/IEC 18004 Annex I: "01234567" at 1-M, its 16 data and 10 EC words */
static void test_rs_spec_example(void)
{
	static const uint8_t data[16] = {
		0x10, 0x20, 0x0c, 0x56, 0x61, 0x80, 0xec, 0x11,
		0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11,
	};
	static const uint8_t want[10] = {
		0xa5, 0x24, 0xd4, 0xc1, 0xed, 0x36, 0xc7, 0x87, 0x2c, 0x55,
	};
	uint8_t ecc[10];

	qr_rs_ecc(data, sizeof(data), ecc, 10);
	CHECK(memcmp(ecc, want, sizeof(want)) == 0);
}

/* Format information (Annex C table) and version information (Annex D) */
static void test_bch_tables(void)
{
	static const uint16_t fmt[2][8] = {
		{ 0x77c4, 0x72f3, 0x7daa, 0x789d,
		  0x662f, 0x6318, 0x6c41, 0x6976 },
		{ 0x5412, 0x5125, 0x5e7c, 0x5b4b,
		  0x45f9, 0x40ce, 0x4f97, 0x4aa0 },
	};
	static const struct { int ver; uint32_t bits; } vi[] = {
		{ 7, 0x07c94 }, { 8, 0x085bc }, { 9, 0x09a99 }, { 10, 0x0a4d3 },
		{ 20, 0x149a6 }, { 32, 0x209d5 }, { 40, 0x28c69 },
	};

	for (int m = 0; m < 8; m++) {
		CHECK_EQ_U64(qr_format_bits(QR_ECC_L, m), fmt[0][m]);
		CHECK_EQ_U64(qr_format_bits(QR_ECC_M, m), fmt[1][m]);
	}
	for (size_t i = 0; i < sizeof(vi) / sizeof(vi[0]); i++)
		CHECK_EQ_U64(qr_version_bits(vi[i].ver), vi[i].bits);
}

/* Byte-mode capacities, Table 7 */
static void test_capacity(void)
{
	CHECK_EQ_U64(qr_capacity(1, QR_ECC_L), 17);
	CHECK_EQ_U64(qr_capacity(1, QR_ECC_M), 14);
	CHECK_EQ_U64(qr_capacity(5, QR_ECC_L), 106);
	CHECK_EQ_U64(qr_capacity(10, QR_ECC_L), 271);
	CHECK_EQ_U64(qr_capacity(10, QR_ECC_M), 213);
	CHECK_EQ_U64(qr_capacity(20, QR_ECC_L), 858);
	CHECK_EQ_U64(qr_capacity(40, QR_ECC_L), 2953);
	CHECK_EQ_U64(qr_capacity(40, QR_ECC_M), 2331);
	CHECK_EQ_U64(qr_capacity(41, QR_ECC_L), 0);
}

static void test_limits(void)
{
	static uint8_t big[2954];
	int size = 0;

	memset(big, 'x', sizeof(big));
	CHECK(qr_encode(big, 2953, QR_ECC_L, mod, sizeof(mod), &size) == 40);
	CHECK(size == 177);
	CHECK(qr_encode(big, 2954, QR_ECC_L, mod, sizeof(mod), &size) == -1);
	CHECK(qr_encode(big, 2332, QR_ECC_M, mod, sizeof(mod), &size) == -1);
	CHECK(qr_encode(big, 17, QR_ECC_L, mod, 441, &size) == 1);
	CHECK(qr_encode(big, 18, QR_ECC_L, mod, 441, &size) == -1);
	CHECK(qr_encode(big, 0, QR_ECC_M, mod, 441, &size) == 1);
}

/* qrencode's matrix for data, -m 0 -t ASCII: "##" dark, "  " light */
static int qrencode_matrix(const uint8_t *data, size_t len, enum qr_ecc ecc,
			   int *size)
{
	char path[64], cmd[160], line[512];
	FILE *f;
	int y = 0, n = 0;

	snprintf(path, sizeof(path), "%s/in.bin", tmpdir);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f))
		return -1;
	snprintf(cmd, sizeof(cmd), "qrencode -l %c -8 -m 0 -t ASCII -o - -r %s",
		 ecc == QR_ECC_L ? 'L' : 'M', path);
	f = popen(cmd, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		int w = (int)strcspn(line, "\n") / 2;

		if (y == 0)
			n = w;
		if (w != n || n > 177 || y >= n)
			break;
		for (int x = 0; x < n; x++)
			ref[y * n + x] = line[2 * x] == '#';
		y++;
	}
	if (pclose(f) || y != n || n < 21)
		return -1;
	*size = n;
	return 0;
}

/* Mask of a matrix, from its first format information copy. */
static int matrix_mask(const uint8_t *m, int size, enum qr_ecc ecc)
{
	unsigned int f = 0;

	for (int i = 0; i < 15; i++) {
		int x, y;

		if (i < 6)
			x = 8, y = i;
		else if (i < 8)
			x = 8, y = i + 1;
		else if (i == 8)
			x = 7, y = 8;
		else
			x = 14 - i, y = 8;
		f |= (unsigned int)m[y * size + x] << i;
	}
	for (int k = 0; k < 8; k++)
		if (qr_format_bits(ecc, k) == f)
			return k;
	return -1;
}

/* Printable bytes, some above 0x7f: byte mode must carry all of them. */
static void payload(uint8_t *p, size_t len, unsigned int seed)
{
	for (size_t i = 0; i < len; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (uint8_t)(0x20 + (seed >> 16) % 0x5f);
		if (i % 7 == 3)
			p[i] |= 0x80;
	}
}

/* Our matrix with qrencode's mask against qrencode's; 1 when equal. */
static int compare_one(const uint8_t *buf, size_t len, enum qr_ecc ecc,
		       int *same_auto)
{
	int rsize = 0, size = 0, mask, ver;
	char lvl = ecc == QR_ECC_M ? 'M' : 'L';

	if (qrencode_matrix(buf, len, ecc, &rsize)) {
		fprintf(stderr, "test_qr: qrencode failed, len %zu\n", len);
		CHECK(0);
		return 0;
	}
	mask = matrix_mask(ref, rsize, ecc);
	CHECK(mask >= 0);
	ver = qr_encode_mask(buf, len, ecc, mask < 0 ? 0 : mask, mod,
			     sizeof(mod), &size);
	CHECK_EQ_U64(size, rsize);	/* the same, smallest, version */
	if (size != rsize)
		return 0;
	if (memcmp(mod, ref, (size_t)size * size)) {
		fprintf(stderr, "test_qr: v%d-%c len %zu mask %d differs from "
			"qrencode\n", ver, lvl, len, mask);
		CHECK(0);
		return 0;
	}
	CHECK(1);
	qr_encode(buf, len, ecc, mod, sizeof(mod), &size);
	*same_auto += !memcmp(mod, ref, (size_t)size * size);
	return 1;
}

/*
 * Every version at both levels filled to capacity, and partly filled
 * symbols (padding codewords, the short and long blocks).
 */
static void test_vs_qrencode(void)
{
	static const size_t lens[] = {
		1, 14, 30, 60, 100, 150, 250, 400, 600, 900, 1200, 1600, 2000,
	};
	static uint8_t buf[2953];
	int same_auto = 0, equal = 0, n = 0;

	if (!have_tool("qrencode", "qrencode"))
		return;
	for (int e = 0; e < 2; e++) {
		enum qr_ecc ecc = e ? QR_ECC_M : QR_ECC_L;

		for (int v = 1; v <= QR_VERSION_MAX; v++, n++) {
			size_t len = qr_capacity(v, ecc);

			payload(buf, len, (unsigned int)(v * 2 + e));
			equal += compare_one(buf, len, ecc, &same_auto);
		}
		for (size_t i = 0; i < sizeof(lens) / sizeof(*lens);
		     i++, n++) {
			payload(buf, lens[i], (unsigned int)(lens[i] * 2 + e));
			equal += compare_one(buf, lens[i], ecc, &same_auto);
		}
	}
	printf("test_qr: %d of %d matrices equal qrencode's; the automatic "
	       "mask chose qrencode's in %d\n", equal, n, same_auto);
}

/* Render, write a PGM (or PBM), and read it back with zbarimg. */
static void zbar_roundtrip(const char *text, enum qr_ecc ecc, int bpp)
{
	static uint8_t pix[(177 + 8) * 4 * (177 + 8) * 4];
	char path[64], cmd[160];
	static char out[4096];
	size_t n = strlen(text), got;
	int size, side, ver;
	size_t stride;
	FILE *f;

	ver = qr_encode((const uint8_t *)text, n, ecc, mod, sizeof(mod), &size);
	CHECK(ver > 0);
	if (ver <= 0)
		return;
	stride = (size_t)(size + 8) * 4;
	if (bpp == 1)
		stride = (stride + 7) / 8;
	side = qr_render(mod, size, 4, 4, bpp, pix, stride, sizeof(pix));
	CHECK(side == (size + 8) * 4);
	if (side < 0)
		return;
	snprintf(path, sizeof(path), "%s/qr.%s", tmpdir,
		 bpp == 8 ? "pgm" : "pbm");
	f = fopen(path, "wb");
	if (!f)
		return;
	fprintf(f, bpp == 8 ? "P5\n%d %d\n255\n" : "P4\n%d %d\n", side, side);
	fwrite(pix, 1, stride * (size_t)side, f);
	fclose(f);
	/* its image reader may chatter on stderr (D-Bus); the text tells */
	snprintf(cmd, sizeof(cmd), "zbarimg --raw -q %s 2>/dev/null", path);
	f = popen(cmd, "r");
	if (!f)
		return;
	got = fread(out, 1, sizeof(out) - 1, f);
	out[got] = '\0';
	pclose(f);
	/* zbarimg ends the text with a newline */
	if (got != n + 1 || memcmp(out, text, n)) {
		fprintf(stderr, "test_qr: zbarimg read back \"%s\" for v%d "
			"\"%s\"\n", out, ver, text);
		CHECK(0);
	} else {
		CHECK(1);
	}
}

static void record_line(struct rec *r, char *line, size_t cap)
{
	size_t n = rec_finish(r);

	while (n && r->buf[n - 1] == '\n')
		n--;	/* the QR code carries the line, not its end */
	snprintf(line, cap, "%.*s", (int)n, r->buf);
}

static void test_zbar_records(void)
{
	static char many[2100];
	char end[REC_MAX], result[REC_MAX];
	struct rec r;

	if (!have_tool("zbarimg", "zbar-tools"))
		return;
	rec_start(&r, "end", 0x1234abcd);
	rec_str(&r, "status", "ok");
	rec_u64(&r, "warnings", 0);
	rec_u64(&r, "records", 42);
	rec_u64(&r, "cpus", 8);
	rec_u64(&r, "lost", 0);
	record_line(&r, end, sizeof(end));

	rec_start(&r, "result", 0x1234abcd);
	rec_str(&r, "layout", "packed");
	rec_str(&r, "op", "xchg");
	rec_str(&r, "mode", "loop");
	rec_u64(&r, "cpus", 8);
	rec_u64(&r, "iters", 100000);
	rec_str(&r, "unit", "ticks/iter");
	rec_dbl(&r, "median", 123.45678, 5);
	rec_dbl(&r, "mean", 130.5, 5);
	rec_dbl(&r, "cv", 3.25, 2);
	rec_dbl(&r, "ns", 41.152, 3);
	record_line(&r, result, sizeof(result));

	zbar_roundtrip(end, QR_ECC_M, 8);
	zbar_roundtrip(result, QR_ECC_M, 8);
	zbar_roundtrip(result, QR_ECC_L, 1);
	/* ~2 KB of records, one QR code at level L */
	while (strlen(many) + strlen(result) + 1 < 2048) {
		strcat(many, result);
		strcat(many, "\n");
	}
	zbar_roundtrip(many, QR_ECC_L, 8);
}

int main(void)
{
	test_rs_spec_example();
	test_bch_tables();
	test_capacity();
	test_limits();
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 1;
	}
	test_vs_qrencode();
	test_zbar_records();
	{
		char cmd[64];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
		if (system(cmd))
			fprintf(stderr, "test_qr: could not remove %s\n",
				tmpdir);
	}
	return check_done("test_qr");
}
