/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>

#include "log/logparse.h"

size_t log_clean_line(char *s, size_t n)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (ch == 0x1b) {
			/* CSI: ESC [ params... final byte in 0x40..0x7e */
			if (i + 1 < n && s[i + 1] == '[') {
				i += 2;
				while (i < n && !((unsigned char)s[i] >= 0x40 &&
						  (unsigned char)s[i] <= 0x7e))
					i++;
			} else if (i + 1 < n) {
				i++;	/* two-byte escape (ESC c, ESC 7 ...) */
			}
			continue;
		}
		if (ch < 0x20 && ch != '\t')
			continue;
		s[o++] = (char)ch;
	}
	return o;
}

void log_parse(const char *buf, size_t len, log_record_fn on_rec,
	       log_reject_fn on_bad, void *arg, struct log_stats *st)
{
	static struct rec_parsed rec;
	char *line = malloc(REC_MAX * 4);
	size_t pos = 0;

	memset(st, 0, sizeof(*st));
	if (!line)
		return;
	while (pos < len) {
		size_t end = pos, n;
		const char *why = "";
		int rc;

		while (end < len && buf[end] != '\n' && buf[end] != '\r')
			end++;
		st->lines++;
		n = end - pos;
		if (n >= REC_MAX * 4)
			n = REC_MAX * 4 - 1;	/* far past any record */
		memcpy(line, buf + pos, n);
		n = log_clean_line(line, n);
		line[n] = 0;
		rc = rec_parse(line, n, &rec, &why);
		if (rc > 0) {
			st->records++;
			if (on_rec)
				on_rec(arg, st->lines, &rec);
		} else if (rc < 0) {
			st->rejected++;
			if (on_bad)
				on_bad(arg, st->lines, why, line);
		}
		/* CRLF is one line break; a lone CR also ends a line */
		if (end < len && buf[end] == '\r' && end + 1 < len &&
		    buf[end + 1] == '\n')
			end++;
		pos = end + 1;
	}
	free(line);
}

char *log_read_file(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	size_t cap = 1 << 16, n = 0;
	char *buf;

	if (!f)
		return NULL;
	buf = malloc(cap + 1);
	while (buf) {
		size_t got = fread(buf + n, 1, cap - n, f);

		n += got;
		if (n < cap)
			break;
		cap *= 2;
		{
			char *nb = realloc(buf, cap + 1);

			if (!nb) {
				free(buf);
				buf = NULL;
			}
			buf = nb;
		}
	}
	if (f != stdin)
		fclose(f);
	if (buf) {
		buf[n] = 0;
		*len = n;
	}
	return buf;
}
