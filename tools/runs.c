/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_exp.h"
#include "logparse.h"
#include "map_fields.h"
#include "rec_fields.h"
#include "runmap.h"
#include "runs.h"

/* A record split by a line break must be rejoined within this many lines. */
#define REJOIN_LINES	4

static void *xgrow(void *p, size_t *cap, size_t n, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 8;
	p = realloc(p, *cap * size);
	if (!p) {
		fprintf(stderr, "sbmlog: out of memory\n");
		exit(2);
	}
	return p;
}

#define PUSH(arr, n, cap) \
	(arr = xgrow(arr, &(cap), n, sizeof(*(arr))), \
	 memset(&(arr)[n], 0, sizeof(*(arr))), &(arr)[(n)++])

void *run_array_grow(void *p, size_t n, size_t size)
{
	p = realloc(p, (n + 1) * size);
	if (!p) {
		fprintf(stderr, "sbmlog: out of memory\n");
		exit(2);
	}
	memset((char *)p + n * size, 0, size);
	return p;
}

#define RPUSH(arr, n) RUN_PUSH(arr, n)

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);

	if (!p) {
		fprintf(stderr, "sbmlog: out of memory\n");
		exit(2);
	}
	return memcpy(p, s, n);
}

static void copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src ? src : "");
}

#define COPY(dst, p, key) rec_field_s(dst, sizeof(dst), p, key)

double run_round_err(const struct rec_parsed *p, const char *key)
{
	const char *s = rec_get(p, key), *dot = s ? strchr(s, '.') : NULL;
	double e = 0.5;

	if (!dot)
		return e;
	for (dot++; *dot >= '0' && *dot <= '9'; dot++)
		e /= 10;
	return e;
}

struct gather {
	struct runset *rs;
	unsigned file;
	/* a record head cut by a line break, waiting for its tail */
	char *head;
	size_t head_line;
};

/* The open run of this file with this id, or a new one. */
static struct run *find_run(struct gather *g, uint32_t id, bool hello,
			    size_t line)
{
	struct runset *rs = g->rs;
	struct run *r;

	for (size_t i = rs->nruns; i-- > 0;) {
		r = &rs->runs[i];
		if (r->file != g->file)
			break;
		if (r->id != id || r->end)
			continue;
		/* a second hello is a restarted image: a new run */
		if (!(hello && r->hello))
			return r;
		break;
	}
	r = PUSH(rs->runs, rs->nruns, rs->cap_runs);
	r->file = g->file;
	r->id = id;
	r->first_line = line;
	return r;
}

#define RUN_IDENT_NAME(k) #k,
const char *const run_ident_key[RUN_NIDENT] = { RUN_IDENT(RUN_IDENT_NAME) };

void run_ident_line(const struct run *r, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = 0;
#define ID(k) r->ident[RUN_ID_##k]
#define PUT(...) do { int n_ = snprintf(buf + o, len - o, __VA_ARGS__); \
		if (n_ > 0 && (size_t)n_ < len - o) o += (size_t)n_; } while (0)
	if (ID(sys_vendor)[0] || ID(product)[0])
		PUT("%s %s", ID(sys_vendor), ID(product));
	if (ID(board)[0])
		PUT("%sboard %s %s", o ? ", " : "", ID(board_vendor), ID(board));
	if (ID(bios_version)[0])
		PUT("%sfirmware %s %s (%s)", o ? ", " : "", ID(bios_vendor),
		    ID(bios_version), ID(bios_date));
	if (ID(dt_model)[0])
		PUT("%s%s", o ? ", " : "", ID(dt_model));
	if (ID(microcode)[0])
		PUT("%smicrocode %s", o ? ", " : "", ID(microcode));
	if (ID(midr)[0])
		PUT("%smidr %s", o ? ", " : "", ID(midr));
	if (ID(mvendorid)[0])
		PUT("%smvendorid %s marchid %s mimpid %s", o ? ", " : "",
		    ID(mvendorid), ID(marchid), ID(mimpid));
#undef PUT
#undef ID
}

static void take_hello(struct run *r, const struct rec_parsed *p)
{
	r->hello = true;
	for (int i = 0; i < RUN_NIDENT; i++)
		COPY(r->ident[i], p, run_ident_key[i]);
	map_fill(&run_hello_table, r, p);
}

static void take_topo(struct run *r, const struct rec_parsed *p)
{
	r->topo = true;
	map_fill(&run_topo_table, r, p);
}

static void take_config(struct run *r, const struct rec_parsed *p)
{
	r->config = true;
	map_fill(&run_config_table, r, p);
}

