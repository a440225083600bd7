/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An option's declaration: key, type, range, default and help, next to
 * the code that reads it.  The engine's own are in config_engine.c, an
 * experiment's in its core/exp/NAME/exp_NAME.c, registered through its struct
 * experiment (.options) and core/exp/experiments.h.  config.c parses,
 * formats and prints usage from these tables alone; docs/options.md's option
 * table is checked against them (tests/test_config_decl.c).
 *
 * The engine's values land in struct config (.offset, .size), every
 * experiment's in its own options struct (struct option_set's .own,
 * declared in an options-only core/exp/NAME/exp_NAME_opts.h; scale, rw and
 * the proof read sbm's): a new experiment touches no shared file.
 */
#ifndef SBM_OPTION_H
#define SBM_OPTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct config;

enum option_kind {
	OPT_UINT,	/* decimal in [lo, hi] */
	OPT_BOOL,	/* 0, 1 (also no, yes) */
	OPT_ENUM,	/* one of names[lo..]: its index */
	OPT_CUSTOM,	/* .set (and .format) */
};

/* In the options line (config_format): always, unless one of these. */
#define OPT_QUIET	1u	/* never */
#define OPT_IF_RUNS	2u	/* only when its experiment runs */
#define OPT_IF_SET	4u	/* only when the field is not zero */

struct option_decl {
	const char *key;
	enum option_kind kind;
	uint8_t flags;		/* OPT_QUIET, OPT_IF_RUNS, OPT_IF_SET */
	uint8_t size;		/* the field in struct config: 1, 4 or 8 bytes */
	uint16_t offset;
	uint64_t lo, hi;	/* OPT_UINT range; OPT_ENUM first name taken */
	const char *const *names;	/* OPT_ENUM, NULL-terminated */
	/* the default as a word .set takes; NULL: the field holds .unset
	 * and def_doc says what that means */
	const char *def;
	const char *def_doc;
	int64_t unset;
	const char *meta;	/* usage: key=META */
	const char *help;	/* usage: one line, no range, no default */
	/* OPT_CUSTOM: 0, or config_bad_value()'s -1 */
	int (*set)(const struct option_decl *d, struct config *c,
		   const char *val, char *err, size_t errlen);
	/* the value as the options line shows it; NULL: the field's
	 * number, or its name (OPT_ENUM) */
	void (*format)(const struct option_decl *d, const struct config *c,
		       char *buf, size_t len);
};

#define OPT_FIELD(f) .offset = offsetof(struct config, f), \
	.size = sizeof(((struct config *)0)->f)

/* An experiment's declarations, or the engine's (name NULL). */
struct option_set {
	const char *name;	/* the experiment, as experiment= names it */
	/* chosen with experiment=this one, or any of a comma list (proof
	 * goes with sbm, the model with sbm or rw): not a name
	 * experiment= takes */
	const char *runs_with;
	const struct option_decl *decls;	/* ends with a NULL key */
	/* NULL: the values land in struct config; else in this, the
	 * experiment's own options struct (.offset within it), which holds
	 * the last config parsed or defaulted: one per program */
	void *own;
	size_t own_size;
};

#define OPT_OWN_FIELD(type, f) .offset = offsetof(type, f), \
	.size = sizeof(((type *)0)->f)

/* The experiments' sets in registry order (experiment_options.c). */
extern const struct option_set *const experiment_options[];
extern const size_t experiment_options_n;
/* The engine-wide options (config_engine.c). */
extern const struct option_set engine_options;

/* Set @n (0, 1, ...) of every declaration: the experiments' in registry
 * order (name set), then the engine's (name NULL); NULL past the last. */
const struct option_set *option_set_nth(size_t n);

/* The declaration of @key and its set, or NULL. */
const struct option_decl *option_find(const char *key,
				      const struct option_set **set);

/* Apply @val to @c as @d says; no test-switch check. */
int option_set_value(const struct option_decl *d, struct config *c,
		     const char *val, char *err, size_t errlen);

/* The range or names a bad value's message lists, into @buf. */
const char *option_valid(const struct option_decl *d, char *buf, size_t len);

/* The default, as usage and docs/options.md state it. */
const char *option_default(const struct option_decl *d);

#endif
