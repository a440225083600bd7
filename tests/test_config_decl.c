/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The option declarations (options/option.h) against what they promise:
 * the defaults the engine always had, a default word that parses to the
 * default, every range edge refused past it with the key named, usage
 * text naming every key, experiment= naming the registry, the engine's
 * registry and the parser's agreeing, and docs/options.md's
 * option table: every key declared, every declaration listed, the same
 * default and the same range.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "exp/sbm/exp_sbm_opts.h"
#include "options/config.h"
#include "options/config_exp.h"
#include "options/option.h"
#include "measure/sbm.h"
#include "measure/sbm_read.h"
#include "exp/experiment.h"
#include "exp/c2c/exp_c2c_opts.h"
#include "exp/noise/exp_noise_opts.h"
#include "exp/rw/exp_rw_opts.h"
#include "exp/scale/exp_scale_opts.h"

#define FOR_EACH_DECL(s, d, n) \
	for (size_t n = 0; ((s) = option_set_nth(n)); n++) \
		for (const struct option_decl *d = (s)->decls; d && d->key; d++)

/* config_defaults() before the declarations, field by field. */
static void defaults_as_before(void)
{
	struct config c;

	config_defaults(&c);
	CHECK_EQ_U64(sbm_opts.layouts, (1u << SBM_NBUILTIN) - 1);
	CHECK_STR(sbm_opts.op, "native");
	CHECK_STR(sbm_opts.op_u8, "native");
	CHECK_EQ_U64(sbm_opts.iters, 0);		/* iters=auto: time windows */
	CHECK_EQ_U64(sbm_opts.window_us, 0);		/* window=auto: planned */
	CHECK_EQ_U64(sbm_count_iters(), SBM_COUNT_ITERS);
	CHECK_EQ_U64(sbm_opts.reps, SBM_REPS_AUTO_MIN);
	CHECK(sbm_opts.reps_auto);
	CHECK_EQ_U64(sbm_opts.warmup, 1000);
	CHECK_EQ_U64(sbm_opts.line, 0);
	CHECK_EQ_U64(sbm_opts.ngaps, 2);
	CHECK_EQ_U64(sbm_opts.gap_ns[0], 0);
	CHECK_EQ_U64(sbm_opts.gap_ns[1], 1000);
	CHECK_EQ_U64(c.cpuset, CPUSET_ALL);
	CHECK_EQ_U64(c.first, 0);
	CHECK_EQ_U64(sbm_opts.mode, MODE_LOOP);
	CHECK_EQ_U64(c.start_timeout_ms, 1000);
	CHECK(c.exit && c.save && !c.stop_after_restore && !c.save_test_fill);
	CHECK_EQ_U64(c.restore_test_buf, 0);
	CHECK_EQ_U64(c.restore_test_pause_s, 0);
	CHECK(!c.bmc_watchdog_stop && !c.bmc_test_arm);
	CHECK_EQ_U64(c.riscv_counter, RV_COUNTER_AUTO);
	CHECK(c.hold_s == -1);
	CHECK(config_runs(&c, "sbm") && !config_runs(&c, "scale") &&
	      !config_runs(&c, "c2c") && !config_runs(&c, "noise") &&
	      !config_runs(&c, "rw"));
	CHECK_EQ_U64(c2c_opts.pairs, PAIRS_AUTO);
	CHECK_EQ_U64(c2c_opts.pairs_k, 0);
	CHECK_EQ_U64(c2c_opts.rounds, 1000);
	CHECK_EQ_U64(c2c_opts.home, HOME_A);
	CHECK_EQ_U64(noise_opts.ms, 1000);
	CHECK_EQ_U64(noise_opts.ns, 1000);
	CHECK_EQ_U64(rw_opts.idle_ns, 20000);
	CHECK_EQ_U64(rw_opts.run_ns, 80000);
	CHECK_EQ_U64(rw_opts.scan_ns, 10000);
	CHECK_EQ_U64(rw_opts.ms, 200);
	CHECK_EQ_U64(rw_opts.writers, 0);
	CHECK_EQ_U64(rw_opts.nreaders, 1);
	CHECK_EQ_U64(rw_opts.place, RW_AUTO);
	CHECK(!rw_opts.test_stale);
	CHECK_EQ_U64(rw_opts.reader, SBM_READ_AND);
	CHECK_EQ_U64(c.test, 0);
	CHECK_EQ_U64(scale_opts.order, SCALE_ORDER_AUTO);
	CHECK_EQ_U64(scale_opts.steps, 0);
}

