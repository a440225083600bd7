/* SPDX-License-Identifier: BSD-2-Clause */
/* Console logs as they arrive: noise, CRLF, ANSI, truncation, damage. */
#include "check.h"
#include "log/logparse.h"

struct seen {
	int records, rejected;
	size_t bad_lines[16];
	const char *bad_why[16];
	char kinds[32][16];
};

static void on_rec(void *arg, size_t line, const struct rec_parsed *r)
{
	struct seen *s = arg;

	(void)line;
	if (s->records < 32)
		snprintf(s->kinds[s->records], 16, "%s", r->kind);
	s->records++;
}

static void on_bad(void *arg, size_t line, const char *why, const char *text)
{
	struct seen *s = arg;

	(void)text;
	if (s->rejected < 16) {
		s->bad_lines[s->rejected] = line;
		s->bad_why[s->rejected] = why;
	}
	s->rejected++;
}

static size_t make(char *buf, size_t len, const char *kind, uint32_t run)
{
	struct rec r;

	rec_start(&r, kind, run);
	rec_u64(&r, "x", 1);
	rec_finish(&r);
	return (size_t)snprintf(buf, len, "%s", r.buf);
}

int main(void)
{
	char log[8192], a[256], b[256], c[256];
	struct seen s = { 0 };
	struct log_stats st;
	size_t la, lb;
	int n;

	la = make(a, sizeof(a), "hello", 0x11111111);
	lb = make(b, sizeof(b), "end", 0x11111111);
	make(c, sizeof(c), "cpu", 0x22222222);
	a[la - 1] = 0;	/* drop newlines, the log adds its own */
	b[lb - 1] = 0;
	c[strlen(c) - 1] = 0;

	n = snprintf(log, sizeof(log),
		     "\x1b[2J\x1b[01;01HBdsDxe: loading Boot0001\r\n"	/* 1 */
		     "%s\r\n"					/* 2 ok */
		     "\x1b[0m%s\x1b[0m\n"			/* 3 ok (ANSI) */
		     "%.20sFIRMWARE NOISE%s\n"			/* 4 broken */
		     "%s\r"					/* 5 ok (CR) */
		     "%s\n"					/* 6 ok, 2nd run */
		     "%.*s",					/* 7 truncated */
		     a, c, a, a + 20, b, c, (int)strlen(c) - 5, c);
	/* a flipped byte in a record body, on its own line */
	{
		char *p = log + n;

		n += snprintf(p, sizeof(log) - (size_t)n, "\n%s\n", b);	/* 8 */
		p[5] ^= 1;
	}
	log_parse(log, (size_t)n, on_rec, on_bad, &s, &st);
	CHECK_EQ_U64(st.records, 4);
	CHECK_EQ_U64(st.rejected, 3);
	CHECK_EQ_U64(s.records, 4);
	CHECK_EQ_U64(s.rejected, 3);
	CHECK_STR(s.kinds[0], "hello");
	CHECK_STR(s.kinds[1], "cpu");
	CHECK_STR(s.kinds[2], "end");
	CHECK_EQ_U64(s.bad_lines[0], 4);
	CHECK_EQ_U64(s.bad_lines[1], 7);
	CHECK_EQ_U64(s.bad_lines[2], 8);
	CHECK(strstr(s.bad_why[1], "truncated") != NULL);

	/* only noise: nothing found, nothing rejected */
	memset(&s, 0, sizeof(s));
	log_parse("\x1b[1mhi\r\n\0\0\xff\xfe\n", 12, on_rec, on_bad, &s, &st);
	CHECK_EQ_U64(st.records, 0);
	CHECK_EQ_U64(st.rejected, 0);

	/* a line far longer than any record */
	{
		size_t big = 20000;
		char *huge = malloc(big);

		memset(huge, 'A', big);
		memcpy(huge + 100, "@sbm ", 5);
		memset(&s, 0, sizeof(s));
		log_parse(huge, big, on_rec, on_bad, &s, &st);
		CHECK_EQ_U64(st.rejected, 1);
		free(huge);
	}
	return check_done("test_logparse");
}
