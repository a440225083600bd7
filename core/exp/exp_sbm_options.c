/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbm's options: what it measures and how long.  scale and the
 * line-transfer proof measure with the same ones (layouts, op, op_u8,
 * gap, iters, reps, warmup), so they are declared once, here.
 */
#include <stdio.h>
#include <string.h>

#include "boot/config_words.h"
#include "boot/option.h"
#include "engine/sbm.h"

#define ALL_LAYOUTS ((1u << SBM_NKINDS) - 1)

static int set_layouts(const struct option_decl *d, struct config *c,
		       const char *val, char *err, size_t errlen)
{
	const char *s = val;
	uint32_t mask = 0;

	if (!strcmp(s, "all")) {
		c->layouts = ALL_LAYOUTS;
		return 0;
	}
	while (*s) {
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		int k = sbm_kind_parse(s, len);

		if (k < 0)
			break;
		mask |= 1u << k;
		s += len;
		if (comma)
			s++;
	}
	if (*s || !mask)
		return config_bad_value(err, errlen, d->key, val,
			"all or a comma list of global, node, llc, llc-u8, private, private-u8");
	c->layouts = mask;
	return 0;
}

static void format_layouts(const struct option_decl *d,
			   const struct config *c, char *buf, size_t len)
{
	size_t used = 0;

	(void)d;
	buf[0] = 0;
	for (int k = 0; k < SBM_NKINDS; k++)
		if (c->layouts & (1u << k) && used + 1 < len) {
			int w = snprintf(buf + used, len - used, "%s%s",
					 used ? "," : "",
					 sbm_kind_name((enum sbm_kind)k));

			if (w > 0)
				used += (size_t)w;
		}
}

/* op and op_u8: an op's name is a C name, so no byte reaches the
 * console raw; whether this arch has it, the engine checks */
