/* SPDX-License-Identifier: BSD-2-Clause */
/* scale's options: the orders CPUs are added in, and how many counts. */
#include <stdio.h>

#include "boot/option.h"

static const char *const orders[] = { "auto", "topo", "rr", "both", NULL };

static void format_steps(const struct option_decl *d, const struct config *c,
			 char *buf, size_t len)
{
	(void)d;
	if (c->scale_steps)
		snprintf(buf, len, "%u", c->scale_steps);
	else
		snprintf(buf, len, "auto");
}

static const struct option_decl decls[] = {
	{ .key = "scale_order", .kind = OPT_ENUM, OPT_FIELD(scale_order),
	  .flags = OPT_IF_RUNS, .names = orders, .def = "auto", .meta = "O",
	  .help = "CPU orders: topo, rr (round-robin over LLCs), both, auto "
	  "(both where the CPUs span two LLCs, else topo)" },
	/* 0: every count up to 32, then doubling */
	{ .key = "scale_steps", .kind = OPT_UINT, OPT_FIELD(scale_steps),
	  .flags = OPT_IF_RUNS, .lo = 2, .hi = 64, .format = format_steps,
	  .def_doc = "every count up to 32, then doubling", .meta = "N",
	  .help = "most CPU counts per curve" },
	{ .key = NULL }
};

const struct option_set exp_scale_options = {
	.name = "scale", .decls = decls
};
