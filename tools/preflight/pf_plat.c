/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What core/output/report.c asks of a platform, for preflight: its lines
 * and records go to standard output, as a log sbmlog reads.
 */
#include <stdio.h>

#include "arch.h"

void plat_console_write(const char *s, size_t n)
{
	fwrite(s, 1, n, stdout);
}

void plat_before_end(void)
{
}

void plat_end_record(const char *line, size_t len)
{
	(void)line;
	(void)len;
}
