/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reading console logs: split into lines (LF, CRLF or CR), strip ANSI
 * escape sequences and NUL bytes, hand every line holding "@sbm " to
 * rec_parse(), and count and name what was rejected.
 */
#ifndef SBM_LOGPARSE_H
#define SBM_LOGPARSE_H

#include <stddef.h>
#include <stdio.h>

#include "output/record.h"

struct log_reject {
	size_t line;
	const char *why;
};

struct log_stats {
	size_t lines, records, rejected;
};

/* Called for each valid record with its 1-based line number. */
typedef void (*log_record_fn)(void *arg, size_t line,
			      const struct rec_parsed *r);
/* Called for each damaged record. */
typedef void (*log_reject_fn)(void *arg, size_t line, const char *why,
			      const char *text);

void log_parse(const char *buf, size_t len, log_record_fn on_rec,
	       log_reject_fn on_bad, void *arg, struct log_stats *st);

/* Remove ANSI escapes, NULs and other control bytes in place. */
size_t log_clean_line(char *s, size_t n);

/* Read a whole file (or "-" for stdin); returns NULL on error. */
char *log_read_file(const char *path, size_t *len);

#endif
