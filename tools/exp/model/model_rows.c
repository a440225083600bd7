// SPDX-License-Identifier: BSD-2-Clause
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/c2c_pairs.h"
#include "measure/coh_scan.h"
#include "exp/model/model_map.h"
#include "exp/sbm/sbm_results.h"
#include "exp/model/model_rows.h"
#include "exp/scale/scale_map.h"
#include "log/runs.h"

/* The lines of one layout built on the map, kept while the rows of one
 * run or machine are made: a 1024-CPU global line costs a million
 * hand-off reads, paid once. */
struct built {
	struct sbm_layout l[SBM_NKINDS];
	struct cm_lines all[SBM_NKINDS];
	bool have[SBM_NKINDS];
	uint32_t line, cache_line;
	uint8_t *take;
	uint32_t *order[2];	/* topology, round-robin over LLCs */
	uint32_t n;
};

static int built_init(struct built *b, const struct model_map *mm,
		      uint32_t line, uint32_t cache_line)
{
	const struct topo *t = &mm->t;

	memset(b, 0, sizeof(*b));
	b->line = line;
	b->cache_line = cache_line;
	b->take = calloc(t->ncpus ? t->ncpus : 1, 1);
	b->order[0] = calloc(t->ncpus ? t->ncpus : 1, sizeof(uint32_t));
	b->order[1] = calloc(t->ncpus ? t->ncpus : 1, sizeof(uint32_t));
	if (!b->take || !b->order[0] || !b->order[1])
		return -1;
	memset(b->take, 1, t->ncpus);
	b->n = topo_order(t, b->take, b->order[0]);
	topo_order_rr(t, b->order[0], b->n, b->order[1]);
	return 0;
}

static void built_free(struct built *b)
{
	for (int k = 0; k < SBM_NKINDS; k++)
		if (b->have[k]) {
			cm_lines_free(&b->all[k]);
			sbm_layout_free(&b->l[k]);
		}
	free(b->take);
	free(b->order[0]);
	free(b->order[1]);
}

static const struct sbm_layout *layout_of(struct built *b,
					  const struct model_map *mm,
					  enum sbm_kind k, const char **why)
{
	if (b->have[k])
		return &b->l[k];
	if (sbm_layout_build(&b->l[k], k, &mm->t, b->line, why))
		return NULL;
	if (cm_lines_build(&b->all[k], &mm->m, &b->l[k], b->cache_line, NULL,
			   why)) {
		sbm_layout_free(&b->l[k]);
		return NULL;
	}
	b->have[k] = true;
	return &b->l[k];
}

/* The lines of layout @k when only the first @n CPUs of @order (NULL:
 * logical order) take part; every CPU: the kept lines. */
static int lines_of(struct built *b, const struct model_map *mm,
		    enum sbm_kind k, const uint32_t *order, uint32_t n,
		    struct cm_lines *tmp, const struct cm_lines **out,
		    const char **why)
{
	const struct sbm_layout *l = layout_of(b, mm, k, why);

	if (!l)
		return -1;
	if (n >= mm->t.ncpus) {
		*out = &b->all[k];
		return 0;
	}
	memset(b->take, 0, mm->t.ncpus);
	for (uint32_t i = 0; i < n; i++)
		b->take[order ? order[i] : i] = 1;
	if (cm_lines_build(tmp, &mm->m, l, b->cache_line, b->take, why))
		return -1;
	*out = tmp;
	return 0;
}

static struct model_row *push(struct model_rows *rows)
{
	struct model_row *x;

	rows->row = realloc(rows->row, (rows->n + 1) * sizeof(*rows->row));
	if (!rows->row) {
		fprintf(stderr, "sbmlog: out of memory\n");
		exit(2);
	}
	x = &rows->row[rows->n++];
	memset(x, 0, sizeof(*x));
	return x;
}

static bool is_store(const char *op)
{
	return !strncmp(op, "store", 5);
}

