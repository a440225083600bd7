// SPDX-License-Identifier: BSD-2-Clause
#include <stdio.h>
#include <string.h>

#include "measure/layout_spec.h"

static const char *const group_names[] = {
	[SG_ONE] = "one", [SG_NODE] = "node", [SG_PACKAGE] = "package",
	[SG_LLC] = "llc", [SG_CORE] = "core", [SG_CPU] = "cpu",
	[SG_N] = "leaf",
};
static const char *const elem_names[] = {
	[SE_U64] = "u64", [SE_U32] = "u32", [SE_U8] = "u8",
};
static const char *const leaf_names[] = {
	[SL_LINES] = "lines", [SL_LINE] = "line", [SL_WORD] = "word",
};
static const char *const index_names[] = {
	[SI_FW] = "fw", [SI_TOPO] = "topo", [SI_HWID] = "hwid",
};
static const char *const step_names[] = {
	[SK_INC] = "inc", [SK_DEC] = "dec", [SK_STORE] = "store",
	[SK_LOAD] = "load", [SK_MB] = "mb", [SK_WMB] = "wmb", [SK_MBA] = "mba",
	[SK_BIT] = "bit",
};

#define NAMES(a) (sizeof(a) / sizeof((a)[0]))

static const char *const keys[] = {
	"group", "elem", "leaf", "stride", "hdr", "index", "op", "then", "undo",
};

const char *sbm_spec_step_name(enum spec_step_kind k)
{
	return (unsigned)k < NAMES(step_names) ? step_names[k] : "?";
}

const char *sbm_spec_group_name(enum spec_group g)
{
	return (unsigned)g < NAMES(group_names) ? group_names[g] : "?";
}

bool sbm_spec_key(const char *item, size_t len)
{
	const char *eq = memchr(item, '=', len);

	if (!eq)
		return false;
	for (size_t i = 0; i < NAMES(keys); i++)
		if (strlen(keys[i]) == (size_t)(eq - item) &&
		    !memcmp(keys[i], item, (size_t)(eq - item)))
			return true;
	return false;
}

static int pick(const char *const *names, size_t n, const char *v,
		size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (names[i] && strlen(names[i]) == len &&
		    !memcmp(names[i], v, len))
			return (int)i;
	return -1;
}

/* A decimal in 1..@max, all of @len bytes; -1 otherwise. */
static long number(const char *v, size_t len, long max)
{
	long n = 0;

	if (!len || len > 7)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (v[i] < '0' || v[i] > '9')
			return -1;
		n = n * 10 + (v[i] - '0');
	}
	return n <= max ? n : -1;
}

/* "inc@llc+4", "store@leaf+end+8", "mb" */
static int parse_step(const char *v, size_t len, struct spec_step *st,
		      const char **why)
{
	const char *at = memchr(v, '@', len), *plus, *end = v + len;
	int k = pick(step_names, NAMES(step_names), v,
		     at ? (size_t)(at - v) : len);
	int w;

	memset(st, 0, sizeof(*st));
	if (k < 0) {
		*why = "then=/undo=: a step is bit, inc, dec, store, load (@where) or mb, wmb, mba";
		return -1;
	}
	st->kind = (uint8_t)k;
	if (k >= SK_MB) {
		if (at) {
			*why = "then=/undo=: bit and the barriers (mb, wmb, mba) have no @where";
			return -1;
		}
		return 0;
	}
	if (!at) {
		*why = "then=: inc, dec, store and load need @where";
		return -1;
	}
	at++;
	plus = memchr(at, '+', (size_t)(end - at));
	w = pick(group_names, NAMES(group_names), at,
		 (size_t)((plus ? plus : end) - at));
	if (w < 0) {
		*why = "then=: @where is leaf, one, node, package, llc, core or cpu";
		return -1;
	}
	st->where = (uint8_t)w;
	while (plus) {
		const char *s = plus + 1, *next = memchr(s, '+', (size_t)(end - s));
		size_t n = (size_t)((next ? next : end) - s);
		long off;

		if (n == 3 && !memcmp(s, "end", 3) && w == SPEC_WHERE_LEAF &&
		    !(st->off & SPEC_OFF_END) && !(st->off & 0x7fff)) {
			st->off |= SPEC_OFF_END;
		} else if ((off = number(s, n, 4092)) >= 0 && !(off & 3) &&
			   !(st->off & 0x7fff)) {
			st->off |= (uint16_t)off;
		} else {
			*why = "then=: +OFF is a multiple of 4 under 4096 (leaf: +end, +end+OFF)";
			return -1;
		}
		plus = next;
	}
	return 0;
}

