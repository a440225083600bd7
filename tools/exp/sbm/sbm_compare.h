/* SPDX-License-Identifier: BSD-2-Clause */
/* The sbm experiment's blocks of compare (sbm_compare.c). */
#ifndef SBM_HOST_SBM_COMPARE_H
#define SBM_HOST_SBM_COMPARE_H

#include <stdio.h>

struct runset;

/* The label column its rows need. */
int sbm_compare_width(const struct runset *rs);
/* Its blocks: ns, % of global, variance, op; nothing without results. */
void sbm_compare(FILE *f, const struct runset *rs, int lw, int w);

#endif