static void predict(struct model_row *x, const struct cm_lines *ls)
{
	x->lines = ls->nlines;
	x->most = ls->most;
	for (int a = 0; a < CM_NARBITERS; a++)
		x->p[a] = cm_predict(ls, (enum cm_arbiter)a, x->op_ns,
				     x->think_ns);
}

double model_row_pred(const struct model_row *x, enum cm_arbiter a)
{
	return strcmp(x->what, "scale") ? x->p[a].cost_ns : x->p[a].upd_ns;
}

bool model_row_is_rw(const struct model_row *x)
{
	return !strcmp(x->what, "scan") || !strcmp(x->what, "scan+w") ||
	       !strcmp(x->what, "write+r");
}

const char *model_row_band_name(const struct model_row *x,
				enum cm_arbiter a)
{
	if (!model_row_is_rw(x))
		return cm_arbiter_name(a);
	if (!strcmp(x->what, "write+r"))
		return "one";
	return a == CM_FAIR ? "serial" : "overlap";
}

bool model_run_has_rows(const struct run *r)
{
	const struct rec_schema *k = rec_schema_kind("rw");

	if (r->nresults || (r->map && scale_of(r->map)->nscale))
		return true;
	for (size_t i = 0; k && i < r->records.n; i++)
		if (r->records.rec[i].kind == k)
			return true;
	return false;
}


/* The band: both arbiters' figures; a plain store's only from above
 * (from the floor: cost 0, or the scale curve's one-CPU point). */
static void judge(struct model_row *x)
{
	double f = model_row_pred(x, CM_FAIR), n = model_row_pred(x, CM_NEAREST);
	double lo = f < n ? f : n, hi = f < n ? n : f;
	double df = x->meas - f, dn = x->meas - n;

	if (!x->have_meas)
		return;
	x->closer = (dn < 0 ? -dn : dn) < (df < 0 ? -df : df) ? CM_NEAREST :
								 CM_FAIR;
	x->ratio = model_row_pred(x, x->closer) > 0 ?
		   x->meas / model_row_pred(x, x->closer) : 0;
	if (x->bound)
		lo = strcmp(x->what, "scale") ? 0 : x->op_ns;
	/* a scale point's op is a measurement too: its spread widens the
	 * band */
	if (!strcmp(x->what, "scale") && x->op_hi > 0) {
		lo -= x->op_ns - x->op_lo;
		hi += x->op_hi - x->op_ns;
	}
	x->verdict = cm_judge(lo, hi, x->meas_lo, x->meas_hi,
			      strcmp(x->what, "scale") != 0);
}

/* %global of each row against the global row of its gap (what) */
static void pct_of(struct model_rows *rows, size_t from)
{
	for (size_t i = from; i < rows->n; i++) {
		struct model_row *x = &rows->row[i], *g = NULL;

		if (strcmp(x->what, "sbm"))
			continue;
		for (size_t j = from; j < rows->n && !g; j++)
			if (!strcmp(rows->row[j].what, "sbm") &&
			    !strcmp(rows->row[j].layout, "global") &&
			    rows->row[j].gap == x->gap)
				g = &rows->row[j];
		if (!g)
			continue;
		x->have_pct = true;
		for (int a = 0; a < CM_NARBITERS; a++) {
			double num = x->gap ? x->p[a].cost_ns : x->p[a].upd_ns;
			double den = x->gap ? g->p[a].cost_ns : g->p[a].upd_ns;

			x->pct[a] = den > 0 ? 100 * num / den : 0;
		}
	}
}

/* The floor op at gap 0 of @x's kind of slot (bit or byte) and op: the
 * private layout's update; 0 when the run has none. */
static double floor_at_zero(const struct run *r, const struct run_result *x)
{
	int k = sbm_kind_parse(x->layout, strlen(x->layout));
	const char *priv = k >= 0 && sbm_kind_is_bytewise((enum sbm_kind)k) ?
			   "private-u8" : "private";

	for (size_t i = 0; i < r->nresults; i++) {
		const struct run_result *y = &r->results[i];

		if (!y->gap && y->clean && !strcmp(y->layout, priv) &&
		    !strcmp(y->op, x->op))
			return y->upd_ns;
	}
	return 0;
}