static int set_op(const struct option_decl *d, struct config *c,
		  const char *val, char *err, size_t errlen)
{
	size_t n = strlen(val);

	if (!n || n >= CONFIG_OP_LEN || strspn(val,
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != n)
		return config_bad_value(err, errlen, d->key, val,
			"an op name of 1..15 letters, digits, '_' or '-'; the report lists this arch's ops");
	memcpy((char *)c + d->offset, val, n + 1);
	return 0;
}

static void format_op(const struct option_decl *d, const struct config *c,
		      char *buf, size_t len)
{
	snprintf(buf, len, "%s", (const char *)c + d->offset);
}

static int set_gaps(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	uint32_t gaps[CONFIG_MAX_GAPS], n = 0;
	const char *s = val;

	while (*s) {
		char num[16];
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		uint64_t v;

		if (!len || len >= sizeof(num) || n == CONFIG_MAX_GAPS)
			goto bad;
		memcpy(num, s, len);
		num[len] = 0;
		if (config_parse_u64(num, 0, CONFIG_MAX_GAP_NS, &v))
			goto bad;
		gaps[n++] = (uint32_t)v;
		s += len;
		if (comma && !*++s)
			goto bad;
	}
	if (!n)
		goto bad;
	memcpy(c->gap_ns, gaps, n * sizeof(gaps[0]));
	c->ngaps = n;
	return 0;
bad:
	return config_bad_value(err, errlen, d->key, val,
				"a comma list of up to 8 ns values, 0..10000000");
}

static void format_gaps(const struct option_decl *d, const struct config *c,
			char *buf, size_t len)
{
	size_t used = 0;

	(void)d;
	buf[0] = 0;
	for (uint32_t i = 0; i < c->ngaps && used + 1 < len; i++) {
		int w = snprintf(buf + used, len - used, "%s%u", i ? "," : "",
				 c->gap_ns[i]);

		if (w > 0)
			used += (size_t)w;
	}
}

/* reps=auto: at least CONFIG_REPS_AUTO_MIN (run-to-run noise of the rep
 * means measured 0.5-5 % here), more while the 95 % interval is wider
 * than CONFIG_REPS_AUTO_PCT of the mean */
static int set_reps(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	uint64_t v;

	if (!strcmp(val, "auto")) {
		c->reps = CONFIG_REPS_AUTO_MIN;
		c->reps_auto = true;
		return 0;
	}
	if (config_parse_u64(val, 1, 1000, &v))
		return config_bad_value(err, errlen, d->key, val,
					"1..1000 or auto");
	c->reps = (uint32_t)v;
	c->reps_auto = false;
	return 0;
}

static void format_reps(const struct option_decl *d, const struct config *c,
			char *buf, size_t len)
{
	(void)d;
	if (c->reps_auto)
		snprintf(buf, len, "auto");
	else
		snprintf(buf, len, "%u", c->reps);
}

static int set_line(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	uint64_t v;

	if (config_parse_u64(val, 8, 4096, &v) || (v & (v - 1)))
		return config_bad_value(err, errlen, d->key, val,
					"a power of two from 8 to 4096");
	c->line = (uint32_t)v;
	return 0;
}

static const char *const modes[] = { "loop", "pair", NULL };

static const struct option_decl decls[] = {
	{ .key = "layouts", .kind = OPT_CUSTOM, OPT_FIELD(layouts),
	  .set = set_layouts, .format = format_layouts, .def = "all",
	  .meta = "LIST", .help = "comma list of global,node,llc,llc-u8,"
	  "private,private-u8 or all" },
	{ .key = "op", .kind = OPT_CUSTOM, OPT_FIELD(op), .set = set_op,
	  .format = format_op, .def = "native", .meta = "NAME",
	  .help = "atomic bit op for bit layouts (native: the kernel's "
	  "cpumask op with the barrier its callers put after it)" },
	{ .key = "op_u8", .kind = OPT_CUSTOM, OPT_FIELD(op_u8), .set = set_op,
	  .format = format_op, .def = "native", .meta = "NAME",
	  .help = "byte op for llc-u8 and private-u8 (native: smp_store_mb())" },
	/* saturation, and an event-like rate: 1 us apart (a nohz idle
	 * entry/exit or a cpupri change is an event, not a tight loop) */
	{ .key = "gap", .kind = OPT_CUSTOM, OPT_FIELD(ngaps), .set = set_gaps,
	  .format = format_gaps, .def = "0,1000", .meta = "LIST",
	  .help = "ns of private work between updates, a comma list of up to "
	  "8 values 0..10000000" },
	/* the kernel's next atomic waits for the last one's line */
	{ .key = "gap_fence", .kind = OPT_BOOL, OPT_FIELD(gap_fence),
	  .def = "1", .meta = "BOOL", .help = "a gap starts once the update "
	  "before it has completed (0: the gap overlaps its miss)" },
	{ .key = "iters", .kind = OPT_UINT, OPT_FIELD(iters), .lo = 1,
	  .hi = 1000000000, .def = "100000", .meta = "N",
	  .help = "set+clear iterations per CPU per repetition" },
	{ .key = "reps", .kind = OPT_CUSTOM, OPT_FIELD(reps), .set = set_reps,
	  .format = format_reps, .def = "auto", .meta = "N|auto",
	  .help = "repetitions, 1..1000; auto: a pilot of 5, then one count "
	  "(up to 20) fixed from its spread for a 95 % interval within 2 %" },
	{ .key = "warmup", .kind = OPT_UINT, OPT_FIELD(warmup), .lo = 0,
	  .hi = 1000000000, .def = "1000", .meta = "N",
	  .help = "untimed iterations before each repetition" },
	{ .key = "line", .kind = OPT_CUSTOM, OPT_FIELD(line), .set = set_line,
	  .def_doc = "128", .meta = "N", .help = "leaf spacing in bytes, a "
	  "power of two 8..4096 (unset: 128, or the line if larger)" },
	{ .key = "mode", .kind = OPT_ENUM, OPT_FIELD(mode), .names = modes,
	  .def = "loop", .meta = "MODE", .help = "pair: a setter and a "
	  "clearer thread per CPU (Linux only)" },
	{ .key = NULL }
};

const struct option_set exp_sbm_options = { .name = "sbm", .decls = decls };

/* The line-transfer proof runs with sbm, on sbm's options. */
const struct option_set exp_proof_options = {
	.name = "proof", .runs_with = "sbm", .decls = NULL
};
