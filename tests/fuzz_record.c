/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target: rec_parse() on any bytes (NULs and control bytes
 * included), twice: as they are, and with the "@sbm " tag and a correct
 * "  #crc" trailer put around them, so that the bytes reach the field
 * reader instead of stopping at the checksum.  What is checked besides no
 * crash: a record accepted has a kind, a version this reader knows, a run
 * id, at most REC_MAX_FIELDS fields, each key non-empty and found again
 * by rec_get(), every string inside the parsed record.
 */
#define _POSIX_C_SOURCE 200809L	/* strnlen */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/crc32.h"
#include "output/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static __attribute__((noreturn)) void fail(const char *what)
{
	fprintf(stderr, "fuzz_record: %s\n", what);
	abort();
}

static int within(const struct rec_parsed *p, const char *s)
{
	return s >= p->store && s < p->store + sizeof(p->store) &&
	       memchr(s, 0, (size_t)(p->store + sizeof(p->store) - s));
}

static void parse_checked(const char *line, size_t len)
{
	static struct rec_parsed p;
	const char *why = NULL;
	int rc = rec_parse(line, len, &p, &why);
	uint64_t u;
	double d;

	if (rc < 0 && !why)
		fail("damaged without a reason");
	if (rc != 1)
		return;
	if (!p.kind[0] || strnlen(p.kind, sizeof(p.kind)) == sizeof(p.kind))
		fail("bad kind");
	if (p.version < 1 || p.version > REC_VERSION)
		fail("version");
	if (!p.nfields || p.nfields > REC_MAX_FIELDS)
		fail("field count");
	for (size_t i = 0; i < p.nfields; i++) {
		if (!within(&p, p.f[i].key) || !within(&p, p.f[i].val) ||
		    !p.f[i].key[0])
			fail("field outside the record");
		if (!rec_get(&p, p.f[i].key))
			fail("rec_get misses a key");
		rec_get_u64(&p, p.f[i].key, &u);
		rec_get_dbl(&p, p.f[i].key, &d);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char tag[] = "@sbm ";
	/* tag, bytes, "  #" and 8 hex digits: exact size, no NUL */
	size_t n = sizeof(tag) - 1 + size, len = n + 11;
	char *raw = malloc(size ? size : 1), *line = malloc(len);
	char trailer[12];

	if (!raw || !line)
		goto out;
	memcpy(raw, data, size);
	parse_checked(raw, size);

	memcpy(line, tag, 5);
	memcpy(line + 5, data, size);
	snprintf(trailer, sizeof(trailer), "  #%08x", crc32(line, n));
	memcpy(line + n, trailer, 11);
	parse_checked(line, len);
out:
	free(line);
	free(raw);
	return 0;
}