static void note_add(struct model_rows *rows, const char *s)
{
	size_t l = strlen(rows->note);

	if (!strstr(rows->note, s))
		snprintf(rows->note + l, sizeof(rows->note) - l, "%s%s",
			 l ? "; " : "", s);
}

/* The mean ownership run the image measured for @layout at @gap (its
 * "runs" record, measure/own_runs.h); 0 when it has none. */
static double run_of(const struct run *r, const char *layout, unsigned gap)
{
	for (size_t i = 0; i < r->records.n; i++) {
		const struct run_rec *x = &r->records.rec[i];
		const char *l;
		double v;

		if (!run_rec_is(r, i, "runs"))
			continue;
		l = run_rec_str(x, "layout");
		/* an uneven count (a CPU that hardly ran) is no run */
		if (l && !strcmp(l, layout) && run_rec_uint(x, "gap") == gap &&
		    run_rec_uint(x, "even") == 1 &&
		    run_rec_dbl(x, "per_owner", &v) && v >= 1)
			return v;
	}
	return 0;
}

/* @x's prediction again with one hand-off per run (cm_predict_runs()). */
static int predict_runs(struct model_row *x, const struct cm_lines *ls)
{
	for (int a = 0; a < CM_NARBITERS; a++)
		if (cm_predict_runs(ls, (enum cm_arbiter)a, x->op_ns,
				    x->think_ns, x->run, &x->p_run[a],
				    &x->p_ovl[a]))
			return -1;
	return 0;
}

static int sbm_rows(struct model_rows *rows, const struct run *r,
		    const struct model_map *mm, struct built *b,
		    const char **why)
{
	for (size_t i = 0; i < r->nresults; i++) {
		const struct run_result *y = &r->results[i];
		int k = sbm_kind_parse(y->layout, strlen(y->layout));
		double f0 = floor_at_zero(r, y), fg;
		const struct cm_lines *ls;
		struct cm_lines tmp = { 0 };
		struct model_row *x;

		if (k < 0 || !y->clean || !(y->upd_ns > 0))
			continue;
		/* the floor's update at this gap: upd_ns less the cost */
		fg = y->have_floor ? y->upd_ns - y->cost_ns : f0;
		if (!(f0 > 0))
			f0 = y->gap && y->have_gap_real ? fg - y->gap_real_ns :
				fg - y->gap;
		if (!(f0 > 0) || !(fg > 0))
			continue;
		if (y->cpus && y->cpus < mm->t.ncpus)
			note_add(rows, "a run on fewer CPUs than its map: "
				 "taken as the first CPUs by id");
		if (lines_of(b, mm, (enum sbm_kind)k, NULL,
			     y->cpus ? y->cpus : mm->t.ncpus, &tmp, &ls, why))
			return -1;
		x = push(rows);
		snprintf(x->what, sizeof(x->what), "sbm");
		snprintf(x->layout, sizeof(x->layout), "%s", y->layout);
		snprintf(x->op, sizeof(x->op), "%s", y->op);
		x->gap = y->gap;
		x->cpus = ls->ncpus;
		x->bound = is_store(y->op);
		x->op_ns = f0;
		x->think_ns = fg > f0 ? fg - f0 : 0;
		predict(x, ls);
		x->run = run_of(r, y->layout, y->gap);
		x->run_from = "measured";
		if (x->run > 0 && predict_runs(x, ls)) {
			cm_lines_free(&tmp);
			*why = "out of memory";
			return -1;
		}
		cm_lines_free(&tmp);
		x->have_meas = true;
		x->meas = y->upd_ns - fg;
		x->meas_lo = x->meas - (y->have_cost_ci ? y->cost_ci : 0);
		x->meas_hi = x->meas + (y->have_cost_ci ? y->cost_ci : 0);
		if (!y->gap && y->have_pct) {
			x->have_meas_pct = true;
			x->meas_pct = y->pct;
		} else if (y->gap && y->have_pct_abv) {
			x->have_meas_pct = true;
			x->meas_pct = y->pct_abv;
		}
		judge(x);
		/* the floor layouts: their cost is 0 by definition */
		if (k == SBM_PRIVATE || k == SBM_PRIVATE_U8)
			x->verdict = CM_V_NONE;
	}
	return 0;
}

