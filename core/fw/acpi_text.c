/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>

#include "fw/acpi_text.h"

static char printable(uint8_t c)
{
	return c >= 0x20 && c < 0x7f ? (char)c : '.';
}

void acpi_text_dump(const char sig[4], uint64_t addr, const void *tbl,
		    size_t len, void (*out)(void *arg, const char *line),
		    void *arg)
{
	const uint8_t *p = tbl;
	char line[ACPI_TEXT_LINE];
	char name[5];

	for (int i = 0; i < 4; i++)
		name[i] = printable((uint8_t)sig[i]) == ' ' ? '_' :
			  printable((uint8_t)sig[i]);
	name[4] = '\0';
	snprintf(line, sizeof(line), "%s @ 0x%016llx\n", name,
		 (unsigned long long)addr);
	out(arg, line);
	for (size_t off = 0; off < len; off += 16) {
		size_t n = len - off < 16 ? len - off : 16, k;

		k = (size_t)snprintf(line, sizeof(line), "    %04zX:", off);
		for (size_t i = 0; i < 16; i++)
			k += (size_t)snprintf(line + k, sizeof(line) - k,
					      i < n ? " %02X" : "   ",
					      i < n ? p[off + i] : 0);
		line[k++] = ' ';
		line[k++] = ' ';
		for (size_t i = 0; i < n; i++)
			line[k++] = printable(p[off + i]);
		line[k++] = '\n';
		line[k] = '\0';
		out(arg, line);
	}
	out(arg, "\n");
}
