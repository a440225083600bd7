/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <string.h>

#include "output/keep.h"
#include "output/record.h"
#include "output/record_schema.h"
#include "output/result_store.h"

/*
 * Three classes, from the schema's save rank: the run's verdict and
 * figures always (while there is room before the reserve kept for the
 * END kind); lists that do not grow with the machine (the per-LLC and
 * per-node breakdowns) next; kinds that grow (per-CPU, per-pair) last,
 * only while a good part of the store is still free, so that a machine
 * with hundreds of CPUs cannot crowd out the results that come after
 * its cpu records.
 */
#define RESERVE_END	512		/* the end record always fits */
#define RESERVE_GROUP	(4u * 1024)	/* left free by class 1 */
#define RESERVE_DETAIL	(12u * 1024)	/* left free by class 2 */

static size_t reserve_for(const char *kind)
{
	const struct rec_schema *k = rec_schema_rank(kind);

	if (k->grows)
		return RESERVE_DETAIL;
	if (k->save == REC_SAVE_LIST)
		return RESERVE_GROUP;
	return k->save == REC_SAVE_END ? 0 : RESERVE_END;
}

void result_store_init(struct result_store *s, char *buf, size_t cap)
{
	memset(s, 0, sizeof(*s));
	s->buf = buf;
	s->cap = cap;
}

bool result_store_add(struct result_store *s, const char *line, size_t n)
{
	char kind[16];
	size_t reserve;

	keep_kind(line, n, kind, sizeof(kind));
	if (!s->buf || !kind[0])
		return false;
	reserve = reserve_for(kind);
	if (reserve > s->cap || s->len + n > s->cap - reserve) {
		s->dropped++;
		return false;
	}
	memcpy(s->buf + s->len, line, n);
	s->len += n;
	s->kept++;
	return true;
}

size_t result_store_finish(struct result_store *s)
{
	char note[96];
	int w;

	if (!s->buf || !s->dropped)
		return s->len;
	w = snprintf(note, sizeof(note), "sbmbench: %u records did not fit "
		     "in the saved result (see the serial log)\n", s->dropped);
	if (w > 0 && s->len + (size_t)w <= s->cap) {
		memcpy(s->buf + s->len, note, (size_t)w);
		s->len += (size_t)w;
	}
	return s->len;
}

int result_store_run_id(const char *text, size_t n, char *out)
{
	for (size_t i = 0; i + 13 <= n; i++) {
		size_t k;

		if (memcmp(text + i, " run=", 5))
			continue;
		for (k = 0; k < 8; k++) {
			char c = text[i + 5 + k];

			if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
				break;
			out[k] = c;
		}
		if (k == 8) {
			out[8] = 0;
			return 0;
		}
	}
	return -1;
}

void result_store_check(const char *text, size_t n,
			struct result_store_check *out)
{
	static struct rec_parsed p;	/* large; one run, one CPU at a time */
	size_t start = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i <= n; i++) {
		const char *why;
		int rc;

		if (i < n && text[i] != '\n')
			continue;
		rc = rec_parse(text + start, i - start, &p, &why);
		if (rc > 0) {
			out->good++;
			out->ended |= !strcmp(p.kind, "end");
		} else if (rc < 0) {
			out->damaged++;
		}
		start = i + 1;
	}
}