/* The one-CPU point of a scale curve: its op */
static const struct map_scale *scale_one(const struct run_map *m,
					 const struct map_scale *p)
{
	for (size_t i = 0; i < scale_of(m)->nscale; i++) {
		const struct map_scale *q = &scale_of(m)->scale[i];

		if (q->cpus == 1 && q->clean && q->upd_ns > 0 &&
		    !strcmp(q->layout, p->layout) &&
		    !strcmp(q->order, p->order) && !strcmp(q->op, p->op))
			return q;
	}
	return NULL;
}

/* a scale point's ns per update at its min or max ticks */
static double scale_at(const struct map_scale *p, double ticks)
{
	return p->median > 0 ? p->upd_ns * ticks / p->median : p->upd_ns;
}

static int scale_rows(struct model_rows *rows, const struct run *r,
		      const struct model_map *mm, struct built *b,
		      const char **why)
{
	const struct run_map *m = r->map;

	for (size_t i = 0; m && i < scale_of(m)->nscale; i++) {
		const struct map_scale *p = &scale_of(m)->scale[i];
		/* older records: one shared line, the global mask's */
		const char *name = strcmp(p->layout, "line") ? p->layout :
				   "global";
		int k = sbm_kind_parse(name, strlen(name));
		bool rr = !strcmp(p->order, "rr");
		const struct map_scale *one = scale_one(m, p);
		const struct cm_lines *ls;
		struct cm_lines tmp = { 0 };
		struct model_row *x;

		if (k < 0 || !p->clean || !one || !(p->upd_ns > 0) ||
		    p->cpus > mm->t.ncpus)
			continue;
		if (lines_of(b, mm, (enum sbm_kind)k, b->order[rr], p->cpus,
			     &tmp, &ls, why))
			return -1;
		x = push(rows);
		snprintf(x->what, sizeof(x->what), "scale");
		snprintf(x->layout, sizeof(x->layout), "%s", p->layout);
		snprintf(x->op, sizeof(x->op), "%s", p->op);
		snprintf(x->order, sizeof(x->order), "%s", p->order);
		x->cpus = p->cpus;
		x->bound = is_store(p->op);
		x->op_ns = one->upd_ns;
		x->op_lo = scale_at(one, one->min);
		x->op_hi = scale_at(one, one->max);
		predict(x, ls);
		cm_lines_free(&tmp);
		x->have_meas = true;
		x->meas = p->upd_ns;
		x->meas_lo = scale_at(p, p->min);
		x->meas_hi = scale_at(p, p->max);
		judge(x);
	}
	return 0;
}

struct ids {
	uint32_t *id, n, max, bound;
	bool over;
};

static void id_one(uint32_t id, void *ctx)
{
	struct ids *l = ctx;

	if (l->n < l->max && id < l->bound)
		l->id[l->n++] = id;
	else
		l->over = true;
}

/* A CPU list of at most @max ids, each below @bound, into @out; the
 * count, 0 for one that is not such a list (a hostile log: refused). */
static uint32_t cpu_list(const char *s, uint32_t *out, uint32_t max,
			 uint32_t bound)
{
	struct ids l = { out, 0, max, bound, false };

	return s && topo_parse_list(s, id_one, &l) > 0 && !l.over ? l.n : 0;
}

/* A measured difference @a - @b beside the medians' (cs_measured). */
static void meas_diff(struct model_row *x, double a, double b, double am,
		      double bm)
{
	x->have_meas = true;
	cs_measured(a, b, am, bm, &x->meas, &x->meas_lo, &x->meas_hi);
}