static void take_cache(struct run *r, const struct rec_parsed *p)
{
	struct run_cache *x = RPUSH(r->caches, r->ncaches);

	map_fill(&run_cache_table, x, p);
}

static void take_domain(struct run *r, const struct rec_parsed *p, bool node)
{
	struct run_domain *x;

	/* a long list arrives in parts: append part N to part 0 */
	if (rec_field_u(p, "part")) {
		for (size_t i = r->ndomains; i-- > 0;) {
			struct run_domain *d = &r->domains[i];
			const char *more = rec_get(p, "cpus");
			size_t len = strlen(d->cpus);

			if (d->node != node || d->id != rec_field_u(p, "id"))
				continue;
			if (more && len + strlen(more) + 2 < sizeof(d->cpus))
				snprintf(d->cpus + len, sizeof(d->cpus) - len,
					 ",%s", more);
			else if (len + 4 < sizeof(d->cpus) &&
				 !strstr(d->cpus, "..."))
				strcat(d->cpus, "...");
			return;
		}
	}
	x = RPUSH(r->domains, r->ndomains);

	x->node = node;
	map_fill(node ? &run_node_table : &run_llc_table, x, p);
}

static void take_warn(struct run *r, const struct rec_parsed *p, bool error)
{
	struct run_warn *x = RPUSH(r->warns, r->nwarns);

	if (!error) {
		map_fill(&run_warn_table, x, p);
		return;
	}
	/* an error record: what went wrong is its what= */
	copy(x->what, sizeof(x->what), "error");
	copy(x->msg, sizeof(x->msg), rec_get(p, "what"));
	r->nerrors++;
}

static void take_fail(struct run *r, const struct rec_parsed *p)
{
	map_fill(&run_cpufail_table, RPUSH(r->fails, r->nfails), p);
}

static void take_cpu(struct run *r, const struct rec_parsed *p)
{
	struct map_cpu *c;
	struct run_map *m = runmap_of(&r->map);

	r->ncpu_recs++;
	c = RUN_PUSH(m->cpus, m->ncpus);
	c->id = rec_field_u(p, "id");
	c->package = rec_field_u(p, "package");
	c->node = rec_field_u(p, "node");
	c->llc = rec_field_u(p, "llc");
	c->core = rec_field_u(p, "core");
	c->smt = rec_field_u(p, "smt");
}

static void take_llc(struct run *r, const struct rec_parsed *p)
{
	take_domain(r, p, false);
}

static void take_node(struct run *r, const struct rec_parsed *p)
{
	take_domain(r, p, true);
}

static void take_warn_rec(struct run *r, const struct rec_parsed *p)
{
	take_warn(r, p, false);
}

static void take_error(struct run *r, const struct rec_parsed *p)
{
	take_warn(r, p, true);
}

static void take_qr(struct run *r, const struct rec_parsed *p)
{
	map_fill(&run_qr_table, r, p);
}

/* The engine's kinds (record_schema.def); an experiment's are its host
 * file's (tools/exp/, host_take_of()). */
static const struct host_take engine_takes[] = {
	{ "hello", take_hello },
	{ "topo", take_topo },
	{ "config", take_config },
	{ "cpu", take_cpu },
	{ "cache", take_cache },
	{ "llc", take_llc },
	{ "node", take_node },
	{ "warn", take_warn_rec },
	{ "error", take_error },
	{ "cpufail", take_fail },
	{ "qr", take_qr },
	{ NULL, NULL },
};

static const struct host_take *take_of(const char *kind)
{
	for (const struct host_take *t = engine_takes; t->kind; t++)
		if (!strcmp(t->kind, kind))
			return t;
	return host_take_of(kind);
}

static void on_record(struct gather *g, size_t line,
		      const struct rec_parsed *p)
{
	const char *k = p->kind;
	struct run *r = find_run(g, p->run, !strcmp(k, "hello"), line);
	const struct host_take *t;

	r->last_line = line;
	run_records_take(&r->records, p);
	if (!strcmp(k, "end")) {
		r->end = true;
		map_fill(&run_end_table, r, p);
		/* lost of how many: both, or neither */
		r->have_lost = r->have_lost && r->have_end_cpus;
		return;
	}
	r->nrecords++;
	/* a kind no table reads (stopped, proof, a newer image's) is in
	 * r->records all the same: every CSV and JSON has it */
	t = take_of(k);
	if (t)
		t->take(r, p);
}

