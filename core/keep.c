/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include "keep.h"

static struct {
	char buf[KEEP_BYTES];
	size_t used;
	size_t off[KEEP_MAX], len[KEEP_MAX];
	size_t n, dropped;
} kept;

void keep_kind(const char *line, size_t len, char *kind, size_t cap)
{
	size_t k = 0;

	if (len > 5 && !memcmp(line, "@sbm ", 5))
		for (size_t i = 5; i < len && line[i] != ' ' && k + 1 < cap; i++)
			kind[k++] = line[i];
	if (cap)
		kind[k] = 0;
}

bool keep_bulky(const char *kind)
{
	/* one per CPU, pair, cache or scaling point: grows with the machine */
	static const char *const kinds[] = { "cpu", "cache", "c2c", "noise",
					     "scale" };

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(kind, kinds[i]))
			return true;
	return false;
}

void keep_record(const char *line, size_t len)
{
	char kind[16];

	keep_kind(line, len, kind, sizeof(kind));
	if (!kind[0])
		return;
	if (kept.n == KEEP_MAX || len > sizeof(kept.buf) - kept.used ||
	    (keep_bulky(kind) && kept.used + len > sizeof(kept.buf) / 2)) {
		kept.dropped++;
		return;
	}
	memcpy(kept.buf + kept.used, line, len);
	kept.off[kept.n] = kept.used;
	kept.len[kept.n++] = len;
	kept.used += len;
}

size_t keep_count(void)
{
	return kept.n;
}

const char *keep_line(size_t i, size_t *len)
{
	if (i >= kept.n)
		return NULL;
	*len = kept.len[i];
	return kept.buf + kept.off[i];
}

size_t keep_dropped(void)
{
	return kept.dropped;
}