/*
 * What a parse may write besides struct config: the experiments' own
 * options structs (option.h: .own), one after another in @buf.
 */
#define OWN_MAX 256

static size_t own_copy(unsigned char *buf, bool save)
{
	const struct option_set *s;
	size_t used = 0;

	for (size_t n = 0; (s = option_set_nth(n)); n++) {
		if (!s->own)
			continue;
		CHECK(used + s->own_size <= OWN_MAX);
		if (used + s->own_size > OWN_MAX)
			break;
		if (save)
			memcpy(buf + used, s->own, s->own_size);
		else
			memcpy(s->own, buf + used, s->own_size);
		used += s->own_size;
	}
	return used;
}

/* Whether the own structs hold what @buf saved. */
static bool own_same(const unsigned char *buf)
{
	unsigned char now[OWN_MAX];
	size_t n = own_copy(now, true);

	return !memcmp(now, buf, n);
}

/* Each declaration complete; its default word parses to the default. */
static void declarations(void)
{
	const struct option_set *s;
	size_t nkeys = 0;

	FOR_EACH_DECL(s, d, n) {
		struct config def, c;
		unsigned char def_own[OWN_MAX];
		char err[512];

		nkeys++;
		CHECK(d->meta && d->meta[0] && d->help && d->help[0]);
		CHECK(d->def || d->def_doc);
		CHECK(d->kind == OPT_CUSTOM || d->size == 1 || d->size == 4 ||
		      d->size == 8);
		CHECK(d->offset + d->size <= (s->own ? s->own_size :
					      sizeof(struct config)));
		CHECK(d->kind != OPT_CUSTOM || d->set);
		CHECK(d->kind != OPT_ENUM || (d->names && d->names[d->lo]));
		CHECK(d->kind != OPT_UINT || d->lo <= d->hi);
		/* one key, one declaration */
		CHECK(option_find(d->key, NULL) == d);
		config_defaults(&def);
		own_copy(def_own, true);
		if (d->def) {
			c = def;
			if (config_set(&c, d->key, d->def, err, sizeof(err)))
				fprintf(stderr, "%s=%s: %s\n", d->key, d->def,
					err);
			CHECK(!memcmp(&c, &def, sizeof(c)));
			CHECK(own_same(def_own));
		}
		/* past each end: refused, naming the key and the range */
		if (d->kind == OPT_UINT) {
			char v[32], valid[64];

			option_valid(d, valid, sizeof(valid));
			snprintf(v, sizeof(v), "%llu",
				 (unsigned long long)d->hi + 1);
			c = def;
			CHECK(config_set(&c, d->key, v, err, sizeof(err)) == -1);
			CHECK(strstr(err, d->key) && strstr(err, valid));
			CHECK(!memcmp(&c, &def, sizeof(c)));
			CHECK(own_same(def_own));
			snprintf(v, sizeof(v), "%llu",
				 (unsigned long long)d->hi);
			CHECK(config_set(&c, d->key, v, err, sizeof(err)) == 0);
			if (d->lo) {
				snprintf(v, sizeof(v), "%llu",
					 (unsigned long long)d->lo - 1);
				CHECK(config_set(&c, d->key, v, err,
						 sizeof(err)) == -1);
			}
		}
		c = def;
		own_copy(def_own, false);
		CHECK(config_set(&c, d->key, "no such value!", err,
				 sizeof(err)) == -1);
		CHECK(!memcmp(&c, &def, sizeof(c)));
		CHECK(own_same(def_own));
		CHECK(strstr(err, "bad value 'no such value!' for ") &&
		      strstr(err, d->key));
		if (d->kind == OPT_ENUM)
			for (size_t k = d->lo; d->names[k]; k++) {
				CHECK(strstr(err, d->names[k]) != NULL);
				CHECK(config_set(&c, d->key, d->names[k], err,
						 sizeof(err)) == 0);
			}
		/* usage names every key a user may give */
		if (!strstr(d->key, "_test_")) {
			char kv[40];

			snprintf(kv, sizeof(kv), "%s=", d->key);
			CHECK(strstr(config_help(), kv) != NULL);
		}
	}
	CHECK(nkeys >= 39);
	/* the unknown-key message lists every key a user may give, whole */
	{
		struct config c;
		char err[2048], *list;
		size_t listed = 0, users = 0;

		config_defaults(&c);
		CHECK(config_set(&c, "frobnicate", "1", err, sizeof(err)) == -1);
		list = strstr(err, "(valid: ");
		CHECK(list && strchr(list, ')'));
		if (list && strchr(list, ')')) {
			*strchr(list, ')') = 0;
			for (char *save = NULL, *k = strtok_r(list + 8, ", ",
							      &save);
			     k; k = strtok_r(NULL, ", ", &save)) {
				CHECK(option_find(k, NULL) != NULL);
				listed++;
			}
		}
		FOR_EACH_DECL(s, d, n)
			users += !strstr(d->key, "_test_");
		CHECK_EQ_U64(listed, users);
	}
	CHECK(option_find("frobnicate", NULL) == NULL);
}

