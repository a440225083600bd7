/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include "output/keep.h"
#include "output/record_schema.h"

static struct {
	char buf[KEEP_BYTES];
	size_t used;
	size_t off[KEEP_MAX], len[KEEP_MAX];
	unsigned char rank[KEEP_MAX];	/* keep_rank() of each */
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
	return rec_schema_rank(kind)->grows;
}

unsigned keep_rank(const char *kind)
{
	/* the schema's save rank: the end record keeps with the verdict;
	 * per-LLC groups are a list too (47 KiB on a 2-socket EPYC 9654) */
	switch (rec_schema_rank(kind)->save) {
	case REC_SAVE_END:
	case REC_SAVE_VERDICT:
		return 0;
	case REC_SAVE_REST:
		return 1;
	}
	return 2;
}

/* Drop record @i, closing the gap (records arrive between windows:
 * the memmove is never in a timed one). */
static void drop(size_t i)
{
	size_t off = kept.off[i], len = kept.len[i];

	memmove(kept.buf + off, kept.buf + off + len, kept.used - off - len);
	kept.used -= len;
	for (size_t j = i + 1; j < kept.n; j++) {
		kept.off[j - 1] = kept.off[j] - len;
		kept.len[j - 1] = kept.len[j];
		kept.rank[j - 1] = kept.rank[j];
	}
	kept.n--;
	kept.dropped++;
}

/* Room for @len more bytes and one more record by evicting the latest
 * records of a lower rank than @rank (lowest first); false if even
 * that is not enough (then nothing was evicted). */
static bool make_room(unsigned rank, size_t len)
{
	size_t free_bytes = sizeof(kept.buf) - kept.used;
	size_t free_n = KEEP_MAX - kept.n;

	/* first see whether evicting can make it fit at all */
	for (size_t i = kept.n; i-- > 0 && (free_bytes < len || !free_n);)
		if (kept.rank[i] > rank) {
			free_bytes += kept.len[i];
			free_n++;
		}
	if (free_bytes < len || !free_n)
		return false;
	for (unsigned r = 2; r > rank; r--)
		for (size_t i = kept.n; i-- > 0;) {
			if (len <= sizeof(kept.buf) - kept.used &&
			    kept.n < KEEP_MAX)
				return true;
			if (kept.rank[i] == r)
				drop(i);
		}
	return true;
}

void keep_record(const char *line, size_t len)
{
	char kind[16];
	unsigned rank;

	keep_kind(line, len, kind, sizeof(kind));
	if (!kind[0])
		return;
	rank = keep_rank(kind);
	if (len > sizeof(kept.buf) ||
	    (keep_bulky(kind) && kept.used + len > sizeof(kept.buf) / 2) ||
	    ((kept.n == KEEP_MAX || len > sizeof(kept.buf) - kept.used) &&
	     !make_room(rank, len))) {
		kept.dropped++;
		return;
	}
	memcpy(kept.buf + kept.used, line, len);
	kept.off[kept.n] = kept.used;
	kept.rank[kept.n] = (unsigned char)rank;
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

void keep_reset(void)
{
	kept.n = kept.used = kept.dropped = 0;
}
