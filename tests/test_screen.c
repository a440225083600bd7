/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The final screen, on a framebuffer in memory: how records are cut into
 * QR codes (qr_plan), and a whole run's end through report.c: the text
 * above, the codes below, read back from a PPM by a real decoder
 * (zbarimg, Debian package zbar-tools) into exactly the records the
 * console printed, the end record in the last part.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "check.h"
#include "fw/smbios.h"
#include "output/fb.h"
#include "output/keep.h"
#include "output/qr_plan.h"
#include "output/report.h"
#include "output/screen.h"

#define W	1280
#define H	800

static uint32_t mem[W * H];
static char console[64 * 1024];
static size_t nconsole;
static char tmpdir[] = "/tmp/test_screen.XXXXXX";

/* The platform side, as the UEFI images have it. */
void plat_console_write(const char *s, size_t n)
{
	if (n > sizeof(console) - nconsole)
		n = sizeof(console) - nconsole;
	memcpy(console + nconsole, s, n);
	nconsole += n;
	screen_write(s, n);
}

void plat_before_end(void)
{
	screen_before_end();
}

void plat_end_record(const char *line, size_t len)
{
	screen_end_record(line, len);
}

static void test_parts(void)
{
	size_t len[] = { 100, 200, 300, 50, 1000 };
	uint8_t take[] = { 1, 1, 1, 1, 1 };

	CHECK_EQ_U64(qr_plan_parts(len, take, 5, 1000), 2);	/* 650|1000 */
	CHECK_EQ_U64(qr_plan_parts(len, take, 5, 650), UINT32_MAX);
	take[4] = 0;
	CHECK_EQ_U64(qr_plan_parts(len, take, 5, 650), 1);
	CHECK_EQ_U64(qr_plan_parts(len, take, 5, 300), 3);	/* 300|300|50 */
	memset(take, 0, sizeof(take));
	CHECK_EQ_U64(qr_plan_parts(len, take, 5, 300), 0);
}

static void test_fit(void)
{
	size_t len[40];
	uint8_t take[40], rank[40];
	struct qr_plan p;

	for (int i = 0; i < 40; i++) {
		len[i] = 300;
		rank[i] = i < 2 ? 0 : i < 10 ? 2 : 6;
	}
	memset(take, 1, sizeof(take));
	/* 12000 bytes fit no 1280x480 band at 4 px a module */
	CHECK(qr_plan_fit(&p, 1280, 480, 4, len, take, 40) == -1);
	memset(take, 0, sizeof(take));
	take[0] = take[1] = 1;
	CHECK(qr_plan_fit(&p, 1280, 480, 4, len, take, 40) == 0);
	/* the largest modules first, in as many codes as that takes */
	CHECK(p.px > 4 && p.px <= QR_PLAN_MAX_PX);
	CHECK(p.slot == (uint32_t)(QR_SIZE(p.version) + 8) * p.px);
	CHECK(p.slot <= 480 && p.cap >= 300 && p.nparts * p.cap >= 600);
	CHECK(p.cap + QR_PLAN_HEAD == qr_capacity(p.version, QR_ECC_L));
	CHECK(qr_plan_fit(&p, 1280, 480, QR_PLAN_MAX_PX + 1, len, take, 40) ==
	      -1);
	/* choose: the rank 6 items go first, the latest first */
	CHECK(qr_plan_choose(&p, 1280, 480, 4, len, rank, take, 40) > 2);
	CHECK(take[0] && take[1]);
	for (int i = 11; i < 40; i++)
		CHECK(!take[i] || take[i - 1]);	/* kept ones come first */
	CHECK(!take[39]);
	CHECK(p.nparts <= (1280 / p.slot) * (480 / p.slot));
	/* no more left out than needed: the last one left out does not fit
	 * back in */
	{
		int last = -1;
		struct qr_plan q;

		for (int i = 0; i < 40; i++)
			if (!take[i] && (last < 0 || rank[i] < rank[last]))
				last = i;
		CHECK(last >= 2);
		if (last >= 0) {
			take[last] = 1;
			CHECK(qr_plan_fit(&q, 1280, 480, 4, len, take, 40) == -1);
			take[last] = 0;
		}
	}
	/* a band too small even for the rank 0 items */
	CHECK(qr_plan_choose(&p, 1280, 80, 4, len, rank, take, 40) == -1);
}