/* The reader-to-writer hand-off, the mean over the writers */
static double back_mean(const struct cs_scan *cs)
{
	double sum = 0;

	for (uint32_t j = 0; j < cs->nlines; j++)
		sum += cs->line[j].to_writer * cs->line[j].writers;
	return cs->nwriters ? sum / cs->nwriters : 0;
}

static struct model_row *scan_row(struct model_rows *rows, const char *what,
				  const char *layout, const char *op,
				  const struct cs_scan *cs, uint32_t nw)
{
	struct model_row *x = push(rows);
	uint32_t most = 0;

	snprintf(x->what, sizeof(x->what), "%s", what);
	snprintf(x->layout, sizeof(x->layout), "%s", layout);
	snprintf(x->op, sizeof(x->op), "%s", op);
	x->cpus = nw;
	x->lines = cs->nlines;
	for (uint32_t j = 0; j < cs->nlines; j++)
		if (cs->line[j].writers > most)
			most = cs->line[j].writers;
	x->most = most;
	return x;
}

/* The band of a scan row: serial misses (the fair slot) down to CS_MLP
 * in flight (the nearest slot), above the scan's cached cost. */
static void scan_band(struct model_row *x, const struct cs_pred *p,
		      double base, double handoff)
{
	x->op_ns = base;
	x->p[CM_FAIR].cost_ns = p->serial_ns;
	x->p[CM_NEAREST].cost_ns = p->overlap_ns;
	for (int a = 0; a < CM_NARBITERS; a++) {
		x->p[a].upd_ns = base + x->p[a].cost_ns;
		x->p[a].handoff_ns = handoff;
	}
}

/*
 * experiment=rw (docs/model.md section 6): per layout, the readers'
 * scan after every writer wrote ("scan"), the scan while writers run
 * ("scan+w") and the writers' update while readers scan ("write+r"),
 * each above what the same work costs without the other side.  The map
 * is seen from the first reader.
 */
