/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The seed's row labels ("global mask", "per-LLC mask ...") for a layout
 * and the op it ran with: one table for the image's report and for the
 * host tools that read its records, so the two never disagree.
 */
#ifndef SBM_LABELS_H
#define SBM_LABELS_H

/* The label of layout @layout run with @op (NULL when unknown); the
 * layout name itself when it has none. */
const char *layout_label(const char *layout, const char *op);

#endif
