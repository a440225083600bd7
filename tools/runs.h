/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Gathering console records into runs.  A run is every record that
 * carries one run id, from its "hello" to its "end"; one log may hold
 * several runs and several logs may be read into one set.  What could not
 * be read is kept too (file, line, reason), so reports can name it.
 */
#ifndef SBM_RUNS_H
#define SBM_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "output/record.h"
#include "run_records.h"

struct run_map;		/* runmap.h */

/* A result record; its fields and their have_ flags are filled from the
 * record by run_result_table (run_fields.c), which the CSV and JSON
 * writers also read. */
struct run_result {
	char layout[16], op[24], mode[8], unit[16];
	unsigned cpus;
	uint64_t iters, reps;
	double median, mean, min, max, stddev, cv, rep_cv, ns, cycles, pct;
	bool have_ns, have_cycles, have_pct, clean;
	/* since the gap= option: the rate, the interval, the floor */
	bool have_gap, have_floor;	/* have_floor: cost_ns */
	unsigned gap;		/* ns of private work between updates */
	double ci95, upd_ns, pct_median, cost_ns, floor;
	bool have_ci95, have_upd_ns, have_pct_median, have_floor_mean;
	bool have_mhz;		/* the effective clock, where cycles were read */
	double mhz;
	/* since interleaved reps: intervals, %global above the floors at a
	 * gap (absent: no floor), the gap the CPUs really had */
	bool have_pct_ci, have_cost_ci, have_pct_abv, have_pct_abv_ci;
	bool have_gap_real;
	double pct_ci, cost_ci, pct_abv, pct_abv_ci, gap_real_ns;
	/* since windows bounded by time: the iterations one CPU completed
	 * in one window, fewest and most */
	bool have_iters_min, have_iters_max;
	double iters_min, iters_max;
	double err;		/* rounding bound of median/mean/min/max */
};

struct run_group {
	char layout[16], by[8];
	unsigned id, cpus, gap;
	double median, mean, min, max;
	double err;
};

struct run_cache {
	unsigned level, line, ways, sets, shared_by, instances;
	uint64_t size;
	char type[12];
};

/* An "llc" or "node" record: which CPUs share it. */
struct run_domain {
	bool node;
	unsigned id, ncpus;
	char cpus[1024], dist[320];	/* cpus ends "..." when cut */
};

struct run_warn {
	char what[32], msg[160];
	uint64_t id;
};

struct run_fail {
	unsigned id;
	char hwid[24];
};

/*
 * hello's keys that name the machine (SMBIOS, microcode, MIDR/REVIDR,
 * the riscv DT model and SBI ids): one list for every reader and writer,
 * the CSV column and JSON key each the record key.
 */
#define RUN_IDENT(X) X(sys_vendor) X(product) X(board_vendor) X(board) \
	X(bios_vendor) X(bios_version) X(bios_date) X(cpu_version) \
	X(cpu_mhz) X(microcode) X(midr) X(revidr) X(dt_model) \
	X(mvendorid) X(marchid) X(mimpid)
#define RUN_IDENT_ENUM(k) RUN_ID_##k,
enum { RUN_IDENT(RUN_IDENT_ENUM) RUN_NIDENT };
extern const char *const run_ident_key[RUN_NIDENT];

struct run;
/* "product, board, firmware version (date), microcode/midr": what names
 * the machine in one line (empty when hello said nothing of it). */
void run_ident_line(const struct run *r, char *buf, size_t len);

struct run {
	unsigned file;		/* index into runset.files */
	uint32_t id;
	size_t first_line, last_line;
	size_t nrecords;	/* valid records before "end" */
	bool hello, topo, config, end;

	/* hello */
	char version[16], arch[16], platform[16], virt[32], cpu_model[96];
	/* the machine's identity, hello's RUN_IDENT keys ("" when absent) */
	char ident[RUN_NIDENT][48];
	char counter[16], hz_source[48], cycle_counter[16];
	uint64_t counter_hz;
	bool cycles;
	/* topo */
	unsigned cpus, packages, nodes, llcs, cores, smt, line;
	char llc_source[32], node_source[32];
	/* config */
	uint64_t iters, reps, warmup;
	unsigned run_cpus;
	char mode[8], ops[128], placement[12];
	/* end */
	char status[8];
	uint64_t end_warnings, end_records;
	uint64_t end_cpus, end_lost;	/* images since the lost= count */
	bool have_lost, have_end_cpus;
	/* the qr record: what the screen's QR codes hold (held records
	 * before end, results of of_results) */
	uint64_t qr_held, qr_results, qr_of_results;

	size_t ncpu_recs, nerrors;
	struct run_result *results;
	size_t nresults;
	struct run_group *groups;
	size_t ngroups;
	struct run_cache *caches;
	size_t ncaches;
	struct run_domain *domains;
	size_t ndomains;
	struct run_warn *warns;
	size_t nwarns;
	struct run_fail *fails;
	size_t nfails;
	struct run_map *map;	/* c2c and noise (runmap.c), NULL if none */
	struct run_records records;	/* every record, as the schema names it */
};

struct run_reject {
	unsigned file;
	size_t line;
	char why[64], text[100];
	bool have_run;		/* a run id was readable in the damaged text */
	uint32_t run;
};

struct run_file {
	char *path;
	size_t lines, records, rejected, repaired;
};

struct runset {
	struct run *runs;
	size_t nruns, cap_runs;
	struct run_reject *rejects;
	size_t nrejects, cap_rejects;
	struct run_file *files;
	size_t nfiles, cap_files;
};

/* Read one log file ("-" is stdin); returns -1 when it cannot be read. */
int runset_add_log(struct runset *rs, const char *path);

/* Arrays inside a run stay small: @p (n elements of @size) grown by one
 * zeroed element; exits on no memory, as sbmlog does everywhere. */
void *run_array_grow(void *p, size_t n, size_t size);
/* A new zeroed element at the end of @arr (@n elements), its address. */
#define RUN_PUSH(arr, n) \
	(arr = run_array_grow(arr, n, sizeof(*(arr))), &(arr)[(n)++])
/* Half a unit of the last digit the record printed of @key: its
 * rounding bound. */
double run_round_err(const struct rec_parsed *p, const char *key);
/* Gather the records of a log already in memory, named @name. */
void runset_add_buffer(struct runset *rs, const char *name, const char *buf,
		       size_t len);
void runset_free(struct runset *rs);

/* Records the end record counts that never arrived intact. */
size_t run_missing(const struct run *r);
/* The run came from the screen's QR codes: exactly the records they hold
 * (the qr record says how many), a part of what the console had. */
bool run_from_qr(const struct run *r);
bool run_complete(const struct run *r);
/* The run said status=fail or a layout lost updates. */
bool run_failed(const struct run *r);
/* Damaged records, incomplete or failed runs: non-zero means exit 1. */
size_t runset_problems(const struct runset *rs);

#endif
