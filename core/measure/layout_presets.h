/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kernel's own structures as layout specs (layout_spec.h), each read
 * off the kernel's source: docs/layouts.md gives the file and commit.
 */
#ifndef SBM_LAYOUT_PRESETS_H
#define SBM_LAYOUT_PRESETS_H

#include <stddef.h>

struct sbm_preset {
	const char *name, *spec;
	const char *what;	/* one line for `sbmbench layouts` */
	const char *source;	/* kernel file @ commit */
};

/* The presets after the six, in the order `layouts` lists them. */
const struct sbm_preset *sbm_presets(size_t *n);

#endif
