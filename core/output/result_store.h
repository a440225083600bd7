/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The compact result: the records a report needs, collected as they are
 * printed, for a platform that can keep them somewhere (UEFI variables)
 * when the serial console is all there is and nobody reads it.  Fixed
 * size; the records that matter most are kept first (see the classes in
 * result_store.c), and the rest only while they fit.
 */
#ifndef SBM_RESULT_STORE_H
#define SBM_RESULT_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* 32 KiB in all: four UEFI variables of 8 KiB (the bound). */
#define RESULT_STORE_MAX	(32u * 1024)
#define RESULT_STORE_PART	(8u * 1024)

struct result_store {
	char *buf;
	size_t cap, len;
	uint32_t kept, dropped;	/* records */
};

void result_store_init(struct result_store *s, char *buf, size_t cap);

/* Offer one console record line (as record.h formats it, newline
 * included); returns whether it was kept. */
bool result_store_add(struct result_store *s, const char *line, size_t n);

/* The text to save: the kept records and, when some did not fit, a last
 * human line saying how many (tools skip non-record lines). */
size_t result_store_finish(struct result_store *s);

/* What a saved text holds: records whose CRC and form check, damaged
 * ones, and whether the run's "end" record is among the good. */
struct result_store_check {
	uint32_t good, damaged;
	bool ended;
};
void result_store_check(const char *text, size_t n,
			struct result_store_check *out);

/* The run id of the first record in @text ("run=%08x"), into @out (9
 * bytes); -1 when there is none. */
int result_store_run_id(const char *text, size_t n, char *out);

#endif
