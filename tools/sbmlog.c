/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbmlog: reads sbmbench console logs on the build machine.
 *
 *   sbmlog check LOG...     count valid and damaged records; exit 1 when
 *                           a record is damaged or a run has no end
 *   sbmlog records LOG      print every valid record as "KIND key=value..."
 *   sbmlog report LOG... [--format text|csv|json] [--table NAME]
 *                           per run: the seed-style table, per-LLC and
 *                           per-node figures, the machine, the c2c grid
 *                           and noise table, then what was rejected;
 *                           exit 1 on damage or incomplete runs.  CSV is
 *                           one table: --table picks it (default sbm),
 *                           any record kind of the schema or a table an
 *                           experiment adds (sbmlog tables lists them);
 *                           --table scale also as text or JSON alone
 *   sbmlog tables           the --table names: "NAME FORMATS WHAT"
 *   sbmlog experiments      the registry's names, one a line, in order
 *   sbmlog compare LOG...   one column per run, rows per layout
 *   sbmlog plot LOG... -o FILE.png|FILE.svg [--metric pct|ns|both] [--keep]
 *                           bar chart of the layouts per run, via gnuplot
 *   sbmlog plot LOG... --table c2c|c2c-cas -o FILE.png|FILE.svg [--keep]
 *                           heat map of the c2c matrix per run
 *   sbmlog plot LOG... --table rw -o FILE.png|FILE.svg [--keep]
 *                           writer cost against reader cost per layout
 *   sbmlog plot LOG... --table scale|noise -o FILE.png|FILE.svg [--keep]
 *                           scaling curves per order (a line per layout),
 *                           noise histogram per run
 *   sbmlog predict LOG... | --topology SHAPE --latency LAT
 *                           the coherence model's figures (docs/model.md)
 *                           as a table and as model records: a log
 *
 * Exit status: 0 all records intact and every run complete, 1 damaged
 * records or incomplete runs (everything is still printed), 2 usage or
 * I/O errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/kind_tables.h"
#include "exp/model/layouts_list.h"
#include "exp/host_exp.h"
#include "log/inert.h"
#include "log/logparse.h"
#include "exp/sbm/sbm_results.h"
#include "log/logreport.h"
#include "exp/model/model_report.h"
#include "log/run_records.h"
#include "log/runmap.h"
#include "output/record_schema.h"

static int usage(void)
{
	fprintf(stderr,
		"usage: sbmlog check LOG...\n"
		"       sbmlog records LOG\n"
		"       sbmlog report LOG... [--format text|csv|json] "
		"[--table NAME]\n"
		"       sbmlog compare LOG LOG...\n"
		"       sbmlog plot LOG... -o FILE.png|FILE.svg "
		"[--metric pct|ns|both] [--keep]\n"
		"       sbmlog plot LOG... --table NAME "
		"-o FILE.png|FILE.svg [--keep]\n"
		"       sbmlog predict LOG... | --topology SHAPE --latency "
		"LAT (sbmlog predict -h)\n"
		"       sbmlog schema\n"
		"       sbmlog tables      (the --table NAMEs)\n"
		"       sbmlog experiments (the registry, in its order)\n"
		"LOG may be - for standard input.\n");
	return 2;
}

struct check_state {
	const char *path;
	size_t ends;
	size_t runs;
	uint32_t last_run;
};

static void on_bad(void *arg, size_t line, const char *why, const char *text)
{
	struct check_state *cs = arg;

	(void)text;
	printf("%s:%zu: rejected record: %s\n", cs->path, line, why);
}

static void on_check(void *arg, size_t line, const struct rec_parsed *r)
{
	struct check_state *cs = arg;

	(void)line;
	if (!strcmp(r->kind, "hello")) {
		cs->runs++;
		cs->last_run = r->run;
	}
	if (!strcmp(r->kind, "end"))
		cs->ends++;
}

static void print_record(FILE *f, const void *arg)
{
	const struct rec_parsed *r = arg;

	fprintf(f, "%s", r->kind);
	for (size_t i = 0; i < r->nfields; i++)
		fprintf(f, " %s=%s", r->f[i].key, r->f[i].val);
	fprintf(f, "\n");
}

/* A log's bytes reach the terminal inert (tab, DEL, C1 as \xNN). */
static void on_print(void *arg, size_t line, const struct rec_parsed *r)
{
	(void)arg;
	(void)line;
	text_inert(stdout, print_record, r);
}

