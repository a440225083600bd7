/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef SBM_LAYOUTS_LIST_H
#define SBM_LAYOUTS_LIST_H

/* sbmlog layouts ARGS: 0, or 2 on a bad argument. */
int layouts_main(int argc, char **argv);

#endif
