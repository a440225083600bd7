/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbm-sign: every line of standard input that starts "@sbm " gets the
 * checksum trailer core/output/record.c gives a record ("  #crc32\n", the CRC
 * by core/output/crc32.c); other lines pass unchanged.  The tests craft hostile
 * records with it: a CRC is integrity, not authenticity, so anyone can
 * write a log that passes it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/crc32.h"

int main(void)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	while ((n = getline(&line, &cap, stdin)) > 0) {
		size_t len = (size_t)n;

		if (line[len - 1] == '\n')
			len--;
		fwrite(line, 1, len, stdout);
		if (len >= 5 && !memcmp(line, "@sbm ", 5))
			printf("  #%08x", (unsigned)crc32(line, len));
		putchar('\n');
	}
	free(line);
	return ferror(stdout) ? 1 : 0;
}
