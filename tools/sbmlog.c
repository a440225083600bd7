/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbmlog: reads sbmbench console logs on the build machine.
 *
 *   sbmlog check LOG...     count valid and damaged records; exit 1 when
 *                           a record is damaged or a run has no end
 *   sbmlog records LOG      print every valid record as "KIND key=value..."
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logparse.h"

static int usage(void)
{
	fprintf(stderr,
		"usage: sbmlog check LOG...\n"
		"       sbmlog records LOG\n");
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

static void on_print(void *arg, size_t line, const struct rec_parsed *r)
{
	(void)arg;
	(void)line;
	printf("%s", r->kind);
	for (size_t i = 0; i < r->nfields; i++)
		printf(" %s=%s", r->f[i].key, r->f[i].val);
	printf("\n");
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

int main(int argc, char **argv)
{
	if (argc < 3)
		return usage();
	if (!strcmp(argv[1], "check"))
		return cmd_check(argc - 2, argv + 2);
	if (!strcmp(argv[1], "records"))
		return cmd_records(argc - 2, argv + 2);
	return usage();
}