static int rw_rows(struct model_rows *rows, const struct run *r,
		   const struct model_map *mm, struct built *b,
		   const char **why)
{
	const struct rec_schema *kp = rec_schema_kind("rw-plan");
	const struct rec_schema *kr = rec_schema_kind("rw");
	const struct run_rec *plan = NULL;
	uint32_t n = mm->t.ncpus ? mm->t.ncpus : 1;
	uint32_t *w = calloc(2 * (size_t)n, sizeof(uint32_t)), *rd;
	uint32_t nw, nr;
	double idle, run, pause;

	if (!w) {
		*why = "out of memory";
		return -1;
	}
	rd = w + n;
	for (size_t i = 0; kp && i < r->records.n && !plan; i++)
		if (r->records.rec[i].kind == kp)
			plan = &r->records.rec[i];
	if (!plan) {
		free(w);
		return 0;
	}
	nw = cpu_list(run_rec_get(plan, "writer_cpus"), w, mm->t.ncpus,
		      mm->t.ncpus);
	nr = (uint32_t)run_rec_u64(plan, "readers");
	idle = run_rec_num(plan, "idle_ns");
	run = run_rec_num(plan, "run_ns");
	pause = run_rec_num(plan, "scan_ns");
	if (!nw || nw != run_rec_u64(plan, "writers") || !nr ||
	    nr != cpu_list(run_rec_get(plan, "reader_cpus"), rd, n,
			   mm->t.ncpus)) {
		/* the image's lists are cut at 63 characters; a hostile
		 * log's may name CPUs its map lacks */
		note_add(rows, "rw: the plan's CPU lists are not whole or "
			 "not the map's CPUs: no rw rows");
		free(w);
		return 0;
	}
	for (size_t i = 0; kr && i < r->records.n; i++) {
		const struct run_rec *y = &r->records.rec[i];
		const char *name, *op = run_rec_str(plan, "reader");
		double base, base_m;
		const struct sbm_layout *l;
		struct cs_scan cs;
		struct cs_pred pa, pb;
		struct model_row *x;
		int k;

		if (y->kind != kr)
			continue;
		name = run_rec_str(y, "layout");
		k = sbm_kind_parse(name, strlen(name));
		base = run_rec_num(y, "reader_cached_ns");
		base_m = run_rec_num(y, "reader_cached_median_ns");
		if (k < 0 || !(base > 0) || strcmp(run_rec_str(y, "check"), "ok"))
			continue;
		l = layout_of(b, mm, (enum sbm_kind)k, why);
		if (!l || cs_scan_build(&cs, &mm->m, l, b->cache_line, w, nw,
					rd[0], why)) {
			free(w);
			return -1;
		}
		pa = cs_predict_alone(&cs);
		pb = cs_predict_both(&cs, run_rec_num(y, "reader_ns") + pause,
				     idle, run, nr);
		x = scan_row(rows, "scan", name, op, &cs, nw);
		scan_band(x, &pa, base, pa.lines > 0 ?
			  pa.serial_ns / pa.lines : 0);
		meas_diff(x, run_rec_num(y, "reader_alone_ns"), base,
			  run_rec_num(y, "reader_alone_median_ns"), base_m);
		judge(x);
		x = scan_row(rows, "scan+w", name, op, &cs, nw);
		x->think_ns = pause;
		scan_band(x, &pb, base, pb.lines > 0 ?
			  pb.serial_ns / pb.lines : 0);
		meas_diff(x, run_rec_num(y, "reader_ns"), base,
			  run_rec_num(y, "reader_median_ns"), base_m);
		judge(x);
		x = scan_row(rows, "write+r", name, "", &cs, nw);
		x->op_ns = run_rec_num(y, "writer_alone_ns");
		x->think_ns = idle;
		for (int a = 0; a < CM_NARBITERS; a++) {
			x->p[a].cost_ns = pb.writer_ns;
			x->p[a].upd_ns = x->op_ns + pb.writer_ns;
			x->p[a].handoff_ns = back_mean(&cs);
		}
		meas_diff(x, run_rec_num(y, "writer_ns"), x->op_ns,
			  run_rec_num(y, "writer_median_ns"),
			  run_rec_num(y, "writer_alone_median_ns"));
		judge(x);
		cs_scan_free(&cs);
	}
	free(w);
	return 0;
}

static uint32_t config_u32(const struct run *r, const char *key,
			   uint32_t dflt)
{
	uint64_t v = run_rec_u64(&r->one.config, key);

	return v && v <= 4096 ? (uint32_t)v : dflt;
}

/* A name the image gives (specN, NAME-floor): lower case, digits, '-'. */
static bool layout_name_ok(const char *name)
{
	size_t n = strlen(name);

	if (!n || n >= SBM_NAME_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') ||
		      (name[i] >= '0' && name[i] <= '9') || name[i] == '-'))
			return false;
	return true;
}

/* The run's layouts other than the six and the presets, by the names
 * and specs its layout records give (a hostile spec is skipped: its
 * results then name no layout the model knows, and are left out). */
static void run_layouts(const struct run *r)
{
	const struct rec_schema *k = rec_schema_kind("layout");

	sbm_layout_reset();
	for (size_t i = 0; k && i < r->records.n; i++) {
		const struct run_rec *x = &r->records.rec[i];
		const char *name, *spec, *why;

		if (x->kind != k || !(name = run_rec_get(x, "name")) ||
		    !(spec = run_rec_get(x, "spec")) || !layout_name_ok(name) ||
		    sbm_layout_find(name, strlen(name)) >= 0)
			continue;
		(void)sbm_layout_add(spec, strlen(spec), name, &why);
	}
}

int model_rows_of_run(struct model_rows *out, const struct run *r,
		      const struct model_map *mm, char *why, size_t len)
{
	struct built b;
	const char *w = NULL;
	uint32_t tl = mm->t.line_size ? mm->t.line_size : 64;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	run_layouts(r);
	if (built_init(&b, mm, config_u32(r, "line", 128),
		       config_u32(r, "cache_line", tl))) {
		w = "out of memory";
	} else if (!sbm_rows(out, r, mm, &b, &w) &&
		   !scale_rows(out, r, mm, &b, &w) &&
		   !rw_rows(out, r, mm, &b, &w)) {
		pct_of(out, 0);
		rc = 0;
		if (!out->n) {
			w = "no clean sbm result, scale point with its floor "
			    "or rw result with its cached scan";
			rc = -1;
		}
	}
	built_free(&b);
	if (rc)
		snprintf(why, len, "%s", w ? w : "?");
	return rc;
}

