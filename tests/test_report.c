/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Gathering runs and reporting them, over the fixture logs in tests/logs
 * (real twin output, and copies damaged on purpose by make-fixtures.py).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <string.h>

#include "check.h"
#include "exp/sbm/sbm_results.h"
#include "log/logreport.h"
#include "log/runs.h"

static const char *srcdir(void)
{
	const char *s = getenv("SBM_SRCDIR");

	return s && *s ? s : ".";
}

static void load(struct runset *rs, const char *name)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/tests/logs/%s", srcdir(), name);
	CHECK(runset_add_log(rs, path) == 0);
}

/* Run a report into a string. */
static char *render(void (*fn)(FILE *, const struct runset *),
		    const struct runset *rs)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	fn(f, rs);
	fclose(f);
	return buf;
}

/* Row @row's (1 = first after the header) cell under column @col of
 * unquoted CSV @s; "" when there is none. */
static const char *csv_cell(const char *s, int row, const char *col)
{
	static char cell[64];
	const char *line = s, *p;
	int want = -1, i = 0;
	size_t n = strlen(col);

	for (p = s; *p && *p != '\n'; i++) {
		if (!strncmp(p, col, n) && (p[n] == ',' || p[n] == '\n'))
			want = i;
		p += strcspn(p, ",\n");
		if (*p == ',')
			p++;
	}
	cell[0] = 0;
	for (int r = 0; r < row && line; r++)
		if ((line = strchr(line, '\n')))
			line++;
	if (want < 0 || !line)
		return cell;
	for (i = 0; i < want && *line && *line != '\n'; i++)
		line += strcspn(line, ",\n") + (line[strcspn(line, ",\n")] == ',');
	n = strcspn(line, ",\n");
	if (n < sizeof(cell))
		snprintf(cell, sizeof(cell), "%.*s", (int)n, line);
	return cell;
}

static void test_real_log(void)
{
	struct runset rs = { 0 };
	const struct run *r;
	double v;
	char *s;

	load(&rs, "twin-x86_64.log");
	CHECK_EQ_U64(rs.nruns, 1);
	CHECK_EQ_U64(rs.nrejects, 0);
	CHECK_EQ_U64(runset_problems(&rs), 0);
	r = &rs.runs[0];
	CHECK(run_complete(r));
	CHECK_EQ_U64(r->id, 0x54fdfb4f);
	CHECK_STR(run_rec_str(&r->one.hello, "arch"), "x86_64");
	CHECK_STR(run_rec_str(&r->one.hello, "platform"), "linux");
	CHECK_STR(run_rec_str(&r->one.hello, "cpu_model"), "AMD EPYC");
	CHECK_EQ_U64(r->nresults, 5);
	CHECK_EQ_U64(r->ngroups, 10);
	CHECK_EQ_U64(r->nrecords, run_rec_u64(&r->one.end, "records"));
	CHECK(run_pct(r, run_find(r, "node"), &v));
	CHECK(fabs(v - 94.7832) < 0.00005);
	/* the console table printed these; the report must agree */
	s = render(report_text, &rs);
	CHECK(strstr(s, "node     lock_or      2      67.4672      32.19   "
		      "63.12915     94.78  124.38") != NULL);
	CHECK(strstr(s, "%ticks vs global mask operation") != NULL);
	CHECK(strstr(s, "global mask                                 : "
		      "100.0000% (var: 3.55%)") != NULL);
	CHECK(strstr(s, "per-LLC mask (u8 plain store: store throughput):   "
		      "1.0090%") != NULL);
	CHECK(strstr(s, "NOTE: virtualized (hypervisor)") != NULL);
	CHECK(strstr(s, "per-node breakdown") != NULL);
	/* 71.18055 in the record: the console's 4th decimal is not known */
	CHECK(strstr(s, "global   lock_or      2     71.18055") != NULL);
	free(s);
	runset_free(&rs);
}