static int cmd_check(int argc, char **argv)
{
	int bad = 0;

	for (int i = 0; i < argc; i++) {
		struct check_state cs = { .path = argv[i] };
		struct log_stats st;
		size_t len;
		char *buf = log_read_file(argv[i], &len);

		if (!buf) {
			fprintf(stderr, "sbmlog: cannot read %s\n", argv[i]);
			bad = 1;
			continue;
		}
		log_parse(buf, len, on_check, on_bad, &cs, &st);
		printf("%s: %zu lines, %zu records, %zu rejected, %zu runs, %zu ended\n",
		       argv[i], st.lines, st.records, st.rejected, cs.runs,
		       cs.ends);
		if (st.rejected || !cs.runs || cs.ends < cs.runs)
			bad = 1;
		free(buf);
	}
	return bad;
}

static int cmd_records(int argc, char **argv)
{
	struct check_state cs = { .path = argv[0] };
	struct log_stats st;
	size_t len;
	char *buf;

	if (argc != 1)
		return usage();
	buf = log_read_file(argv[0], &len);
	if (!buf) {
		fprintf(stderr, "sbmlog: cannot read %s\n", argv[0]);
		return 2;
	}
	log_parse(buf, len, on_print, NULL, &cs, &st);
	free(buf);
	return st.rejected ? 1 : 0;
}

struct opts {
	const char *format, *out, *metric, *table;
	bool keep;
};

/* Options may come before or after the logs; the rest are logs. */
static int load(int argc, char **argv, struct opts *o, struct runset *rs)
{
	int nlogs = 0;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], **slot = NULL;

		if (!strcmp(a, "--format") || !strcmp(a, "-f"))
			slot = &o->format;
		else if (!strcmp(a, "-o") || !strcmp(a, "--output"))
			slot = &o->out;
		else if (!strcmp(a, "--metric"))
			slot = &o->metric;
		else if (!strcmp(a, "--table"))
			slot = &o->table;
		if (slot) {
			if (++i >= argc)
				return usage();
			*slot = argv[i];
			continue;
		}
		if (!strncmp(a, "--format=", 9)) {
			o->format = a + 9;
		} else if (!strncmp(a, "--metric=", 9)) {
			o->metric = a + 9;
		} else if (!strncmp(a, "--table=", 8)) {
			o->table = a + 8;
		} else if (!strcmp(a, "--keep")) {
			o->keep = true;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "sbmlog: unknown option %s\n", a);
			return usage();
		} else if (runset_add_log(rs, a)) {
			fprintf(stderr, "sbmlog: cannot read %s\n", a);
			return 2;
		} else {
			nlogs++;
		}
	}
	return nlogs ? 0 : usage();
}

static int status_of(const struct runset *rs, FILE *note)
{
	size_t n = runset_problems(rs);

	if (note && n)
		fprintf(note, "sbmlog: %zu damaged records, %zu problems in "
			"all (see report)\n", rs->nrejects, n);
	return n || !rs->nruns ? 1 : 0;
}

static int cmd_report(int argc, char **argv)
{
	struct opts o = { .format = "text" };
	struct runset rs = { 0 };
	int rc = load(argc, argv, &o, &rs);
	const struct host_table *t;

	if (rc)
		goto out;
	/* the default table: the registry's first (sbm's CSV) */
	t = o.table ? host_table_of(o.table, o.format) :
		host_table_first(o.format);
	if (o.out || o.metric || o.keep ||
	    (o.table && !t && strcmp(o.format, "csv"))) {
		rc = usage();
	} else if (t) {
		/* an experiment's own table: stdout stays that table alone */
		t->print(stdout, &rs, o.format);
		report_problems(stderr, &rs);
		rc = status_of(&rs, stderr);
	} else if (o.table) {
		/* any kind's records: one table on stdout, as below */
		if (report_kind_csv(stdout, &rs, o.table)) {
			fprintf(stderr, "sbmlog: unknown table %s\n", o.table);
			rc = usage();
		} else {
			report_problems(stderr, &rs);
			rc = status_of(&rs, stderr);
		}
	} else if (!strcmp(o.format, "text")) {
		report_text(stdout, &rs);
		rc = status_of(&rs, NULL);
	} else if (!strcmp(o.format, "json")) {
		report_json(stdout, &rs);
		rc = status_of(&rs, stderr);
	} else {
		fprintf(stderr, "sbmlog: unknown format %s\n", o.format);
		rc = usage();
	}
out:
	runset_free(&rs);
	return rc;
}

static int cmd_compare(int argc, char **argv)
{
	struct opts o = { 0 };
	struct runset rs = { 0 };
	int rc = load(argc, argv, &o, &rs);

	if (!rc && (o.out || o.metric || o.keep || o.format || o.table))
		rc = usage();
	if (!rc) {
		report_compare(stdout, &rs);
		rc = status_of(&rs, NULL);
	}
	runset_free(&rs);
	return rc;
}