static void record_lines(const char *text, size_t n, char *out, size_t cap)
{
	size_t k = 0;

	for (size_t i = 0; i < n;) {
		const char *nl = memchr(text + i, '\n', n - i);
		size_t l = nl ? (size_t)(nl - text - i) + 1 : n - i;

		if (l > 5 && !memcmp(text + i, "@sbm ", 5) && k + l < cap) {
			memcpy(out + k, text + i, l);
			k += l;
		}
		i += l;
	}
	out[k] = 0;
}

static void write_ppm(const char *path)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return;
	fprintf(f, "P6\n%d %d\n255\n", W, H);
	for (size_t i = 0; i < W * H; i++) {
		uint8_t rgb[3] = { mem[i] >> 16, mem[i] >> 8, mem[i] };

		fwrite(rgb, 1, 3, f);
	}
	fclose(f);
}

static void run_end(void)
{
	/* a maker named in UTF-8, as SMBIOS gives it (smbios.c keeps it):
	 * the codes must carry its bytes as the serial console does */
	static const struct smbios_id smbios = {
		.sys_vendor = "\xc3\x9cn\xc3\xaf" "code GmbH",
	};
	struct machine_info in = {
		.arch = "x86_64", .platform = "uefi", .virt = "none",
		.cpu_model = "test", .counter = "tsc", .counter_hz = 1000000000,
		.hz_source = "test", .screen = "1280x800",
		.screen_format = "bgrx", .smbios = &smbios,
	};
	struct rec r;

	report_set_run_id(0x5c7ee2);
	report_hello(&in);
	for (int i = 0; i < 6; i++) {
		report_printf("layout %d: a human line of the table\n", i);
		report_rec_start(&r, "result");
		rec_str(&r, "layout", i & 1 ? "llc" : "global");
		rec_u64(&r, "gap", (uint64_t)i * 1000);
		rec_dbl(&r, "mean", 123.456 + i, 5);
		rec_str(&r, "note", "a few more bytes to make it a real size "
			"record, as the image's are");
		report_record(&r);
		report_rec_start(&r, "group");
		rec_u64(&r, "id", (uint64_t)i);
		report_record(&r);
	}
	report_end(0);
}

/* zbarimg's text: the parts (each "sbmbench qr part K of N" and its
 * records) in any order; their records in part order into @out. */
static void in_order(const char *text, char *out, size_t cap)
{
	size_t k = 0;
	unsigned nparts = 0;

	for (unsigned want = 1; !nparts || want <= nparts; want++) {
		const char *p = text;
		unsigned part = 0, of = 0;

		while ((p = strstr(p, "sbmbench qr part ")) &&
		       (sscanf(p, "sbmbench qr part %u of %u", &part, &of) != 2 ||
			part != want))
			p++;
		CHECK(p != NULL);
		if (!p || of > 16)
			break;
		nparts = of;
		p = strchr(p, '\n') + 1;
		/* up to the next part (-Sbinary puts the codes' texts one
		 * after the other; each ends in a newline) or a blank line */
		for (const char *e; *p && *p != '\n' && strncmp(p, "sbmbench", 8);
		     p = e + 1) {
			e = strchr(p, '\n');
			if (!e || k + (size_t)(e - p) + 2 > cap)
				break;
			memcpy(out + k, p, (size_t)(e - p) + 1);
			k += (size_t)(e - p) + 1;
		}
	}
	out[k] = 0;
}

