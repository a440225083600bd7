/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The compact result kept for UEFI variables: real records in, kept in
 * order, the classes fill the store in the order that keeps the verdict
 * (per-CPU detail first to go, then the breakdowns; "end" always fits).
 */
#include "check.h"
#include "output/record.h"
#include "output/result_store.h"

static size_t make(char *out, size_t len, const char *kind, uint32_t id)
{
	struct rec r;
	size_t n;

	rec_start(&r, kind, 0x1234abcd);
	rec_u64(&r, "id", id);
	rec_str(&r, "pad", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
	n = rec_finish(&r);
	memcpy(out, r.buf, n < len ? n : len);
	return n;
}

static void add(struct result_store *s, const char *kind, uint32_t id, bool want)
{
	char line[512];
	size_t n = make(line, sizeof(line), kind, id);

	CHECK(result_store_add(s, line, n) == want);
}

int main(void)
{
	static char buf[RESULT_STORE_MAX];
	struct result_store s;
	char id[9];
	size_t len;

	/* a small run: everything kept, in order, no note */
	result_store_init(&s, buf, sizeof(buf));
	add(&s, "hello", 0, true);
	add(&s, "cpu", 0, true);
	add(&s, "result", 0, true);
	add(&s, "end", 0, true);
	CHECK(!result_store_add(&s, "sbmbench: a human line\n", 23));
	len = result_store_finish(&s);
	CHECK(s.kept == 4 && s.dropped == 0 && len == s.len);
	CHECK(!strncmp(buf, "@sbm hello v=1 run=1234abcd", 27));
	CHECK(strstr(buf, "@sbm end ") > strstr(buf, "@sbm result "));
	CHECK(result_store_run_id(buf, len, id) == 0 && !strcmp(id, "1234abcd"));
	CHECK(result_store_run_id("no records here", 15, id) == -1);
	{
		struct result_store_check c;
		char *res = strstr(buf, "@sbm result ");

		result_store_check(buf, len, &c);
		CHECK(c.good == 4 && c.damaged == 0 && c.ended);
		/* one digit changed in a record: its CRC no longer holds */
		res[20] = res[20] == '1' ? '2' : '1';
		result_store_check(buf, len, &c);
		CHECK(c.good == 3 && c.damaged == 1 && c.ended);
		/* cut before the end record: a run that did not finish */
		result_store_check(buf, (size_t)(strstr(buf, "@sbm end") - buf),
				   &c);
		CHECK(!c.ended && c.good == 2);
	}

	/* a big machine: per-CPU records stop first, groups next, results
	 * go on to the end reserve, and end always fits */
	result_store_init(&s, buf, sizeof(buf));
	add(&s, "hello", 0, true);
	for (uint32_t i = 0; i < 1000; i++) {
		char line[512];
		size_t n = make(line, sizeof(line), "cpu", i);

		result_store_add(&s, line, n);
	}
	CHECK(s.len <= RESULT_STORE_MAX - 12 * 1024);
	CHECK(s.len > RESULT_STORE_MAX - 12 * 1024 - 512);
	add(&s, "cpu", 1001, false);
	/* a kind the schema does not know goes with the detail, as it
	 * does in the QR codes (record_schema.def: one rule) */
	add(&s, "frob", 0, false);
	add(&s, "result", 0, true);	/* still room for the figures */
	for (uint32_t i = 0; i < 200; i++) {
		char line[512];
		size_t n = make(line, sizeof(line), "group", i);

		result_store_add(&s, line, n);
	}
	CHECK(s.len <= RESULT_STORE_MAX - 4 * 1024);
	add(&s, "result", 1, true);
	for (uint32_t i = 0; i < 200; i++) {
		char line[512];
		size_t n = make(line, sizeof(line), "result", 2 + i);

		result_store_add(&s, line, n);
	}
	CHECK(s.len <= RESULT_STORE_MAX - 512);
	add(&s, "end", 0, true);
	CHECK(s.dropped > 0);
	len = result_store_finish(&s);
	CHECK(len <= RESULT_STORE_MAX);
	CHECK(strstr(buf, "records did not fit in the saved result") != NULL);
	/* every kept line is a whole record */
	for (size_t i = 0, start = 0; i < s.len; i++)
		if (buf[i] == '\n') {
			CHECK(!strncmp(buf + start, "@sbm ", 5) ||
			      !strncmp(buf + start, "sbmbench: ", 10));
			start = i + 1;
		}

	/* no buffer (no memory): nothing kept, nothing breaks */
	result_store_init(&s, NULL, 0);
	add(&s, "end", 0, false);
	CHECK(result_store_finish(&s) == 0);
	return check_done("test_result_store");
}
