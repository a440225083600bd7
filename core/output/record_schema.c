/* SPDX-License-Identifier: BSD-2-Clause */
#include <stddef.h>
#include <string.h>

#include "output/record_schema.h"

static const struct rec_schema rows[] = {
#include "output/record_schema.def"
	REC_END
};

/* A kind the schema does not know is kept last, by every keeper. */
static const struct rec_schema unknown = {
	.kind = "", .unit = "", .save = REC_SAVE_LIST, .qr = REC_QR_RANKS - 1,
	.grows = true,
};

/* Table @i: the engine's, then each experiment's; NULL past the last. */
static const struct rec_schema *table(size_t i)
{
	return i ? experiment_records[i - 1] : rows;
}

/* The first kind row from table @i on (a table may have none). */
static const struct rec_schema *first_from(size_t i)
{
	for (const struct rec_schema *t; (t = table(i)); i++)
		if (t->kind)
			return t;
	return NULL;
}

const struct rec_schema *rec_schema_first(void)
{
	return first_from(0);
}

const struct rec_schema *rec_schema_next(const struct rec_schema *k)
{
	const struct rec_schema *t;

	do
		k++;
	while (k->key);
	if (k->kind)
		return k;
	/* k is a table's end: go on with the table after it */
	for (size_t i = 0; (t = table(i)); i++) {
		while (t->kind || t->key)
			t++;
		if (t == k)
			return first_from(i + 1);
	}
	return NULL;
}

const struct rec_schema *rec_schema_kind(const char *kind)
{
	for (const struct rec_schema *k = rec_schema_first(); k;
	     k = rec_schema_next(k))
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

const char *rec_schema_role_name(unsigned role)
{
	return role == REC_R_MACHINE ? "machine" :
	       role == REC_R_FIRMWARE ? "firmware" :
	       role == REC_R_SUMMARY ? "summary" : NULL;
}
