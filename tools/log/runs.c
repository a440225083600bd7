/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exp/host_exp.h"
#include "log/logparse.h"
#include "log/runmap.h"
#include "log/runs.h"

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
	/* room for 1, 2, 4, ... elements: an array of every pair of a
	 * 1024-CPU map grows in 20 steps, not half a million */
	if (!n || !(n & (n - 1)))
		p = realloc(p, (n ? 2 * n : 1) * size);
	if (!p) {
		fprintf(stderr, "sbmlog: out of memory\n");
		exit(2);
	}
	memset((char *)p + n * size, 0, size);
	return p;
}

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

double run_round_err(const struct run_rec *x, const char *key)
{
	const char *s = run_rec_get(x, key), *dot = s ? strchr(s, '.') : NULL;
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
	/* none yet: the kind, no values (a key read names the kind's) */
	r->one.hello.kind = rec_schema_kind("hello");
	r->one.topo.kind = rec_schema_kind("topo");
	r->one.config.kind = rec_schema_kind("config");
	r->one.end.kind = rec_schema_kind("end");
	r->one.qr.kind = rec_schema_kind("qr");
	return r;
}

void run_ident_line(const struct run *r, char *buf, size_t len)
{
	const struct run_rec *h = &r->one.hello;
	size_t o = 0;

	buf[0] = 0;
#define ID(k) run_rec_str(h, #k)
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

uint64_t run_hz(const struct run *r)
{
	return run_rec_u64(&r->one.hello, "counter_hz");
}

const char *run_status(const struct run *r)
{
	return run_rec_str(&r->one.end, "status");
}

bool run_rec_is(const struct run *r, size_t i, const char *kind)
{
	const struct rec_schema *k = r->records.rec[i].kind;

	return k && !strcmp(k->kind, kind);
}

static bool is_domain(const struct run *r, size_t i)
{
	return run_rec_is(r, i, "llc") || run_rec_is(r, i, "node");
}

/* Records @i and @j are of one kind and name one domain. */
static bool same_domain(const struct run *r, size_t i, size_t j)
{
	const struct run_rec *a = &r->records.rec[i], *b = &r->records.rec[j];

	return a->kind == b->kind &&
	       run_rec_uint(a, "id") == run_rec_uint(b, "id");
}

/* a long list arrives in parts: part N belongs to the latest record of
 * its kind and id before it, when there is one */
bool run_domain_first(const struct run *r, size_t i)
{
	if (!is_domain(r, i))
		return false;
	if (!run_rec_uint(&r->records.rec[i], "part"))
		return true;
	for (size_t j = 0; j < i; j++)
		if (same_domain(r, i, j))
			return false;
	return true;
}

void run_domain_cpus(const struct run *r, size_t i, char *buf, size_t n)
{
	size_t len;

	run_rec_copy(buf, n, &r->records.rec[i], "cpus");
	for (size_t j = i + 1; j < r->records.n; j++) {
		const char *more;

		if (!same_domain(r, i, j))
			continue;
		if (!run_rec_uint(&r->records.rec[j], "part"))
			break;	/* a domain of the same id again */
		more = run_rec_get(&r->records.rec[j], "cpus");
		len = strlen(buf);
		if (more && len + strlen(more) + 2 < n)
			snprintf(buf + len, n - len, ",%s", more);
		else if (len + 4 < n && !strstr(buf, "..."))
			strcat(buf, "...");
	}
}

static void take_hello(struct run *r, const struct rec_parsed *p)
{
	(void)p;
	r->hello = true;
	r->one.hello = *run_records_last(&r->records);
}

static void take_topo(struct run *r, const struct rec_parsed *p)
{
	(void)p;
	r->one.topo = *run_records_last(&r->records);
}

static void take_config(struct run *r, const struct rec_parsed *p)
{
	(void)p;
	r->one.config = *run_records_last(&r->records);
}

static void take_cpu(struct run *r, const struct rec_parsed *p)
{
	const struct run_rec *x = run_records_last(&r->records);
	struct run_map *m = runmap_of(&r->map);
	struct map_cpu *c;

	(void)p;
	r->ncpu_recs++;
	c = RUN_PUSH(m->cpus, m->ncpus);
	c->id = run_rec_uint(x, "id");
	c->package = run_rec_uint(x, "package");
	c->node = run_rec_uint(x, "node");
	c->llc = run_rec_uint(x, "llc");
	c->core = run_rec_uint(x, "core");
	c->smt = run_rec_uint(x, "smt");
	c->disabled = !strcmp(run_rec_str(x, "enabled"), "0");
}

static void take_qr(struct run *r, const struct rec_parsed *p)
{
	(void)p;
	r->one.qr = *run_records_last(&r->records);
}

/* The engine's kinds a run reads into its own members; an experiment's
 * are its host file's (tools/exp/, host_take_of()).  The rest (cache,
 * llc, node, warn, error, cpufail, ...) are read from the store where
 * they are used. */
static const struct host_take engine_takes[] = {
	{ "hello", take_hello },
	{ "topo", take_topo },
	{ "config", take_config },
	{ "cpu", take_cpu },
	{ "qr", take_qr },
	{ NULL, NULL },
};

static const struct host_take *take_of(const char *kind)
{
	/* long runs of one kind: its reader found once a run */
	static char last[16];
	static const struct host_take *last_take;

	if (last[0] && !strcmp(last, kind))
		return last_take;
	snprintf(last, sizeof(last), "%s", kind);
	last_take = NULL;
	for (const struct host_take *t = engine_takes; t->kind; t++)
		if (!strcmp(t->kind, kind))
			return last_take = t;
	return last_take = host_take_of(kind);
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
		r->one.end = *run_records_last(&r->records);
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
	uint64_t held = run_rec_u64(&r->one.qr, "held");

	return held && r->nrecords == held &&
	       run_rec_u64(&r->one.end, "records") > r->nrecords;
}

size_t run_missing(const struct run *r)
{
	uint64_t n = run_rec_u64(&r->one.end, "records");

	if (!r->end || n <= r->nrecords)
		return 0;
	if (run_from_qr(r))
		return 0;	/* all the codes hold, none lost */
	return (size_t)(n - r->nrecords);
}

bool run_complete(const struct run *r)
{
	return r->hello && r->end && !run_missing(r);
}

bool run_failed(const struct run *r)
{
	if (r->end && run_status(r)[0] && strcmp(run_status(r), "ok"))
		return true;
	/* an experiment's own verdict: sbm's layout that lost updates */
	for (size_t i = 0; host_names[i]; i++)
		if (host_experiments[i] && host_experiments[i]->failed &&
		    host_experiments[i]->failed(r))
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
