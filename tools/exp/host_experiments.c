// SPDX-License-Identifier: BSD-2-Clause
/*
 * Every experiment's host side, from the registry (core/exp/registry.h):
 * host_NAME of tools/exp/NAME/host_NAME.c, which the build takes by the
 * registry line's name (tools/local.mk), so that line is the only list.
 * An experiment with nothing to add defines an empty host_NAME.
 */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "exp/experiments.h"
#include "exp/host_exp.h"

#define DECLARE(n) extern const struct host_exp host_##n;
SBM_EXPERIMENTS(DECLARE)

#define ENTRY(n) &host_##n,
const struct host_exp *const host_experiments[] = {
	SBM_EXPERIMENTS(ENTRY)
	NULL
};

#define NAME(n) #n,
const char *const host_names[] = {
	SBM_EXPERIMENTS(NAME)
	NULL
};

#define NEXP (sizeof(host_names) / sizeof(host_names[0]) - 1)
_Static_assert(NEXP <= HOST_MAX_EXPERIMENTS, "raise HOST_MAX_EXPERIMENTS");

size_t host_index(const struct host_exp *h)
{
	for (size_t i = 0; i < NEXP; i++)
		if (host_experiments[i] == h)
			return i;
	return NEXP;
}

const struct host_take *host_take_of(const char *kind)
{
	for (size_t i = 0; i < NEXP; i++) {
		const struct host_exp *x = host_experiments[i];

		for (const struct host_take *t = x ? x->takes : NULL;
		     t && t->kind; t++)
			if (!strcmp(t->kind, kind))
				return t;
	}
	return NULL;
}

/* Whether the blank-separated words of @list hold @w. */
static bool has_word(const char *list, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = list; (p = strstr(p, w)); p += n)
		if ((p == list || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return true;
	return false;
}

const struct host_table *host_table_of(const char *name, const char *format)
{
	for (size_t i = 0; i < NEXP; i++) {
		const struct host_exp *x = host_experiments[i];

		for (const struct host_table *t = x ? x->tables : NULL;
		     t && t->name; t++)
			if (!strcmp(t->name, name) &&
			    has_word(t->formats, format))
				return t;
	}
	return NULL;
}

const struct host_table *host_table_first(const char *format)
{
	for (size_t i = 0; i < NEXP; i++) {
		const struct host_exp *x = host_experiments[i];

		if (x && x->tables && x->tables->name)
			return has_word(x->tables->formats, format) ?
				x->tables : NULL;
	}
	return NULL;
}

const struct host_plot *host_plot_of(const char *name)
{
	for (size_t i = 0; i < NEXP; i++) {
		const struct host_exp *x = host_experiments[i];

		for (const struct host_plot *p = x ? x->plots : NULL;
		     p && p->name; p++)
			if (!strcmp(p->name, name))
				return p;
	}
	return NULL;
}