static const enum sbm_kind paper_kinds[] = {
	SBM_GLOBAL, SBM_NODE, SBM_LLC, SBM_LLC_U8, SBM_PRIVATE,
	SBM_PRIVATE_U8
};
#define NPAPER (sizeof(paper_kinds) / sizeof(paper_kinds[0]))

/* The scale points of the image's plan: 1, 2, 4, ... and every CPU. */
static unsigned next_k(unsigned k, unsigned n)
{
	return k >= n ? 0 : (k * 2 < n ? k * 2 : n);
}

int model_rows_paper(struct model_rows *out, const struct model_map *mm,
		     double op_ns, const unsigned *gaps, size_t ngaps,
		     bool scale, char *why, size_t len)
{
	struct built b;
	const char *w = NULL;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (built_init(&b, mm, 128, mm->t.line_size ? mm->t.line_size : 64)) {
		snprintf(why, len, "out of memory");
		built_free(&b);
		return -1;
	}
	for (size_t g = 0; !rc && g < ngaps; g++)
		for (size_t i = 0; !rc && i < NPAPER; i++) {
			enum sbm_kind k = paper_kinds[i];
			const struct cm_lines *ls;
			struct model_row *x;

			if (lines_of(&b, mm, k, NULL, mm->t.ncpus, NULL, &ls,
				     &w)) {
				rc = -1;
				break;
			}
			x = push(out);
			snprintf(x->what, sizeof(x->what), "sbm");
			snprintf(x->layout, sizeof(x->layout), "%s",
				 sbm_kind_name(k));
			snprintf(x->op, sizeof(x->op), "%s",
				 sbm_kind_is_bytewise(k) ? "xchg" : "lock_bts");
			x->gap = gaps[g];
			x->cpus = ls->ncpus;
			x->op_ns = op_ns;
			x->think_ns = gaps[g];
			predict(x, ls);
			/* runs given on paper: for the shared layouts */
			x->run = ls->most > 1 ? mm->paper_run : 0;
			x->run_from = "given";
			if (x->run > 0 && predict_runs(x, ls)) {
				snprintf(why, len, "out of memory");
				rc = -1;
			}
		}
	for (int o = 0; scale && !rc && o < 2; o++)
		for (size_t i = 0; !rc && i < NPAPER - 2; i++)
			for (unsigned k = 1; !rc && k; k = next_k(k, b.n)) {
				struct cm_lines tmp = { 0 };
				const struct cm_lines *ls;
				struct model_row *x;

				if (lines_of(&b, mm, paper_kinds[i], b.order[o],
					     k, &tmp, &ls, &w)) {
					rc = -1;
					break;
				}
				x = push(out);
				snprintf(x->what, sizeof(x->what), "scale");
				snprintf(x->layout, sizeof(x->layout), "%s",
					 sbm_kind_name(paper_kinds[i]));
				snprintf(x->op, sizeof(x->op), "%s",
					 sbm_kind_is_bytewise(paper_kinds[i]) ?
					 "xchg" : "lock_bts");
				snprintf(x->order, sizeof(x->order), "%s",
					 o ? "rr" : "topo");
				x->cpus = k;
				x->op_ns = op_ns;
				predict(x, ls);
				cm_lines_free(&tmp);
			}
	if (!rc)
		pct_of(out, 0);
	else
		snprintf(why, len, "%s", w ? w : "?");
	built_free(&b);
	return rc;
}

void model_rows_free(struct model_rows *rows)
{
	free(rows->row);
	rows->row = NULL;
	rows->n = 0;
}