/* experiment= takes the registry's names, not proof (it runs with sbm). */
static void experiment_names(void)
{
	struct config c;
	char err[512], line[2048];
	size_t chosen = 0;

	config_defaults(&c);
	CHECK(config_set(&c, "experiment", "all", err, sizeof(err)) == 0);
	const struct option_set *s;

	for (size_t k = 0; (s = option_set_nth(k)) && s != &engine_options;
	     k++) {
		CHECK(s->name != NULL);
		if (s->runs_with) {
			CHECK(config_set(&c, "experiment", s->name, err,
					 sizeof(err)) == -1);
			continue;
		}
		chosen++;
		CHECK(config_set(&c, "experiment", s->name, err,
				 sizeof(err)) == 0);
		CHECK(config_runs(&c, s->name));
	}
	CHECK(chosen >= 5);
	CHECK(config_set(&c, "experiment", "all", err, sizeof(err)) == 0);
	config_format(&c, line, sizeof(line));
	CHECK(strstr(line, " experiment=sbm,scale,c2c,noise,rw ") != NULL);
	CHECK(config_set(&c, "experiment", "proof", err, sizeof(err)) == -1);
	CHECK(strstr(err, "sbm, scale, c2c, noise, rw") != NULL);
	/* a companion's runs_with list: any of its names chosen */
	CHECK(config_set(&c, "experiment", "rw", err, sizeof(err)) == 0);
	CHECK(config_runs(&c, "sbm,rw"));
	CHECK(config_runs(&c, "rw,sbm"));
	CHECK(!config_runs(&c, "sbm"));
	CHECK(!config_runs(&c, "sbm,r"));
	CHECK(!config_runs(&c, "sbm,rwx"));
	CHECK(config_set(&c, "experiment", "c2c", err, sizeof(err)) == 0);
	CHECK(!config_runs(&c, "sbm,rw"));
	CHECK(config_set(&c, "experiment", "sbm", err, sizeof(err)) == 0);
	CHECK(config_runs(&c, "sbm,rw"));
}

/* The engine's registry and the parser's: the same experiments, names,
 * companions and option sets, in the same order. */
static void registry(void)
{
	size_t k;

	for (k = 0; experiments[k]; k++) {
		const struct experiment *x = experiments[k];
		const struct option_set *s = option_set_nth(k);

		CHECK(s && s != &engine_options && x->options == s);
		if (!s || s == &engine_options)
			continue;
		CHECK(s->name && !strcmp(exp_name(x), s->name));
		CHECK(!strcmp(exp_runs_with(x), s->runs_with ? s->runs_with :
			      s->name));
	}
	CHECK(k >= 6);
	CHECK(option_set_nth(k) == &engine_options);
	CHECK(option_set_nth(k + 1) == NULL);
}

/* The text of docs/options.md's "## Options" section. */
static char *options_section(void)
{
	const char *dir = getenv("SBM_SRCDIR");
	char path[4096], *text, *start, *end;
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/docs/options.md", dir ? dir : "..");
	f = fopen(path, "rb");
	CHECK(f != NULL);
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)n + 1);
	if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		free(text);
		CHECK(0);
		return NULL;
	}
	fclose(f);
	start = strstr(text, "\n## Options\n");
	CHECK(start != NULL);
	if (!start) {
		free(text);
		return NULL;
	}
	end = strstr(start + 1, "\n## ");
	if (end)
		*end = 0;
	memmove(text, start, strlen(start) + 1);
	return text;
}

