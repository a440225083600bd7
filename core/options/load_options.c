/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include "options/load_options.h"

const char *load_options_text(const uint16_t *w, size_t nchars, char *buf,
			      size_t len)
{
	size_t n = 0;
	char *p = buf, *word_end;

	for (size_t i = 0; i < nchars && n + 1 < len && w[i]; i++)
		buf[n++] = w[i] < 0x80 && w[i] >= 0x20 ? (char)w[i] : ' ';
	buf[n] = 0;
	p += strspn(p, " ");
	word_end = p + strcspn(p, " ");
	if (!memchr(p, '=', (size_t)(word_end - p)))
		p = word_end;
	return p;
}
