/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target: any bytes as a console log, through log_parse, run
 * gathering and every report format.  Reports go to /dev/null: what is
 * checked is that nothing crashes, leaks or reads out of bounds.
 */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "log/logreport.h"
#include "log/run_records.h"
#include "exp/scale/scale_map.h"
#include "log/runmap.h"
#include "log/runs.h"
#include "report/kind_tables.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct runset rs = { 0 };

	if (!sink)
		sink = fopen("/dev/null", "w");
	if (!sink)
		return 0;
	runset_add_buffer(&rs, "fuzz", (const char *)data, size);
	/* a second "file" exercises runs spread over several logs */
	if (size > 1)
		runset_add_buffer(&rs, "fuzz2", (const char *)data + size / 2,
				  size - size / 2);
	report_text(sink, &rs);
	report_csv(sink, &rs);
	report_json(sink, &rs);
	report_compare(sink, &rs);
	report_problems(sink, &rs);
	/* every kind's table, one at a time */
	for (const struct rec_schema *k = rec_schema_first(); k;
	     k = rec_schema_next(k))
		report_kind_csv(sink, &rs, k->kind);
	runmap_scale_report(sink, &rs, false);
	runmap_scale_report(sink, &rs, true);
	runset_free(&rs);
	return 0;
}
