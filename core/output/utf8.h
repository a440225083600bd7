/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One well-formed UTF-8 character (RFC 3629), for text that came from
 * outside (SMBIOS names, a log's values) and is kept as UTF-8 where it
 * is valid: the image's SMBIOS reader and sbmlog's writers share it.
 */
#ifndef SBM_OUTPUT_UTF8_H
#define SBM_OUTPUT_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * Bytes (2..4) of the well-formed UTF-8 character at @s that is no C1
 * control (U+0080..U+009F), its code point in *@cp (when @cp is not
 * NULL); 0 for ASCII, an overlong form, a surrogate, a code point past
 * U+10FFFF, a stray byte, or a sequence cut short by @end (NULL: the
 * string's NUL, which is no continuation byte, cuts it short).
 */
static inline size_t utf8_char(const uint8_t *s, const uint8_t *end,
			       uint32_t *cp)
{
	uint32_t c;
	size_t n;

	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2;
		c = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3;
		c = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		c = s[0] & 0x07;
	} else {
		return 0;	/* ASCII, a continuation byte, 0xc0/c1, f5.. */
	}
	if (end && (size_t)(end - s) < n)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < 0xa0 || (n == 3 && c < 0x800) ||
	    (n == 4 && (c < 0x10000 || c > 0x10ffff)) ||
	    (c >= 0xd800 && c <= 0xdfff))
		return 0;
	if (cp)
		*cp = c;
	return n;
}

#endif
