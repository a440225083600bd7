/* SPDX-License-Identifier: BSD-2-Clause */
#include <stddef.h>
#include <string.h>

#include "labels.h"

static const struct {
	const char *layout;
	const char *op;		/* NULL: any op */
	const char *label;
} labels[] = {
	{ "global", NULL, "global mask" },
	{ "node", NULL, "per-NUMA mask" },
	{ "llc", NULL, "per-LLC mask" },
	/* a plain store has no LOCK prefix; any other byte op is atomic */
	{ "llc-u8", "store", "per-LLC mask (u8 operation; no LOCK prefix)" },
	{ "llc-u8", NULL, "per-LLC mask (u8 operation; byte atomic)" },
	{ "private", NULL, "per-CPU line (no sharing)" },
};

const char *layout_label(const char *layout, const char *op)
{
	for (size_t i = 0; i < sizeof(labels) / sizeof(labels[0]); i++) {
		if (strcmp(layout, labels[i].layout))
			continue;
		if (labels[i].op && (!op || strcmp(op, labels[i].op)))
			continue;
		return labels[i].label;
	}
	return layout;
}
