/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A run's own records as tables (map_fields.h): which key of hello, topo,
 * config, result, group and cache fills which member of struct run and
 * its rows.  runs.c reads records through them and the CSV and JSON
 * writers name their columns from them, so each field is named once, as
 * the record names it; tests/test_runmap holds them to the schema.
 */
#include <stddef.h>

#include "map_fields.h"
#include "runs.h"

#define RUN(key, type, member) MAP_F(struct run, key, type, 0, member, 0)
static const struct map_field hello_fields[] = {
	RUN("version", MAP_STR, version),
	RUN("arch", MAP_STR, arch),
	RUN("platform", MAP_STR, platform),
	RUN("virt", MAP_STR, virt),
	RUN("cpu_model", MAP_STR, cpu_model),
	RUN("counter", MAP_STR, counter),
	RUN("counter_hz", MAP_U64, counter_hz),
	RUN("hz_source", MAP_STR, hz_source),
	RUN("cycles", MAP_BOOL, cycles),
	RUN("cycle_counter", MAP_STR, cycle_counter),
};

static const struct map_field topo_fields[] = {
	RUN("cpus", MAP_UINT, cpus),
	RUN("packages", MAP_UINT, packages),
	RUN("nodes", MAP_UINT, nodes),
	RUN("llcs", MAP_UINT, llcs),
	RUN("cores", MAP_UINT, cores),
	RUN("smt", MAP_UINT, smt),
	RUN("line", MAP_UINT, line),
	RUN("llc_source", MAP_STR, llc_source),
	RUN("node_source", MAP_STR, node_source),
};

static const struct map_field config_fields[] = {
	RUN("iters", MAP_U64, iters),
	RUN("reps", MAP_U64, reps),
	RUN("warmup", MAP_U64, warmup),
	RUN("cpus", MAP_UINT, run_cpus),
	RUN("mode", MAP_STR, mode),
	RUN("ops", MAP_STR, ops),
	RUN("placement", MAP_STR, placement),
};

/* the record's order (README's table); absent numbers are CSV-empty and
 * JSON null, never 0 */
static const struct map_field end_fields[] = {
	RUN("status", MAP_STR, status),
	RUN("warnings", MAP_U64, end_warnings),
	RUN("records", MAP_U64, end_records),
	MAP_F(struct run, "cpus", MAP_U64, 0, end_cpus,
	      MAP_HAVE(struct run, have_end_cpus)),
	MAP_F(struct run, "lost", MAP_U64, 0, end_lost,
	      MAP_HAVE(struct run, have_lost)),
};

static const struct map_field qr_fields[] = {
	RUN("held", MAP_U64, qr_held),
	RUN("results", MAP_U64, qr_results),
	RUN("of_results", MAP_U64, qr_of_results),
};

#define R(key, type, member) \
	MAP_F(struct run_result, key, type, 0, member, 0)
#define R_OPT(key, member, have) \
	MAP_F(struct run_result, key, MAP_NUM, 0, member, \
	      MAP_HAVE(struct run_result, have))
