/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console report: human lines for people, "@sbm" records (record.h)
 * for tools.  A leaf: it holds the run id and the record and warning
 * counts itself, takes plain descriptions (machine, topology) and calls
 * nothing but the console, the record keeper (keep.h) and, at the end,
 * the platform's end hooks (arch.h), so platform code can warn from
 * anywhere, before the engine exists.  Everything goes through
 * plat_console_write().
 */
#ifndef SBM_REPORT_H
#define SBM_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "machine.h"
#include "output/record.h"
#include "topo/topo.h"

#define SBM_VERSION "0.1.0"

/* The run id every record carries; set once, as early as possible. */
void report_set_run_id(uint32_t run_id);
uint32_t report_run_id(void);
uint32_t report_warnings(void);

void report_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Start a record of @kind for this run; finish with report_record(). */
void report_rec_start(struct rec *r, const char *kind);
/* Emit a finished record and count it. */
void report_record(struct rec *r);
/*
 * Counter ticks the last record took to go out (serial, screen, saved
 * result): estimates of experiments that print a record per item add it,
 * since on a slow console (QEMU's framebuffer under TCG) it dominates.
 */
uint64_t report_record_ticks(void);
/* Records emitted so far whose kind, a key or a value's type is not as
 * core/output/record_schema.def says, and in @first the "KIND KEY" of the
 * first ("" when none).  Tests hold every emitter to the schema. */
uint32_t report_off_schema(const char **first);
/* A problem the run survived: human line plus "@sbm warn". */
void report_warn(const char *what, uint32_t id, const char *msg);

void report_hello(const struct machine_info *in);
void report_topology(const struct topo *t);
/* One "cpufail" record per CPU that did not come up. */
void report_cpufail(const struct topo *t);
/* How many CPUs the run had and how many never came up: the end record
 * says so, so a run on fewer CPUs than the machine has is never taken for
 * a full one.  @start_ms: how long starting them took (<0: not timed, the
 * Linux twin). */
void report_cpus(uint32_t cpus, uint32_t lost, double start_ms,
		 const char *note);
/* Every way to power off returned: say so before the platform halts. */
void report_power_off_failed(void);
/* @n more CPUs lost after they came up (they stopped answering) */
void report_cpus_stopped(uint32_t n);
void report_end(int status);
/* A run that cannot start still ends with a verdict: hello, the reason,
 * end status=fail.  @in must be filled enough for the hello. */
void report_early_end(const struct machine_info *in, const char *what,
		      const char *msg);

#endif