/* @cell with backticks dropped and spaces trimmed, into @out. */
static void plain(const char *cell, size_t n, char *out, size_t len)
{
	size_t o = 0;

	while (n && *cell == ' ')
		cell++, n--;
	while (n && cell[n - 1] == ' ')
		n--;
	for (size_t i = 0; i < n && o + 1 < len; i++)
		if (cell[i] != '`')
			out[o++] = cell[i];
	out[o] = 0;
}

/* @cell starts with @want, then ends or goes on with no letter/digit. */
static bool starts_with_word(const char *cell, const char *want)
{
	size_t n = strlen(want);

	return !strncmp(cell, want, n) && !isalnum((unsigned char)cell[n]);
}

#define MAX_DECLS 128
static const struct option_decl *listed[MAX_DECLS];
static size_t nlisted;

/* The @i-th of ", "-separated @list, into @out. */
static const char *nth_item(const char *list, size_t i, char *out, size_t len)
{
	const char *q = list;

	for (; i && q; i--)
		if ((q = strstr(q, ", ")))
			q += 2;
	snprintf(out, len, "%.*s", q ? (int)strcspn(q, ",") : 0, q ? q : "");
	return out;
}

static void readme_key(const char *row, const char *key, const char *values,
		       const char *def)
{
	const struct option_decl *d = option_find(key, NULL);
	char want[256];

	if (!d) {
		fprintf(stderr,
			"docs/options.md lists '%s', no declaration has it\n",
			key);
		CHECK(0);
		return;
	}
	if (nlisted < MAX_DECLS)
		listed[nlisted++] = d;
	if (!starts_with_word(def, option_default(d))) {
		fprintf(stderr, "docs/options.md's default of %s is '%s', "
			"declared '%s'\n", key, def, option_default(d));
		CHECK(0);
	}
	if (d->kind == OPT_UINT) {
		snprintf(want, sizeof(want), "%llu..%llu",
			 (unsigned long long)d->lo, (unsigned long long)d->hi);
		if (!strstr(values, want)) {
			fprintf(stderr, "docs/options.md's values of %s lack "
				"its range %s\n", key, want);
			CHECK(0);
		}
	}
	if (d->kind == OPT_ENUM)
		for (size_t k = d->lo; d->names[k]; k++) {
			snprintf(want, sizeof(want), "`%s`", d->names[k]);
			if (!strstr(row, want)) {
				fprintf(stderr, "docs/options.md's values of "
					"%s lack %s\n", key, want);
				CHECK(0);
			}
		}
}

/* | `key`[, `key2`] | values | default | */
static void readme_row(const char *row)
{
	const char *cell[4];
	char keys[256], values[4096], def[1024], key[64], part[256];
	const char *p = row + 1;
	size_t nkeys = 1;

	for (int i = 0; i < 4; i++) {
		cell[i] = p;
		if (i == 3)
			break;
		p = strchr(p, '|');
		if (!p) {
			fprintf(stderr,
				"docs/options.md: not a 3-column row: %s\n",
				row);
			CHECK(0);
			return;
		}
		p++;
	}
	plain(cell[0], (size_t)(cell[1] - cell[0] - 1), keys, sizeof(keys));
	plain(cell[1], (size_t)(cell[2] - cell[1] - 1), values, sizeof(values));
	plain(cell[2], (size_t)(cell[3] - cell[2] - 1), def, sizeof(def));
	for (const char *k = keys; (k = strstr(k, ", ")); k += 2)
		nkeys++;
	/* two keys in a row ("20000, 80000"): the i-th default is theirs */
	for (size_t i = 0; i < nkeys; i++)
		readme_key(row, nth_item(keys, i, key, sizeof(key)), values,
			   nkeys > 1 ? nth_item(def, i, part, sizeof(part)) :
			   def);
}

static void readme_table(void)
{
	char *text = options_section();
	const struct option_set *s;
	size_t rows = 0;

	if (!text)
		return;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
		if (line[0] == '|' && !strncmp(line, "| `", 3)) {
			readme_row(line);
			rows++;
		}
	CHECK(rows >= 30);
	/* every declaration in the table, once */
	FOR_EACH_DECL(s, d, n) {
		size_t times = 0;

		for (size_t i = 0; i < nlisted; i++)
			times += listed[i] == d;
		if (times != 1) {
			fprintf(stderr, "docs/options.md lists %s %zu times\n",
				d->key, times);
			CHECK(0);
		}
	}
	free(text);
}

int main(void)
{
	defaults_as_before();
	declarations();
	experiment_names();
	registry();
	readme_table();
	return check_done("test_config_decl");
}
