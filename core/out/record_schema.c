/* SPDX-License-Identifier: BSD-2-Clause */
#include <stddef.h>
#include <string.h>

#include "out/record_schema.h"

static const struct rec_schema rows[] = {
#define REC_KIND(k, s, q, g) { .kind = k, .unit = "", .save = REC_SAVE_##s, \
			       .qr = q, .grows = REC_KIND_##g },
#define REC_KEY(k, t, u) { .key = k, .unit = u, .type = REC_T_##t },
#define REC_KIND_ONE	false
#define REC_KIND_GROWS	true
#include "out/record_schema.def"
#undef REC_KIND
#undef REC_KEY
	{ .kind = NULL },	/* the end: neither kind nor key */
};

/* A kind the schema does not know is kept last, by every keeper. */
static const struct rec_schema unknown = {
	.kind = "", .unit = "", .save = REC_SAVE_LIST, .qr = REC_QR_RANKS - 1,
	.grows = true,
};

const struct rec_schema *rec_schema_first(void)
{
	return rows;
}

const struct rec_schema *rec_schema_next(const struct rec_schema *k)
{
	do
		k++;
	while (k->key);
	return k->kind ? k : NULL;
}

const struct rec_schema *rec_schema_kind(const char *kind)
{
	for (const struct rec_schema *k = rows; k; k = rec_schema_next(k))
		if (!strcmp(k->kind, kind))
			return k;
	return NULL;
}

const struct rec_schema *rec_schema_rank(const char *kind)
{
	const struct rec_schema *k = rec_schema_kind(kind);

	return k ? k : &unknown;
}

const struct rec_schema *rec_schema_key(const struct rec_schema *kind,
					const char *key)
{
	if (!kind)
		return NULL;
	for (const struct rec_schema *k = kind + 1; k->key; k++)
		if (!strcmp(k->key, key))
			return k;
	return NULL;
}

static bool digits(const char **s)
{
	const char *p = *s;

	while (**s >= '0' && **s <= '9')
		(*s)++;
	return *s > p;
}

/* Decimals (with '-' ranges when @ranges) between single commas. */
static bool list_ok(const char *v, bool ranges)
{
	do {
		if (!digits(&v))
			return false;
		if (ranges && *v == '-' && (v++, !digits(&v)))
			return false;
	} while (*v == ',' && v++);
	return !*v;
}

bool rec_schema_value_ok(unsigned type, const char *v)
{
	const char *s = v;

	switch (type) {
	case REC_T_U64:
		return digits(&s) && !*s;
	case REC_T_HEX:
		if (strncmp(v, "0x", 2) || !v[2])
			return false;
		for (s = v + 2; *s; s++)
			if (!(*s >= '0' && *s <= '9') &&
			    !(*s >= 'a' && *s <= 'f'))
				return false;
		return true;
	case REC_T_DBL:
		s += *s == '-';
		if (!digits(&s))
			return false;
		return !*s || (*s == '.' && (s++, digits(&s)) && !*s);
	case REC_T_STR:
		return true;
	case REC_T_LIST:
		return list_ok(v, false);
	case REC_T_CPUS:
		return list_ok(v, true);
	case REC_T_U64_OR_NEVER:
		return !strcmp(v, "never") || (digits(&s) && !*s);
	}
	return false;
}

const char *rec_schema_type_name(unsigned type)
{
	static const char *const names[] = {
		"u64", "hex", "dbl", "str", "list", "cpus", "u64-or-never",
	};

	return type < sizeof(names) / sizeof(names[0]) ? names[type] : "?";
}
