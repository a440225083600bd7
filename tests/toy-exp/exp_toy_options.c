/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The toy experiment's option (CONTRIBUTING.md): declared here, with no
 * engine, so the option tests and the fuzzer link it; its value lands in
 * the toy's own variable, not in the shared struct config.
 */
#include "boot/option.h"

uint32_t toy_reads;

static const struct option_decl decls[] = {
	{ .key = "toy_reads", .kind = OPT_UINT, .offset = 0,
	  .size = sizeof(toy_reads), .flags = OPT_IF_RUNS, .lo = 1,
	  .hi = 1000000, .def = "1000", .meta = "N",
	  .help = "counter reads, back to back" },
	{ .key = NULL }
};

const struct option_set exp_toy_options = {
	.name = "toy", .decls = decls, .own = &toy_reads,
	.own_size = sizeof(toy_reads)
};