static void test_damaged(void)
{
	static const size_t lines[] = { 10, 22, 29, 59 };
	struct runset rs = { 0 };
	const struct run *r;
	char *s;

	load(&rs, "damaged.log");
	CHECK_EQ_U64(rs.nruns, 1);
	CHECK_EQ_U64(rs.nrejects, 4);
	for (size_t i = 0; i < 4 && i < rs.nrejects; i++)
		CHECK_EQ_U64(rs.rejects[i].line, lines[i]);
	if (rs.nrejects == 4) {
		CHECK_STR(rs.rejects[0].why, "checksum mismatch");
		CHECK(strstr(rs.rejects[1].why, "newer format") != NULL);
		CHECK_STR(rs.rejects[2].why, "checksum mismatch");
		CHECK(strstr(rs.rejects[3].why, "truncated") != NULL);
		CHECK(rs.rejects[3].have_run);
	}
	CHECK_EQ_U64(rs.files[0].repaired, 1);
	r = &rs.runs[0];
	CHECK(r->hello && !r->end && !run_complete(r));
	CHECK_EQ_U64(r->ncpu_recs, 1);	/* id=1 rejoined, id=0 lost */
	CHECK_EQ_U64(r->nresults, 5);
	CHECK_EQ_U64(r->ngroups, 9);
	CHECK_EQ_U64(runset_problems(&rs), 5);
	s = render(report_text, &rs);
	CHECK(strstr(s, "damaged.log:59: rejected record: no checksum") != NULL);
	CHECK(strstr(s, "incomplete (truncated?)") != NULL);
	free(s);
	runset_free(&rs);
}

static void test_two_runs_and_compare(void)
{
	struct runset rs = { 0 };
	char *s;

	load(&rs, "two-runs.log");
	load(&rs, "riscv64-qemu.log");
	load(&rs, "baremetal-x86_64.log");
	CHECK_EQ_U64(rs.nruns, 4);
	CHECK_EQ_U64(runset_problems(&rs), 0);
	CHECK_EQ_U64(rs.runs[0].nresults, 3);
	CHECK_EQ_U64(rs.runs[1].nresults, 3);
	CHECK(rs.runs[0].id != rs.runs[1].id);
	CHECK_STR(run_rec_str(&rs.runs[2].one.hello, "arch"), "riscv64");
	CHECK_STR(run_rec_str(&rs.runs[3].one.hello, "virt"), "none");
	s = render(report_compare, &rs);
	CHECK(strstr(s, "riscv64/opensbi/qemu") != NULL);
	CHECK(strstr(s, "x86_64/uefi/none") != NULL);
	CHECK(strstr(s, "% of global") != NULL);
	free(s);
	s = render(report_csv, &rs);
	{
		size_t rows = 0;

		for (char *p = s; *p; p++)
			rows += *p == '\n';
		CHECK_EQ_U64(rows, 1 + 3 + 3 + 5 + 5);
	}
	free(s);
	runset_free(&rs);
}

/* Hand-made corner cases: same run twice, hello missing, CRLF only. */
static void test_buffers(void)
{
	struct runset rs = { 0 };
	struct rec r;
	char log[2048];
	size_t n = 0;

	for (int i = 0; i < 2; i++) {
		rec_start(&r, "hello", 0x1234abcd);
		rec_str(&r, "arch", "arm64");
		rec_finish(&r);
		n += (size_t)snprintf(log + n, sizeof(log) - n, "%s", r.buf);
		rec_start(&r, "result", 0x1234abcd);
		rec_str(&r, "layout", "global");
		rec_dbl(&r, "median", i ? NAN : 10, 3);
		rec_finish(&r);
		n += (size_t)snprintf(log + n, sizeof(log) - n, "%s", r.buf);
		rec_start(&r, "end", 0x1234abcd);
		rec_u64(&r, "records", 2);
		rec_finish(&r);
		n += (size_t)snprintf(log + n, sizeof(log) - n, "%s", r.buf);
	}
	rec_start(&r, "result", 0x99999999);	/* no hello */
	rec_finish(&r);
	n += (size_t)snprintf(log + n, sizeof(log) - n, "%s", r.buf);
	runset_add_buffer(&rs, "mem", log, n);
	CHECK_EQ_U64(rs.nruns, 3);
	CHECK(run_complete(&rs.runs[0]) && run_complete(&rs.runs[1]));
	CHECK(!rs.runs[2].hello);
	CHECK_EQ_U64(runset_problems(&rs), 1);
	{
		char *s = render(report_json, &rs);

		/* NaN never reaches JSON */
		CHECK(strstr(s, "nan") == NULL);
		free(s);
	}
	runset_free(&rs);
}