static const struct map_field result_fields[] = {
	R("layout", MAP_STR, layout),
	R("op", MAP_STR, op),
	R("mode", MAP_STR, mode),
	R("cpus", MAP_UINT, cpus),
	R("iters", MAP_U64, iters),
	R("reps", MAP_U64, reps),
	R("unit", MAP_STR, unit),
	R("median", MAP_NUM, median),
	R("mean", MAP_NUM, mean),
	R("min", MAP_NUM, min),
	R("max", MAP_NUM, max),
	R("stddev", MAP_NUM, stddev),
	R("cv", MAP_NUM, cv),
	R("rep_cv", MAP_NUM, rep_cv),
	R_OPT("ns", ns, have_ns),
	R_OPT("pct", pct, have_pct),
	R_OPT("cycles", cycles, have_cycles),
	R("clean", MAP_FLAG, clean),	/* absent: no lost update seen */
	MAP_F(struct run_result, "gap", MAP_UINT, 0, gap,
	      MAP_HAVE(struct run_result, have_gap)),
	R_OPT("ci95", ci95, have_ci95),
	R_OPT("upd_ns", upd_ns, have_upd_ns),
	R_OPT("pct_median", pct_median, have_pct_median),
	R_OPT("floor", floor, have_floor_mean),
	R_OPT("cost_ns", cost_ns, have_floor),
	R_OPT("mhz", mhz, have_mhz),
	R_OPT("pct_ci", pct_ci, have_pct_ci),
	R_OPT("cost_ci", cost_ci, have_cost_ci),
	R_OPT("pct_abv", pct_abv, have_pct_abv),
	R_OPT("pct_abv_ci", pct_abv_ci, have_pct_abv_ci),
	R_OPT("gap_real_ns", gap_real_ns, have_gap_real),
	R_OPT("iters_min", iters_min, have_iters_min),
	R_OPT("iters_max", iters_max, have_iters_max),
};

#define G(key, type, member) \
	MAP_F(struct run_group, key, type, 0, member, 0)
static const struct map_field group_fields[] = {
	G("layout", MAP_STR, layout),
	G("by", MAP_STR, by),
	G("id", MAP_UINT, id),
	G("cpus", MAP_UINT, cpus),
	G("median", MAP_NUM, median),
	G("mean", MAP_NUM, mean),
	G("min", MAP_NUM, min),
	G("max", MAP_NUM, max),
	G("gap", MAP_UINT, gap),
};

#define C(key, type, member) \
	MAP_F(struct run_cache, key, type, 0, member, 0)
static const struct map_field cache_fields[] = {
	C("level", MAP_UINT, level),
	C("type", MAP_STR, type),
	C("size", MAP_U64, size),
	C("line", MAP_UINT, line),
	C("ways", MAP_UINT, ways),
	C("sets", MAP_UINT, sets),
	C("shared_by", MAP_UINT, shared_by),
	C("instances", MAP_UINT, instances),
};

/* node's keys; an llc record has the same but dist (NLLC_FIELDS) */
#define D(key, type, member) \
	MAP_F(struct run_domain, key, type, 0, member, 0)
static const struct map_field node_fields[] = {
	D("id", MAP_UINT, id),
	D("ncpus", MAP_UINT, ncpus),
	D("cpus", MAP_STR, cpus),
	D("dist", MAP_STR, dist),
};
#define NLLC_FIELDS	3

static const struct map_field warn_fields[] = {
	MAP_F(struct run_warn, "what", MAP_STR, 0, what, 0),
	MAP_F(struct run_warn, "id", MAP_U64, 0, id, 0),
	MAP_F(struct run_warn, "msg", MAP_STR, 0, msg, 0),
};

static const struct map_field cpufail_fields[] = {
	MAP_F(struct run_fail, "id", MAP_UINT, 0, id, 0),
	MAP_F(struct run_fail, "hwid", MAP_STR, 0, hwid, 0),
};

MAP_TABLE(run_hello_table, "hello", hello_fields, false);
MAP_TABLE(run_end_table, "end", end_fields, false);
MAP_TABLE(run_qr_table, "qr", qr_fields, false);
const struct map_table run_llc_table = { "llc", node_fields, NLLC_FIELDS,
					 false };
MAP_TABLE(run_node_table, "node", node_fields, false);
MAP_TABLE(run_warn_table, "warn", warn_fields, false);
MAP_TABLE(run_cpufail_table, "cpufail", cpufail_fields, false);
MAP_TABLE(run_topo_table, "topo", topo_fields, false);
MAP_TABLE(run_config_table, "config", config_fields, false);
MAP_TABLE(run_result_table, "result", result_fields, true);
MAP_TABLE(run_group_table, "group", group_fields, false);
MAP_TABLE(run_cache_table, "cache", cache_fields, false);
