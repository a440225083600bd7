/* SPDX-License-Identifier: BSD-2-Clause */
/* The sbm experiment's text tables (sbm_text.c). */
#ifndef SBM_HOST_SBM_TEXT_H
#define SBM_HOST_SBM_TEXT_H

#include <stdio.h>

struct run;

/* Its part of report's text for run @r: the table, the breakdowns. */
void sbm_text(FILE *f, const struct run *r);

#endif
