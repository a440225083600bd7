// SPDX-License-Identifier: BSD-2-Clause
/*
 * sbmlog layouts [--topology SHAPE] [--spec SPEC]: every layout a run
 * can name (the six, the kernel presets), or one spec, each with its
 * spec text and its shape on a machine of SHAPE (predict's
 * sockets=S,nodes=N,llcs=L,cores=C,threads=T): how many lines one
 * update touches, how many in all, how many CPUs share the busiest.
 */
#include <stdio.h>
#include <string.h>

#include "exp/model/layouts_list.h"
#include "measure/layout_shape.h"
#include "measure/sbm.h"
#include "exp/model/model_map.h"

static void show(int k, const struct topo *t)
{
	const struct sbm_layout_def *d = sbm_layout_def(k);
	struct sbm_layout l;
	struct sbm_shape sh;
	const char *why;
	char spec[256], line[160];

	sbm_spec_format(&d->spec, spec, sizeof(spec));
	printf("%-18s %s\n", d->name, d->what ? d->what : "a spec");
	printf("  spec: %s\n", spec);
	if (d->source)
		printf("  read: %s\n", d->source);
	if (sbm_layout_build(&l, (enum sbm_kind)k, t, 128, &why)) {
		printf("  here: cannot be built: %s\n", why);
		return;
	}
	if (!sbm_layout_shape(&l, t->line_size ? t->line_size : 64, &sh)) {
		sbm_shape_format(&sh, line, sizeof(line));
		printf("  here: %s\n", line);
	}
	sbm_layout_free(&l);
}

int layouts_main(int argc, char **argv)
{
	const char *shape = "sockets=1,nodes=1,llcs=1,cores=8,threads=2";
	const char *spec = NULL, *why;
	struct model_map mm;
	char err[200];
	double op;

	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--topology") && i + 1 < argc) {
			shape = argv[++i];
		} else if (!strcmp(argv[i], "--spec") && i + 1 < argc) {
			spec = argv[++i];
		} else {
			fprintf(stderr, "usage: sbmlog layouts [--topology "
				"sockets=S,nodes=N,llcs=L,cores=C,threads=T] "
				"[--spec SPEC]\n");
			return 2;
		}
	}
	if (model_map_paper(&mm, shape,
			    "smt=1,llc=1,node=1,package=1,none=1", &op, err,
			    sizeof(err))) {
		fprintf(stderr, "sbmlog layouts: %s\n", err);
		return 2;
	}
	printf("layouts on %u CPUs (%s): name, what it models, its spec "
	       "(layouts=NAME or layouts=spec:SPEC), where it was read, its "
	       "shape here\n\n", mm.t.ncpus, shape);
	if (spec) {
		int k = sbm_layout_add(spec, strlen(spec), NULL, &why);

		if (k < 0) {
			fprintf(stderr, "sbmlog layouts: spec: %s\n", why);
			model_map_free(&mm);
			return 2;
		}
		show(k, &mm.t);
	} else {
		for (int k = 0; k < sbm_layout_first_user(); k++)
			show(k, &mm.t);
	}
	model_map_free(&mm);
	return 0;
}