static int cmd_plot(int argc, char **argv)
{
	struct opts o = { .metric = "both" };
	struct runset rs = { 0 };
	enum plot_metric m = PLOT_BOTH;
	int rc = load(argc, argv, &o, &rs);

	if (rc)
		goto out;
	if (!strcmp(o.metric, "pct"))
		m = PLOT_PCT;
	else if (!strcmp(o.metric, "ns"))
		m = PLOT_NS;
	else if (strcmp(o.metric, "both"))
		o.out = NULL;
	if (!o.out || o.format) {
		rc = usage();
		goto out;
	}
	if (!o.table) {
		rc = report_plot(&rs, o.out, m, o.keep);
	} else {
		const struct host_plot *p = host_plot_of(o.table);

		rc = p ? p->plot(&rs, o.out, o.keep) : usage();
	}
	if (rc) {
		rc = 2;
		goto out;
	}
	report_problems(stderr, &rs);
	rc = status_of(&rs, NULL);
	if (!rc)
		fprintf(stderr, "sbmlog: wrote %s\n", o.out);
out:
	runset_free(&rs);
	return rc;
}

/*
 * The record schema this sbmlog was built with, for programs that read
 * records (tools/sbmdb): "kind KIND save qr grows" per kind, then
 * "key KIND KEY type unit [role]" per key ("-": no unit; the role, such
 * as "machine", only where the key has one).
 */
static int cmd_schema(void)
{
	static const char *const save[] = { "end", "verdict", "rest", "list" };

	for (const struct rec_schema *k = rec_schema_first(); k;
	     k = rec_schema_next(k)) {
		printf("kind %s %s %u %s\n", k->kind, save[k->save], k->qr,
		       k->grows ? "grows" : "one");
		for (const struct rec_schema *f = k + 1; f->key; f++) {
			const char *role = rec_schema_role_name(f->role);

			printf("key %s %s %s %s%s%s\n", k->kind, f->key,
			       rec_schema_type_name(f->type),
			       f->unit[0] ? f->unit : "-", role ? " " : "",
			       role ? role : "");
		}
	}
	return fflush(stdout) ? 2 : 0;
}

/*
 * What --table takes: "NAME csv|plot|text WHAT" per line.  The CSV of
 * every record kind comes from the schema; the rest are the tables and
 * plots the experiments' host files make (tools/exp/).
 */
static int cmd_tables(void)
{
	for (size_t i = 0; host_names[i]; i++)
		for (const struct host_table *t = host_experiments[i] ?
		     host_experiments[i]->tables : NULL; t && t->name; t++)
			printf("%s %s %s\n", t->name, t->formats, t->what);
	for (const struct rec_schema *k = rec_schema_first(); k;
	     k = rec_schema_next(k))
		printf("%s csv every %s record, a column per key of the "
		       "schema\n", k->kind, k->kind);
	for (size_t i = 0; host_names[i]; i++)
		for (const struct host_plot *p = host_experiments[i] ?
		     host_experiments[i]->plots : NULL; p && p->name; p++)
			printf("%s plot %s\n", p->name, p->what);
	return fflush(stdout) ? 2 : 0;
}

/* The registry, in its order: what the HTML page loads each
 * experiment's part by (tools/exp/NAME/page.py). */
static int cmd_experiments(void)
{
	for (size_t i = 0; host_names[i]; i++)
		printf("%s\n", host_names[i]);
	return fflush(stdout) ? 2 : 0;
}

/* A read of a key its kind's schema lacks is a typo in these tools: said
 * on the way out, so every test that runs sbmlog sees it. */
static void bad_reads_said(void)
{
	if (run_rec_bad_reads)
		fprintf(stderr, "sbmlog: internal error: %zu reads of keys "
			"their record kind does not have (a typo in the host "
			"tools)\n", run_rec_bad_reads);
}

int main(int argc, char **argv)
{
	atexit(bad_reads_said);
	if (argc == 2 && !strcmp(argv[1], "schema"))
		return cmd_schema();
	if (argc == 2 && !strcmp(argv[1], "tables"))
		return cmd_tables();
	if (argc == 2 && !strcmp(argv[1], "experiments"))
		return cmd_experiments();
	if (argc < 3)
		return usage();
	if (!strcmp(argv[1], "check"))
		return cmd_check(argc - 2, argv + 2);
	if (!strcmp(argv[1], "records"))
		return cmd_records(argc - 2, argv + 2);
	if (!strcmp(argv[1], "report"))
		return cmd_report(argc - 2, argv + 2);
	if (!strcmp(argv[1], "compare"))
		return cmd_compare(argc - 2, argv + 2);
	if (!strcmp(argv[1], "plot"))
		return cmd_plot(argc - 2, argv + 2);
	if (!strcmp(argv[1], "predict"))
		return model_predict_main(argc - 2, argv + 2);
	if (!strcmp(argv[1], "layouts"))
		return layouts_main(argc - 2, argv + 2);
	return usage();
}