static int parse_then(const char *v, size_t len, struct sbm_spec *s,
		      const char **why)
{
	const char *end = v + len;
	uint32_t bits = 0;

	if (!len) {
		*why = "then=/undo=: no steps";
		return -1;
	}
	while (v < end) {
		const char *slash = memchr(v, '/', (size_t)(end - v));
		size_t n = (size_t)((slash ? slash : end) - v);

		if (s->nsteps == SPEC_MAX_STEPS) {
			*why = "then= and undo=: more than 12 steps together";
			return -1;
		}
		if (parse_step(v, n, &s->step[s->nsteps++], why))
			return -1;
		bits += s->step[s->nsteps - 1].kind == SK_BIT;
		v += n + (slash ? 1 : 0);
		if (slash && v == end) {
			*why = "then=/undo=: an empty step";
			return -1;
		}
	}
	if (bits > 1) {
		*why = "then=/undo=: bit at most once in each";
		return -1;
	}
	return 0;
}

static int parse_op(const char *v, size_t len, struct sbm_spec *s,
		    const char **why)
{
	if (!len || len >= SPEC_OP_MAX) {
		*why = "op=: an op's name, under 24 characters";
		return -1;
	}
	for (size_t i = 0; i < len; i++)
		if (!((v[i] >= 'a' && v[i] <= 'z') || v[i] == '_' ||
		      (v[i] >= '0' && v[i] <= '9'))) {
			*why = "op=: an op's name is lower case, digits and _";
			return -1;
		}
	memcpy(s->op, v, len);
	s->op[len] = 0;
	return 0;
}

static int parse_one(const char *k, size_t klen, const char *v, size_t vlen,
		     struct sbm_spec *s, const char **why)
{
	long n;
	int i;

#define IS(name) (klen == strlen(name) && !memcmp(k, name, klen))
	if (IS("group")) {
		i = pick(group_names, SG_N, v, vlen);
		if (i >= 0) {
			s->group = (uint8_t)i;
			return 0;
		}
		if ((n = number(v, vlen, 4096)) > 0) {
			s->group = SG_N;
			s->per = (uint32_t)n;
			return 0;
		}
		if (vlen == 7 && !memcmp(v, "sbitmap", 7)) {
			s->group = SG_N;
			s->per = SPEC_PER_SBITMAP;
			return 0;
		}
		*why = "group=: one, node, package, llc, core, cpu, sbitmap or a number of CPUs (1-4096)";
	} else if (IS("elem")) {
		if ((i = pick(elem_names, NAMES(elem_names), v, vlen)) >= 0) {
			s->elem = (uint8_t)i;
			return 0;
		}
		*why = "elem=: u64, u32 or u8";
	} else if (IS("leaf")) {
		if ((i = pick(leaf_names, NAMES(leaf_names), v, vlen)) >= 0) {
			s->leaf = (uint8_t)i;
			return 0;
		}
		*why = "leaf=: lines, line or word";
	} else if (IS("index")) {
		if ((i = pick(index_names, NAMES(index_names), v, vlen)) >= 0) {
			s->index = (uint8_t)i;
			return 0;
		}
		*why = "index=: fw, topo or hwid";
	} else if (IS("stride")) {
		if ((n = number(v, vlen, 64)) >= 0) {
			s->stride = (uint32_t)n;
			return 0;
		}
		*why = "stride=: lines between leaves, 0 to 64";
	} else if (IS("hdr")) {
		if ((n = number(v, vlen, 256)) >= 0 && !(n & 7)) {
			s->hdr = (uint32_t)n;
			return 0;
		}
		*why = "hdr=: bytes before the elements, a multiple of 8 up to 256";
	} else if (IS("op")) {
		return parse_op(v, vlen, s, why);
	} else if (IS("then")) {
		if (s->undo) {
			*why = "then= comes before undo=";
			return -1;
		}
		if (parse_then(v, vlen, s, why))
			return -1;
		s->nset = s->nsteps;
		return 0;
	} else if (IS("undo")) {
		s->undo = true;
		return parse_then(v, vlen, s, why);
	} else {
		*why = "unknown key (group, elem, leaf, stride, hdr, index, op, then, undo)";
	}
#undef IS
	return -1;
}

