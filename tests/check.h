/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Minimal assertion harness for the host unit tests.  Each test program
 * counts its checks and exits non-zero when any failed, which is what
 * Automake's test driver reads.
 */
#ifndef SBM_TESTS_CHECK_H
#define SBM_TESTS_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failed;
static int check_total;

#define CHECK(cond)                                                        \
	do {                                                               \
		check_total++;                                             \
		if (!(cond)) {                                             \
			check_failed++;                                    \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n",       \
				__FILE__, __LINE__, #cond);                \
		}                                                          \
	} while (0)

#define CHECK_EQ_U64(a, b)                                                 \
	do {                                                               \
		unsigned long long _a = (a), _b = (b);                     \
		check_total++;                                             \
		if (_a != _b) {                                            \
			check_failed++;                                    \
			fprintf(stderr, "%s:%d: %s == %s failed: %llu != %llu\n", \
				__FILE__, __LINE__, #a, #b, _a, _b);       \
		}                                                          \
	} while (0)

#define CHECK_STR(a, b)                                                    \
	do {                                                               \
		const char *_a = (a), *_b = (b);                           \
		check_total++;                                             \
		if (!_a || !_b || strcmp(_a, _b)) {                        \
			check_failed++;                                    \
			fprintf(stderr, "%s:%d: \"%s\" != \"%s\"\n",       \
				__FILE__, __LINE__, _a ? _a : "(null)",    \
				_b ? _b : "(null)");                       \
		}                                                          \
	} while (0)

static inline int check_done(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, check_total, check_failed);
	return check_failed ? 1 : 0;
}

#endif
