/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * experiment=: the names are the registry's (core/exp/experiments.h),
 * in its order; bit k of cfg.experiments is the k-th name experiment=
 * takes (an experiment that runs with another is not one).
 */
#include <stdio.h>
#include <string.h>

#include "options/config_exp.h"
#include "options/config_words.h"
#include "options/option.h"

/* The k-th name experiment= takes, NULL past the last. */
static const char *chosen_name(size_t k)
{
	const struct option_set *s;

	for (size_t i = 0; (s = option_set_nth(i)) && s->name; i++)
		if (!s->runs_with && !k--)
			return s->name;
	return NULL;
}

/* @name, or any of a comma list of names (a companion's runs_with) */
bool config_runs(const struct config *c, const char *name)
{
	const char *n;

	for (size_t k = 0; (n = chosen_name(k)) && k < 32; k++) {
		size_t l = strlen(n);

		for (const char *p = name; p; p = strchr(p, ',')) {
			p += *p == ',';
			if (!strncmp(p, n, l) && (!p[l] || p[l] == ',') &&
			    (c->experiments & (1u << k)))
				return true;
		}
	}
	return false;
}

/* "all or a comma list of sbm, scale, ...", for a bad value. */
static const char *valid_list(char *buf, size_t len)
{
	const char *n;
	int w = snprintf(buf, len, "all or a comma list of ");
	size_t used = w > 0 ? (size_t)w : 0;

	for (size_t k = 0; (n = chosen_name(k)) && used + 1 < len; k++) {
		w = snprintf(buf + used, len - used, "%s%s", k ? ", " : "", n);
		if (w > 0)
			used += (size_t)w;
	}
	return buf;
}

static int parse_experiments(const char *s, uint32_t *out)
{
	uint32_t mask = 0;
	const char *n;
	size_t k;

	if (!strcmp(s, "all")) {
		for (k = 0; chosen_name(k) && k < 32; k++)
			mask |= 1u << k;
		*out = mask;
		return 0;
	}
	while (*s) {
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);

		for (k = 0; (n = chosen_name(k)) && k < 32; k++)
			if (strlen(n) == len && !strncmp(n, s, len))
				break;
		if (!n || k == 32)
			return -1;
		mask |= 1u << k;
		s += len + (comma != NULL);
	}
	if (!mask)
		return -1;
	*out = mask;
	return 0;
}

int config_exp_set(const struct option_decl *d, struct config *c,
		   const char *val, char *err, size_t errlen)
{
	char valid[160];

	if (parse_experiments(val, &c->experiments))
		return config_bad_value(err, errlen, d->key, val,
					valid_list(valid, sizeof(valid)));
	return 0;
}

void config_exp_format(const struct option_decl *d, const struct config *c,
		       char *buf, size_t len)
{
	const char *n;
	size_t used = 0;

	(void)d;
	buf[0] = 0;
	for (size_t k = 0; (n = chosen_name(k)) && k < 32; k++)
		if (c->experiments & (1u << k) && used + 1 < len) {
			int w = snprintf(buf + used, len - used, "%s%s",
					 used ? "," : "", n);

			if (w > 0)
				used += (size_t)w;
		}
}