int sbm_spec_parse(const char *text, size_t len, struct sbm_spec *s,
		   const char **why)
{
	const char *end = text + len;
	uint32_t seen = 0;

	memset(s, 0, sizeof(*s));
	s->group = SG_ONE;
	if (!len) {
		*why = "an empty spec";
		return -1;
	}
	while (text < end) {
		const char *comma = memchr(text, ',', (size_t)(end - text));
		const char *item_end = comma ? comma : end;
		const char *eq = memchr(text, '=', (size_t)(item_end - text));
		size_t k;

		if (!eq) {
			*why = "an item is not key=value";
			return -1;
		}
		for (k = 0; k < NAMES(keys); k++)
			if (strlen(keys[k]) == (size_t)(eq - text) &&
			    !memcmp(keys[k], text, (size_t)(eq - text)))
				break;
		if (k < NAMES(keys) && seen & (1u << k)) {
			*why = "a key given twice";
			return -1;
		}
		if (parse_one(text, (size_t)(eq - text), eq + 1,
			      (size_t)(item_end - eq - 1), s, why))
			return -1;
		seen |= 1u << k;
		text = comma ? comma + 1 : end;
	}
	if (s->elem == SE_U8 && s->leaf == SL_WORD) {
		*why = "leaf=word goes with a bit element (u64, u32)";
		return -1;
	}
	return 0;
}

static size_t put(char *buf, size_t len, size_t used, const char *fmt,
		  const char *a, unsigned long n)
{
	int w = snprintf(buf + (used < len ? used : len),
			 used < len ? len - used : 0, fmt, a, n);

	return used + (w > 0 ? (size_t)w : 0);
}

size_t sbm_spec_format(const struct sbm_spec *s, char *buf, size_t len)
{
	size_t u = 0;

	if (len)
		buf[0] = 0;
	if (s->group == SG_N && s->per == SPEC_PER_SBITMAP)
		u = put(buf, len, u, "group=%s", "sbitmap", 0);
	else if (s->group == SG_N)
		u = put(buf, len, u, "group=%s%lu", "", s->per);
	else
		u = put(buf, len, u, "group=%s", group_names[s->group], 0);
	u = put(buf, len, u, ",elem=%s", elem_names[s->elem], 0);
	u = put(buf, len, u, ",leaf=%s", leaf_names[s->leaf], 0);
	if (s->stride)
		u = put(buf, len, u, ",stride=%s%lu", "", s->stride);
	if (s->hdr)
		u = put(buf, len, u, ",hdr=%s%lu", "", s->hdr);
	u = put(buf, len, u, ",index=%s", index_names[s->index], 0);
	if (s->op[0])
		u = put(buf, len, u, ",op=%s", s->op, 0);
	for (uint32_t i = 0; i < s->nsteps; i++) {
		const struct spec_step *st = &s->step[i];

		u = put(buf, len, u, i == s->nset ? ",undo=%s" :
			i ? "/%s" : ",then=%s", step_names[st->kind], 0);
		if (st->kind >= SK_MB)
			continue;
		u = put(buf, len, u, "@%s", group_names[st->where], 0);
		if (st->off & SPEC_OFF_END)
			u = put(buf, len, u, "+end", "", 0);
		if (st->off & 0x7fff)
			u = put(buf, len, u, "+%s%lu", "", st->off & 0x7fffu);
	}
	return u;
}
