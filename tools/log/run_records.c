// SPDX-License-Identifier: BSD-2-Clause
/* The schema-named record store of run_records.h, and its CSV and JSON. */
#include <stdlib.h>
#include <string.h>

#include "log/inert.h"
#include "log/run_records.h"

static void *need(void *p)
{
	if (!p) {
		fprintf(stderr, "sbmlog: out of memory\n");
		exit(2);
	}
	return p;
}

size_t rec_kind_nkeys(const struct rec_schema *k)
{
	size_t n = 0;

	while (k[1 + n].key)
		n++;
	return n;
}

size_t run_rec_bad_reads;

/* The schema's row of @key in @kind: the host files read the same few
 * keys of half a million records, so a small table remembers the rows
 * (checked by name: a key may come from a reused buffer). */
static const struct rec_schema *key_row(const struct rec_schema *kind,
					const char *key)
{
	static struct {
		const struct rec_schema *kind, *row;
	} seen[256];
	/* literals two bytes apart ("a", "b") must not share a slot */
	size_t h = (size_t)((((uint64_t)(uintptr_t)key ^
			      (uint64_t)(uintptr_t)kind << 7) *
			     0x9e3779b97f4a7c15ull) >> 56);

	if (seen[h].kind == kind && seen[h].row &&
	    !strcmp(seen[h].row->key, key))
		return seen[h].row;
	seen[h].kind = kind;
	seen[h].row = rec_schema_key(kind, key);
	return seen[h].row;
}

const char *run_rec_get(const struct run_rec *x, const char *key)
{
	const struct rec_schema *k = x->kind ? key_row(x->kind, key) : NULL;

	if (!k) {
		run_rec_bad_reads++;	/* a name the schema lacks: a typo */
		return NULL;
	}
	/* a run's record of a kind it has none of (runs.h, run_one) */
	return x->val ? x->val[k - x->kind - 1] : NULL;
}

const char *run_rec_str(const struct run_rec *x, const char *key)
{
	const char *v = run_rec_get(x, key);

	return v ? v : "";
}

uint64_t run_rec_u64(const struct run_rec *x, const char *key)
{
	const char *s = run_rec_get(x, key);

	if (!s || !*s || *s == '-')
		return 0;
	return strtoull(s, NULL, 0);
}

unsigned run_rec_uint(const struct run_rec *x, const char *key)
{
	uint64_t v = run_rec_u64(x, key);

	return v > 0xffffffffu ? 0xffffffffu : (unsigned)v;
}

bool run_rec_dbl(const struct run_rec *x, const char *key, double *v)
{
	const char *s = run_rec_get(x, key);
	char *e;
	double d;

	if (!s || !*s)
		return false;
	d = strtod(s, &e);
	if (*e)
		return false;
	*v = d;
	return true;
}

double run_rec_num(const struct run_rec *x, const char *key)
{
	double v = 0;

	return run_rec_dbl(x, key, &v) ? v : 0;
}

void run_rec_copy(char *dst, size_t n, const struct run_rec *x,
		  const char *key)
{
	snprintf(dst, n, "%s", run_rec_str(x, key));
}

const struct run_rec *run_records_last(const struct run_records *rr)
{
	return rr->n ? &rr->rec[rr->n - 1] : NULL;
}

bool run_rec_any(const struct run_rec *x)
{
	size_t nk = x->val ? rec_kind_nkeys(x->kind) : 0;

	for (size_t c = 0; c < nk; c++)
		if (x->val[c])
			return true;
	return false;
}

void run_rec_text(FILE *f, const struct run_rec *x)
{
	size_t nk = rec_kind_nkeys(x->kind);

	for (size_t c = 0; c < nk; c++)
		if (x->val[c])
			fprintf(f, " %s=%s", x->kind[1 + c].key, x->val[c]);
}

void run_records_take(struct run_records *rr, const struct rec_parsed *p)
{
	/* a log is long runs of one kind (c2c pairs: half a million in a
	 * 1024-CPU map), its keys in the schema's order: look up the kind
	 * once a run of them and each key from the one before */
	static const struct rec_schema *last;
	const struct rec_schema *k = last && !strcmp(last->kind, p->kind) ?
				     last : rec_schema_kind(p->kind);
	const struct rec_schema *next;
	size_t nk, bytes = 0;
	struct run_rec *x;
	char *s;

	if (!k) {
		rr->unknown_kinds++;
		return;
	}
	last = k;
	next = k + 1;
	nk = rec_kind_nkeys(k);
	for (size_t i = 0; i < p->nfields; i++)
		bytes += strlen(p->f[i].val) + 1;
	if (!(rr->n & (rr->n - 1)) || !rr->n)	/* 0, 1, 2, 4, ... */
		rr->rec = need(realloc(rr->rec, (rr->n ? 2 * rr->n : 1) *
				       sizeof(*rr->rec)));
	x = &rr->rec[rr->n++];
	x->kind = k;
	/* the pointers, then the values they point into: one block */
	x->val = need(calloc(1, nk * sizeof(char *) + bytes + 1));
	s = (char *)(x->val + nk);
	for (size_t i = 0; i < p->nfields; i++) {
		const struct rec_schema *key = next->key &&
			!strcmp(next->key, p->f[i].key) ? next :
			rec_schema_key(k, p->f[i].key);
		size_t len = strlen(p->f[i].val) + 1;

		if (!key) {
			rr->unknown_keys++;
			continue;
		}
		next = key + 1;
		if (!rec_schema_value_ok(key->type, p->f[i].val))
			rr->bad_values++;
		memcpy(s, p->f[i].val, len);
		x->val[key - k - 1] = s;
		s += len;
	}
}

void run_records_free(struct run_records *rr)
{
	for (size_t i = 0; i < rr->n; i++)
		free(rr->rec[i].val);
	free(rr->rec);
	*rr = (struct run_records){ 0 };
}

/* No number in @v (numbers between commas) has a leading zero before a
 * digit: JSON's number grammar, which the schema's types are looser than. */
static bool json_digits_ok(const char *v)
{
	for (const char *s = v; *s; s++)
		if (*s == '0' && (s == v || s[-1] == ',' || s[-1] == '-') &&
		    s[1] >= '0' && s[1] <= '9')
			return false;
	return true;
}

/* A value as its schema type says; null when it is not written as that
 * type says (a damaged or hostile log: never a NaN or a stray word). */
static void json_value(FILE *f, unsigned type, const char *v)
{
	if (type == REC_T_STR) {
		json_str(f, v);
		return;
	}
	if (!rec_schema_value_ok(type, v) || !json_digits_ok(v)) {
		fputs("null", f);
		return;
	}
	switch (type) {
	case REC_T_U64:
	case REC_T_DBL:
		fputs(v, f);	/* checked: digits, a sign, a point */
		return;
	case REC_T_U64_OR_NEVER:
		if (strcmp(v, "never"))
			fputs(v, f);
		else
			json_str(f, v);
		return;
	case REC_T_LIST:
		fputc('[', f);
		fputs(v, f);	/* checked: decimals between commas */
		fputc(']', f);
		return;
	default:
		json_str(f, v);
	}
}

void run_rec_json(FILE *f, const struct run_rec *x)
{
	size_t nk = rec_kind_nkeys(x->kind);
	bool first = true;

	for (size_t c = 0; c < nk; c++) {
		if (!x->val[c])
			continue;
		if (!first)
			fputc(',', f);
		first = false;
		json_str(f, x->kind[1 + c].key);
		fputc(':', f);
		json_value(f, x->kind[1 + c].type, x->val[c]);
	}
}
