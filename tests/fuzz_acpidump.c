/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target: any bytes as acpidump's text (tools/preflight/acpi_dump.c),
 * the reader of what a user mails in.  Checked beyond no crash, no leak,
 * no read out of bounds: a refusal always says why, and what is accepted
 * holds tables of 1 to ACPI_DUMP_MAX_LEN bytes, each found by its name.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "preflight/acpi_dump.h"
#include "fw/acpi.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct acpi_dump d;
	char err[200] = "";
	const char *why;

	if (acpi_dump_parse_text((const char *)data, size, &d, err,
				 sizeof(err))) {
		if (!err[0])
			abort();	/* a refusal names its reason */
	} else {
		if (!d.n)
			abort();
		for (size_t i = 0; i < d.n; i++) {
			if (!d.t[i].len || d.t[i].len > ACPI_DUMP_MAX_LEN ||
			    strlen(d.t[i].sig) > 4 ||
			    !acpi_dump_find(&d, d.t[i].sig, 0))
				abort();
			acpi_table_check(d.t[i].data, d.t[i].len, NULL, &why);
		}
	}
	acpi_dump_free(&d);
	return 0;
}
