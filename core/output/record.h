/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Machine-readable console records:
 *
 *   @sbm KIND v=1 run=RRRRRRRR key=value ...  #CCCCCCCC
 *
 * CCCCCCCC is the CRC-32 (zlib) of every byte from '@' up to, not
 * including, the two spaces before '#'.  Values are bare words or
 * "double-quoted text" (no quote inside).  v is the format version; a
 * reader rejects records whose version it does not know.
 */
#ifndef SBM_RECORD_H
#define SBM_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define REC_VERSION	1
#define REC_MAX		1024	/* longest record line, with CRC and newline */
#define REC_MAX_FIELDS	64

struct rec {
	char buf[REC_MAX];
	size_t len;
	bool overflow;
};

void rec_start(struct rec *r, const char *kind, uint32_t run);
void rec_u64(struct rec *r, const char *key, uint64_t v);
void rec_hex(struct rec *r, const char *key, uint64_t v);
void rec_dbl(struct rec *r, const char *key, double v, int decimals);
/* Bare word if it has no space, '"', '#' or '=', else quoted ('"' -> '\''). */
void rec_str(struct rec *r, const char *key, const char *v);
/* Close the record: append "  #crc\n"; returns the line length. */
size_t rec_finish(struct rec *r);

struct rec_field {
	const char *key;
	const char *val;
};

struct rec_parsed {
	char kind[16];
	unsigned version;
	uint32_t run;
	size_t nfields;
	struct rec_field f[REC_MAX_FIELDS];
	char store[REC_MAX];
};

/*
 * Parse the record that starts at the first "@sbm " in @line (a line
 * without its terminator; trailing CR and blanks ignored).  Returns 1 for
 * a valid record, 0 when the line holds no record, -1 for a damaged or
 * unsupported one with the reason in @why.
 */
int rec_parse(const char *line, size_t len, struct rec_parsed *out,
	      const char **why);
const char *rec_get(const struct rec_parsed *p, const char *key);
/* Numeric field; returns false when absent or not a number. */
bool rec_get_u64(const struct rec_parsed *p, const char *key, uint64_t *v);
bool rec_get_dbl(const struct rec_parsed *p, const char *key, double *v);

#endif
