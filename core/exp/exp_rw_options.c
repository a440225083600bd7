/* SPDX-License-Identifier: BSD-2-Clause */
/* rw's options: the readers' op and place, the writers' rhythm. */
#include <stdio.h>

#include "boot/config_words.h"
#include "boot/option.h"
#include "engine/sbm_read.h"

static int set_reader(const struct option_decl *d, struct config *c,
		      const char *val, char *err, size_t errlen)
{
	int op = sbm_read_parse(val);

	if (op < 0)
		return config_bad_value(err, errlen, d->key, val,
					sbm_read_names());
	c->reader = (uint32_t)op;
	return 0;
}

static void format_reader(const struct option_decl *d,
			  const struct config *c, char *buf, size_t len)
{
	(void)d;
	snprintf(buf, len, "%s", sbm_read_name(c->reader));
}

/* auto (another LLC if any) is the default, not a value to give */
static const char *const places[] = {
	"auto", "other-llc", "same-llc", "other-node", NULL
};

static const struct option_decl decls[] = {
	/* find_new_ilb(): idle & housekeeping */
	{ .key = "reader", .kind = OPT_CUSTOM, OPT_FIELD(reader),
	  .flags = OPT_IF_RUNS, .set = set_reader, .format = format_reader,
	  .def = "and", .meta = "OP", .help = "the readers' op: first, "
	  "wrap, wrap-llc, and, weight, gather, idle-core" },
	{ .key = "rw_readers", .kind = OPT_ENUM, OPT_FIELD(rw_readers),
	  .flags = OPT_IF_RUNS, .names = places, .lo = 1,
	  .def_doc = "other-llc", .meta = "P",
	  .help = "where readers sit (unset: other-llc where there is one, "
	  "else same-llc)" },
	{ .key = "rw_nreaders", .kind = OPT_UINT, OPT_FIELD(rw_nreaders),
	  .flags = OPT_IF_RUNS, .lo = 1, .hi = 4095, .def = "1", .meta = "N",
	  .help = "reader CPUs" },
	{ .key = "rw_writers", .kind = OPT_UINT, OPT_FIELD(rw_writers),
	  .flags = OPT_IF_RUNS, .lo = 1, .hi = 4095,
	  .def_doc = "every chosen CPU the placement leaves", .meta = "N",
	  .help = "writer CPUs" },
	/* a busy server's idle spells: tens of us, some 10^4 a second */
	{ .key = "rw_idle_ns", .kind = OPT_UINT, OPT_FIELD(rw_idle_ns),
	  .flags = OPT_IF_RUNS, .lo = 0, .hi = CONFIG_MAX_GAP_NS,
	  .def = "20000", .meta = "N", .help = "a writer's idle spell, ns" },
	{ .key = "rw_run_ns", .kind = OPT_UINT, OPT_FIELD(rw_run_ns),
	  .flags = OPT_IF_RUNS, .lo = 0, .hi = CONFIG_MAX_GAP_NS,
	  .def = "80000", .meta = "N", .help = "a writer's busy spell, ns" },
	{ .key = "rw_scan_ns", .kind = OPT_UINT, OPT_FIELD(rw_scan_ns),
	  .flags = OPT_IF_RUNS, .lo = 0, .hi = CONFIG_MAX_GAP_NS,
	  .def = "10000", .meta = "N",
	  .help = "a reader's pause between two scans, ns" },
	{ .key = "rw_ms", .kind = OPT_UINT, OPT_FIELD(rw_ms),
	  .flags = OPT_IF_RUNS, .lo = 1, .hi = 600000, .def = "200",
	  .meta = "N", .help = "each phase of each layout, ms" },
	/* test only: the quiet check must see a stale bit; a run with it
	 * says so in its options line */
	{ .key = "rw_test_stale", .kind = OPT_UINT, OPT_FIELD(rw_test_stale),
	  .flags = OPT_IF_RUNS | OPT_IF_SET, .lo = 0, .hi = 1, .def = "0",
	  .meta = "BOOL", .help = "test only: a stale bit for the check" },
	{ .key = NULL }
};

const struct option_set exp_rw_options = { .name = "rw", .decls = decls };
