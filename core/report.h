/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console report: human lines for people, "@sbm" records (record.h)
 * for tools.  Everything goes through plat_console_write().
 */
#ifndef SBM_REPORT_H
#define SBM_REPORT_H

#include <stdint.h>

#include "bench.h"
#include "record.h"

#define SBM_VERSION "0.1.0"

void report_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void report_hello(struct bench *b);
void report_topology(struct bench *b);
void report_config(struct bench *b);
void report_progress(struct bench *b, enum sbm_kind k);
void report_result(struct bench *b, const struct bench_result *r);
void report_table(struct bench *b);
void report_end(struct bench *b, int status);
/* A run that cannot start still ends with a verdict: hello, the reason,
 * end status=fail.  b->info must be filled enough for the hello. */
void report_early_end(struct bench *b, const char *what, const char *msg);

/* A problem the run survived: human line plus "@sbm warn". */
void report_warn(struct bench *b, const char *what, uint32_t id,
		 const char *msg);
/* Emit a finished record and count it. */
void report_record(struct bench *b, struct rec *r);

#endif
