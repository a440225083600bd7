/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine map of a run: its CPUs (the engine's "cpu" records) and
 * what the experiments' host files (tools/exp/host_NAME.c) read from
 * their records, for their text tables, comparisons and plots.  Kept
 * beside struct run (runs.h), which holds a pointer to it.
 */
#ifndef SBM_RUNMAP_H
#define SBM_RUNMAP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "output/record.h"

struct run;
struct runset;

struct map_cpu {
	unsigned id, package, node, llc, core, smt;
	bool disabled;	/* enabled=0: a hot-plug slot, in no layout */
};

struct map_pair {
	unsigned a, b, home, batch, cas_batch, timed, cas_timed;
	char cls[12];
	double median, min, cas_median, cas_min;	/* one-way ns */
};

struct map_noise {
	unsigned cpu, hist_lo;
	uint64_t count;
	double polled_ms, total, max;	/* ns, but polled */
	char hist[400];		/* counts from bucket hist_lo up, commas */
};

/* one "scale" point; records before layouts were one shared line:
 * layout "line", order "topo" */
struct map_scale {
	unsigned cpus, llcs;	/* llcs: those CPUs span; 0 unknown */
	char layout[16], order[8], op[24];
	bool clean;
	double median, min, max;	/* ticks per iteration */
	double ns, upd_ns;		/* the median per iteration, update */
};

/* one "scale-summary": a curve's k where the cost doubles over k = 1,
 * and for llc where it beats global and stops; "" when absent */
struct map_scale_sum {
	char layout[16], order[8], op[24];
	unsigned cpus;
	double base_ns, last_ns;
	char doubles_at[12], wins_from[12], stops_at[12];
};

/* one "rw" record: a layout's writers and readers, alone and together;
 * ns figures are means below the cut, *_med medians */
struct map_rw {
	char layout[16], reader[16], check[8];
	char wrong[96];		/* the ops a failed check names, commas */
	unsigned writers, readers;
	bool have_floor;
	double writer_ns, writer_alone_ns, floor_ns, above_ns, above_alone_ns;
	double reader_ns, reader_alone_ns, visited, visited_alone, lines;
	double per_cpu_ns;
	double writer_med, writer_alone_med, reader_med, reader_alone_med;
	uint64_t dropped, updates, scans;
};

struct run_map {
	struct map_cpu *cpus;
	size_t ncpus;
	/* c2c-plan */
	bool c2c_plan;
	unsigned plan_cpus, plan_pairs, rounds;
	char select[12], home[16];
	struct map_pair *pairs;
	size_t npairs;
	/* noise-plan */
	bool noise_plan;
	double noise_s;
	unsigned threshold;
	struct map_noise *noise;
	size_t nnoise;
	/* scale-plan */
	bool scale_plan;
	unsigned scale_steps, scale_points, scale_llcs;	/* llcs: 0 unknown */
	char scale_op[24];
	struct map_scale *scale;
	size_t nscale;
	struct map_scale_sum *scale_sum;
	size_t nscale_sum;
	/* rw-plan */
	bool rw_plan;
	char rw_place[16], rw_reader[16];
	unsigned rw_idle_ns, rw_run_ns, rw_scan_ns;
	struct map_rw *rw;
	size_t nrw;
};

/* *@m, made on first use (the experiments' host files fill it). */
struct run_map *runmap_of(struct run_map **m);
void runmap_free(struct run_map *m);


/* The scale tables (exp/host_scale.c): text per order, JSON members
 * "scale" and "scale_summary" (each followed by ','): the records as
 * the schema types them. */
void runmap_text_scale(FILE *f, const struct run_map *m);
void runmap_json_scale(FILE *f, const struct run *r);
/* sbmlog report --table scale in text (each run's tables) or JSON (an
 * array of {run, scale, scale_summary, file}). */
void runmap_scale_report(FILE *f, const struct runset *rs, bool json);
/* The layouts measured in @order (@order NULL: the orders), in order of
 * first appearance, at most @max into @out; returns how many. */
size_t runmap_scale_names(const struct run_map *m, const char *order,
			  const char **out, size_t max);
/* The smallest CPU count of @order above @last; 0 when none. */
unsigned runmap_scale_next(const struct run_map *m, const char *order,
			   unsigned last);
/* sbmlog compare's noise blocks (exp/host_noise.c): count, total and
 * longest gap per CPU and for all, a column @w wide per run; nothing
 * when no run has noise records. */
void runmap_compare_noise(FILE *f, const struct runset *rs, int w);
/* The CPUs of @m's pairs in topology order, in *@out (to be freed). */
size_t runmap_order(const struct run_map *m, unsigned **out);
/* Heat map of the c2c medians (plain, or @cas) of up to four runs, via
 * gnuplot, to @out (.png or .svg); 0 on success. */
int report_plot_c2c(const struct runset *rs, const char *out, bool cas,
		    bool keep);
/* Writer cost against reader cost, one point per layout, of up to four
 * runs with rw records (exp/host_rw.c); 0 on success. */
int report_plot_rw(const struct runset *rs, const char *out, bool keep);
/* Scaling curves (a panel per run and order, a line per layout) and the
 * noise histogram (a panel per run) of up to four panels (plot_lines.c);
 * 0 on success. */
int report_plot_scale(const struct runset *rs, const char *out, bool keep);
int report_plot_noise(const struct runset *rs, const char *out, bool keep);

#endif