static void test_end_screen(void)
{
	static char serial[32 * 1024], qr[32 * 1024], joined[32 * 1024];
	static char cmd[256];
	struct fb fb = {
		.base = mem, .width = W, .height = H, .stride = W,
		.rmask = 0xff0000, .gmask = 0xff00, .bmask = 0xff,
	};
	size_t lit = 0, got;
	char path[64];
	FILE *f;

	const char *off;

	CHECK(screen_init(&fb) == 0 && screen_active());
	run_end();
	/* hello, qr and end as the image writes them are the schema's; the
	 * six results' made-up "note" key is caught, the first named */
	CHECK_EQ_U64(report_off_schema(&off), 6);
	CHECK_STR(off, "result note");
	record_lines(console, nconsole, serial, sizeof(serial));
	CHECK(strstr(serial, " held=14 results=6 of_results=6 ") != NULL);
	CHECK(strstr(console, "QR codes below: 14 records, 6 of 6 results, "
			      "and the end record") != NULL);
	/* text on top: lit pixels in the first rows, none of it records */
	for (size_t i = 0; i < (size_t)W * 200; i++)
		lit += mem[i] != 0;
	CHECK(lit > 1000);
	/* every kept record */
	CHECK_EQ_U64(keep_count(), 15);
	CHECK_EQ_U64(keep_dropped(), 0);

	snprintf(path, sizeof(path), "%s/screen.ppm", tmpdir);
	write_ppm(path);
	/* as tools/sbmbench reads them: the codes' bytes (-Sbinary), not
	 * zbar's guess at their character set (it took "\xc3\x9cn" for
	 * Shift JIS) */
	snprintf(cmd, sizeof(cmd), "zbarimg --raw -q -Sbinary %s 2>/dev/null",
		 path);
	f = popen(cmd, "r");
	if (!f)
		return;
	got = fread(qr, 1, sizeof(qr) - 1, f);
	qr[got] = 0;
	pclose(f);
	CHECK(strstr(serial, " sys_vendor=\"\xc3\x9cn\xc3\xaf" "code GmbH\" ") !=
	      NULL);
	/* the parts in order are the console's records, end last */
	in_order(qr, joined, sizeof(joined));
	CHECK_STR(joined, serial);
	/* as many codes as the qr record announced */
	{
		const char *p = strstr(serial, " parts=");
		unsigned parts = p ? (unsigned)atoi(p + 7) : 0, seen = 0;

		for (p = qr; (p = strstr(p, "sbmbench qr part ")); p++)
			seen++;
		CHECK(parts >= 1);
		CHECK_EQ_U64(seen, parts);
	}
}

/* After the run's end: per-CPU lists stop at half the store, results go
 * on to the end of it. */
static void test_keep(void)
{
	char line[128], kind[16];
	size_t n0 = keep_count(), len;
	int k = 0;

	keep_kind("@sbm result v=1 run=1 x=1  #0\n", 30, kind, sizeof(kind));
	CHECK_STR(kind, "result");
	keep_kind("sbmbench: done\n", 15, kind, sizeof(kind));
	CHECK_STR(kind, "");
	keep_record("not a record\n", 13);
	CHECK_EQ_U64(keep_count(), n0);
	for (int i = 0; i < 1000; i++) {
		k = snprintf(line, sizeof(line), "@sbm cpu v=1 run=1 id=%d "
			     "and some more bytes of a cpu record  #0\n", i);
		keep_record(line, (size_t)k);
	}
	CHECK(keep_dropped() > 0);
	CHECK(keep_count() < n0 + 1000);
	n0 = keep_count();
	keep_record("@sbm result v=1 run=1  #0\n", 26);
	CHECK_EQ_U64(keep_count(), n0 + 1);
	CHECK(!memcmp(keep_line(n0, &len), "@sbm result", 11) && len == 26);
	CHECK(keep_line(n0 + 1, &len) == NULL);
}

int main(void)
{
	char cmd[128];

	test_parts();
	test_fit();
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 1;
	}
	if (system("command -v zbarimg >/dev/null 2>&1") == 0) {
		test_end_screen();
	} else {
		fprintf(stderr, "test_screen: FAIL: 'zbarimg' not found; "
			"install the Debian package zbar-tools\n");
		CHECK(0);
	}
	test_keep();	/* after the run: it fills the store */
	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
	if (system(cmd))
		return 1;
	return check_done("test_screen");
}