static void test_fmt(void)
{
	char b[32];

	CHECK(!fmt_fix(b, sizeof(b), 87.791, 0.0005, 2));
	CHECK_STR(b, "87.79");
	CHECK(fmt_fix(b, sizeof(b), 82.795, 0.0005, 2));
	CHECK_STR(b, "82.795");
	CHECK(!fmt_fix(b, sizeof(b), 100.0, 0, 4));
	CHECK_STR(b, "100.0000");
}

/* A run that lost updates or ended status=fail is not a set of figures. */
static void test_failed_run(void)
{
	struct runset rs = { 0 };
	char log[4096];
	struct rec r;
	size_t n = 0;
	char *s;

	rec_start(&r, "hello", 0x0badc0de);
	rec_str(&r, "arch", "x86_64");
	rec_finish(&r);
	n += (size_t)snprintf(log + n, sizeof(log) - n, "%s", r.buf);
	for (int i = 0; i < 2; i++) {
		rec_start(&r, "result", 0x0badc0de);
		rec_str(&r, "layout", i ? "llc" : "global");
		rec_str(&r, "op", "lock_or");
		rec_dbl(&r, "median", i ? 5 : 10, 3);
		rec_u64(&r, "clean", i ? 0 : 1);
		rec_finish(&r);
		n += (size_t)snprintf(log + n, sizeof(log) - n, "%s", r.buf);
	}
	rec_start(&r, "end", 0x0badc0de);
	rec_str(&r, "status", "fail");
	rec_u64(&r, "records", 3);
	rec_finish(&r);
	n += (size_t)snprintf(log + n, sizeof(log) - n, "%s", r.buf);
	runset_add_buffer(&rs, "failed", log, n);
	CHECK_EQ_U64(rs.nruns, 1);
	CHECK(run_complete(&rs.runs[0]));
	CHECK(run_failed(&rs.runs[0]));
	CHECK_EQ_U64(runset_problems(&rs), 1);
	s = render(report_text, &rs);
	CHECK(strstr(s, "FAILED") != NULL);
	CHECK(strstr(s, "LOST-UPD") != NULL);
	CHECK(strstr(s, "lost updates, no figure") != NULL);
	CHECK(strstr(s, "50.00") == NULL);	/* no %global for the dirty row */
	free(s);
	s = render(report_csv, &rs);
	/* complete and the status, then the keys naming the machine */
	CHECK(strstr(s, ",1,fail,x86_64,,") != NULL);
	/* the clean column, named by the record's key: global clean, llc
	 * with lost updates */
	CHECK_STR(csv_cell(s, 1, "clean"), "1");
	CHECK_STR(csv_cell(s, 2, "clean"), "0");
	CHECK_STR(csv_cell(s, 2, "layout"), "llc");
	free(s);
	runset_free(&rs);
}

int main(void)
{
	test_failed_run();
	test_real_log();
	test_damaged();
	test_two_runs_and_compare();
	test_buffers();
	test_fmt();
	/* every key the readers above named is one its kind has */
	CHECK_EQ_U64(run_rec_bad_reads, 0);
	return check_done("test_report");
}