static void add_reject(struct gather *g, size_t line, const char *why,
		       const char *text)
{
	struct runset *rs = g->rs;
	struct run_reject *x = PUSH(rs->rejects, rs->nrejects,
				    rs->cap_rejects);
	const char *id = strstr(text, " run=");
	char *e;

	x->file = g->file;
	x->line = line;
	copy(x->why, sizeof(x->why), why);
	copy(x->text, sizeof(x->text), text);
	/* which run the damage hit, when its id survived */
	if (id && strlen(id) >= 13) {
		char hex[9];

		memcpy(hex, id + 5, 8);
		hex[8] = 0;
		x->run = (uint32_t)strtoul(hex, &e, 16);
		x->have_run = !*e && (id[13] == ' ' || !id[13]);
	}
	rs->files[g->file].rejected++;
}

static void flush_head(struct gather *g)
{
	if (!g->head)
		return;
	add_reject(g, g->head_line, "no checksum (truncated?)", g->head);
	free(g->head);
	g->head = NULL;
}

static void gather_rec(void *arg, size_t line, const struct rec_parsed *p)
{
	struct gather *g = arg;

	flush_head(g);
	g->rs->files[g->file].records++;
	on_record(g, line, p);
}

/*
 * Other output can break a record across lines.  A head without its
 * checksum followed shortly by a tail with one is tried joined: the CRC
 * tells whether they belong together.
 */
static bool try_rejoin(struct gather *g, size_t line, const char *tail)
{
	static struct rec_parsed p;
	size_t hl = strlen(g->head), tl = strlen(tail);
	const char *why;
	char *joined;
	bool ok = false;

	if (line - g->head_line > REJOIN_LINES || hl + tl >= 2 * REC_MAX)
		return false;
	joined = malloc(hl + tl + 1);
	if (!joined)
		return false;
	memcpy(joined, g->head, hl);
	memcpy(joined + hl, tail, tl + 1);
	if (rec_parse(joined, hl + tl, &p, &why) > 0) {
		g->rs->files[g->file].records++;
		g->rs->files[g->file].repaired++;
		on_record(g, g->head_line, &p);
		free(g->head);
		g->head = NULL;
		ok = true;
	}
	free(joined);
	return ok;
}

static void gather_bad(void *arg, size_t line, const char *why,
		       const char *text)
{
	struct gather *g = arg;

	if (g->head && strstr(why, "without an @sbm tag") &&
	    try_rejoin(g, line, text))
		return;
	flush_head(g);
	if (strstr(why, "truncated")) {
		g->head = xstrdup(text);
		g->head_line = line;
		return;
	}
	add_reject(g, line, why, text);
}

void runset_add_buffer(struct runset *rs, const char *name, const char *buf,
		       size_t len)
{
	struct gather g = { .rs = rs, .file = (unsigned)rs->nfiles };
	struct run_file *f = PUSH(rs->files, rs->nfiles, rs->cap_files);
	struct log_stats st;

	f->path = xstrdup(name);
	log_parse(buf, len, gather_rec, gather_bad, &g, &st);
	flush_head(&g);
	rs->files[g.file].lines = st.lines;
}

int runset_add_log(struct runset *rs, const char *path)
{
	size_t len;
	char *buf = log_read_file(path, &len);

	if (!buf)
		return -1;
	runset_add_buffer(rs, path, buf, len);
	free(buf);
	return 0;
}

void runset_free(struct runset *rs)
{
	for (size_t i = 0; i < rs->nruns; i++) {
		struct run *r = &rs->runs[i];

		free(r->results);
		free(r->groups);
		free(r->caches);
		free(r->domains);
		free(r->warns);
		free(r->fails);
		runmap_free(r->map);
		run_records_free(&r->records);
	}
	for (size_t i = 0; i < rs->nfiles; i++)
		free(rs->files[i].path);
	free(rs->runs);
	free(rs->rejects);
	free(rs->files);
	memset(rs, 0, sizeof(*rs));
}

bool run_from_qr(const struct run *r)
{
	return r->qr_held && r->nrecords == r->qr_held &&
	       r->end_records > r->nrecords;
}

size_t run_missing(const struct run *r)
{
	if (!r->end || r->end_records <= r->nrecords)
		return 0;
	if (run_from_qr(r))
		return 0;	/* all the codes hold, none lost */
	return (size_t)(r->end_records - r->nrecords);
}

bool run_complete(const struct run *r)
{
	return r->hello && r->end && !run_missing(r);
}

bool run_failed(const struct run *r)
{
	if (r->end && r->status[0] && strcmp(r->status, "ok"))
		return true;
	for (size_t i = 0; i < r->nresults; i++)
		if (!r->results[i].clean)
			return true;
	return false;
}

size_t runset_problems(const struct runset *rs)
{
	size_t n = rs->nrejects;

	for (size_t i = 0; i < rs->nruns; i++)
		n += !run_complete(&rs->runs[i]) || run_failed(&rs->runs[i]);
	return n;
}
