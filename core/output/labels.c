/* SPDX-License-Identifier: BSD-2-Clause */
#include <stddef.h>
#include <string.h>

#include "output/labels.h"

static const struct {
	const char *layout;
	const char *op;		/* NULL: any op */
	const char *label;
} labels[] = {
	{ "global", NULL, "global mask" },
	{ "node", NULL, "per-NUMA mask" },
	{ "llc", NULL, "per-LLC mask" },
	/* a plain store measures the store buffer, not the line's transfer */
	{ "llc-u8", "store", "per-LLC mask (u8 plain store: store throughput)" },
	{ "llc-u8", "store_mb", "per-LLC mask (u8 operation; store + full barrier)" },
	/* x86: smp_store_mb() is one xchg, implicitly locked */
	{ "llc-u8", "xchg", "per-LLC mask (u8 operation; locked xchg)" },
	{ "llc-u8", NULL, "per-LLC mask (u8 operation; byte atomic)" },
	{ "private", NULL, "per-CPU line (no sharing)" },
	{ "private-u8", NULL, "per-CPU byte in its own line (u8 floor)" },
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
