/* SPDX-License-Identifier: BSD-2-Clause */
/* c2c's options: which pairs, how many round trips, where the line is. */
#include <stdio.h>
#include <string.h>

#include "boot/config_words.h"
#include "boot/option.h"

static int set_pairs(const struct option_decl *d, struct config *c,
		     const char *val, char *err, size_t errlen)
{
	uint64_t v;

	if (!strcmp(val, "all")) {
		c->pairs = PAIRS_ALL;
	} else if (!strcmp(val, "reps")) {
		c->pairs = PAIRS_REPS;
	} else if (!strcmp(val, "auto")) {
		c->pairs = PAIRS_AUTO;
	} else if (!config_parse_u64(val, 1, 100000, &v)) {
		c->pairs = PAIRS_RANDOM;
		c->pairs_k = (uint32_t)v;
	} else {
		return config_bad_value(err, errlen, d->key, val,
			"all, reps, auto, or pairs per class 1..100000");
	}
	return 0;
}

static void format_pairs(const struct option_decl *d, const struct config *c,
			 char *buf, size_t len)
{
	(void)d;
	if (c->pairs == PAIRS_RANDOM)
		snprintf(buf, len, "%u", c->pairs_k);
	else
		snprintf(buf, len, "%s", c->pairs == PAIRS_ALL ? "all" :
			 c->pairs == PAIRS_REPS ? "reps" : "auto");
}

static int set_home(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	uint64_t v;

	if (!strcmp(val, "a")) {
		c->c2c_home = HOME_A;
	} else if (!strcmp(val, "b")) {
		c->c2c_home = HOME_B;
	} else if (!strncmp(val, "node:", 5) &&
		   !config_parse_u64(val + 5, 0, 63, &v)) {
		c->c2c_home = HOME_NODE;
		c->c2c_home_node = (uint32_t)v;
	} else {
		return config_bad_value(err, errlen, d->key, val,
					"a, b, node:N (0..63)");
	}
	return 0;
}

static void format_home(const struct option_decl *d, const struct config *c,
			char *buf, size_t len)
{
	(void)d;
	if (c->c2c_home == HOME_NODE)
		snprintf(buf, len, "node:%u", c->c2c_home_node);
	else
		snprintf(buf, len, "%s", c->c2c_home == HOME_A ? "a" : "b");
}

static const struct option_decl decls[] = {
	{ .key = "pairs", .kind = OPT_CUSTOM, OPT_FIELD(pairs),
	  .set = set_pairs, .format = format_pairs, .def = "auto",
	  .meta = "SEL", .help = "all | reps (one CPU per LLC: every LLC "
	  "pair, plus SMT and core pairs) | K (K random per class, "
	  "1..100000) | auto (all up to 64 CPUs, else reps)" },
	{ .key = "c2c_rounds", .kind = OPT_UINT, OPT_FIELD(c2c_rounds),
	  .lo = 10, .hi = 10000000, .def = "1000", .meta = "N",
	  .help = "timed round trips per pair and variant" },
	{ .key = "c2c_home", .kind = OPT_CUSTOM, OPT_FIELD(c2c_home),
	  .set = set_home, .format = format_home, .def = "a",
	  .meta = "WHERE", .help = "node holding the line: a | b | node:N "
	  "(0..63)" },
	{ .key = NULL }
};

const struct option_set exp_c2c_options = { .name = "c2c", .decls = decls };
