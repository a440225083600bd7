/* SPDX-License-Identifier: BSD-2-Clause */
#include "check.h"
#include "output/crc32.h"
#include "output/record.h"

static struct rec_parsed p;

int main(void)
{
	struct rec r;
	const char *why = NULL;
	uint64_t u;
	double d;
	size_t n;

	CHECK_EQ_U64(crc32("123456789", 9), 0xcbf43926);
	CHECK_EQ_U64(crc32("", 0), 0);

	rec_start(&r, "result", 0x1234abcd);
	rec_str(&r, "layout", "llc-u8");
	rec_u64(&r, "cpus", 16);
	rec_dbl(&r, "median", 12.3456, 3);
	rec_hex(&r, "hwid", 0x105);
	rec_str(&r, "msg", "has spaces and \"quotes\" # = signs");
	rec_str(&r, "empty", "");
	n = rec_finish(&r);
	CHECK(n == strlen(r.buf));
	CHECK(r.buf[n - 1] == '\n');

	/* round trip, with noise before and a CR after */
	{
		char line[2048];

		snprintf(line, sizeof(line), "garbage>>%.*s\r", (int)(n - 1), r.buf);
		CHECK(rec_parse(line, strlen(line), &p, &why) == 1);
	}
	CHECK_STR(p.kind, "result");
	CHECK_EQ_U64(p.version, 1);
	CHECK_EQ_U64(p.run, 0x1234abcd);
	CHECK_STR(rec_get(&p, "layout"), "llc-u8");
	CHECK(rec_get_u64(&p, "cpus", &u) && u == 16);
	CHECK(rec_get_dbl(&p, "median", &d) && d > 12.3455 && d < 12.3465);
	CHECK(rec_get_u64(&p, "hwid", &u) && u == 0x105);
	CHECK_STR(rec_get(&p, "msg"), "has spaces and 'quotes' # = signs");
	CHECK_STR(rec_get(&p, "empty"), "");
	CHECK(rec_get(&p, "nope") == NULL);
	CHECK(!rec_get_u64(&p, "layout", &u));

	/* every single flipped byte of the body fails (CRC or syntax) */
	for (size_t i = 0; i < n - 1; i++) {
		char line[REC_MAX];
		int rc;

		memcpy(line, r.buf, n - 1);
		line[i] ^= 0x20;
		rc = rec_parse(line, n - 1, &p, &why);
		CHECK(rc != 1);
	}
	/* truncated at every length: never valid */
	for (size_t cut = 0; cut < n - 1; cut++)
		CHECK(rec_parse(r.buf, cut, &p, &why) != 1);
	CHECK(rec_parse(r.buf, n - 2, &p, &why) == -1);

	/* no record on a line */
	CHECK(rec_parse("BdsDxe: loading Boot0001", 24, &p, &why) == 0);

	/* a newer format version is refused, with the reason */
	rec_start(&r, "hello", 1);
	memcpy(r.buf + 11, "v=2", 3);
	n = rec_finish(&r);
	CHECK(rec_parse(r.buf, n - 1, &p, &why) == -1);
	CHECK(why && strstr(why, "version"));

	/* overflow never emits a partial record */
	rec_start(&r, "cpu", 7);
	for (int i = 0; i < 200; i++)
		rec_u64(&r, "field", 123456789);
	n = rec_finish(&r);
	CHECK(rec_parse(r.buf, n - 1, &p, &why) == 1);
	CHECK_STR(p.kind, "error");
	CHECK_EQ_U64(p.run, 7);
	return check_done("test_record");
}
