/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * schema-check: the record schema (core/output/record_schema.def) against
 * what is really printed and written down.
 *
 *   schema-check logs FILE.. every valid record of the logs: its kind
 *                            and every key in the schema, each value of
 *                            the declared type; prints "seen KIND KEY"
 *                            per key met and one line per problem;
 *                            exit 1 on a problem or on no record at all
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/record.h"
#include "output/record_schema.h"

/* One record's problems, printed with @where; how many. */
static unsigned check_record(const struct rec_parsed *p, const char *where)
{
	const struct rec_schema *k = rec_schema_kind(p->kind);
	unsigned bad = 0;

	if (!k) {
		printf("%s: kind %s is not in the schema\n", where, p->kind);
		return 1;
	}
	for (size_t i = 0; i < p->nfields; i++) {
		const char *key = p->f[i].key, *val = p->f[i].val;
		const struct rec_schema *f;

		if (!strcmp(key, "v") || !strcmp(key, "run"))
			continue;
		f = rec_schema_key(k, key);
		if (!f) {
			printf("%s: %s key %s is not in the schema\n", where,
			       p->kind, key);
			bad++;
		} else if (!rec_schema_value_ok(f->type, val)) {
			printf("%s: %s %s=%s is not a %s\n", where, p->kind,
			       key, val, rec_schema_type_name(f->type));
			bad++;
		} else {
			printf("seen %s %s\n", p->kind, key);
		}
	}
	return bad;
}

static int logs(int argc, char **argv)
{
	static struct rec_parsed p;
	unsigned long records = 0, bad = 0;
	char *line = NULL;
	size_t cap = 0;

	for (int a = 0; a < argc; a++) {
		FILE *f = fopen(argv[a], "r");
		unsigned long n = 0;
		ssize_t len;

		if (!f) {
			perror(argv[a]);
			return 2;
		}
		while ((len = getline(&line, &cap, f)) > 0) {
			char where[300];
			const char *why;

			n++;
			while (len && (line[len - 1] == '\n' ||
				       line[len - 1] == '\r'))
				len--;
			if (rec_parse(line, (size_t)len, &p, &why) <= 0)
				continue;
			snprintf(where, sizeof(where), "%s:%lu", argv[a], n);
			records++;
			bad += check_record(&p, where);
		}
		fclose(f);
	}
	free(line);
	if (!records)
		printf("no records read\n");
	return bad || !records;
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "logs"))
		return logs(argc - 2, argv + 2);
	fprintf(stderr, "usage: schema-check logs FILE...\n");
	return 2;
}
