/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * boot_uri.h: http://A.B.C.D[:PORT]/PATH (RFC 3986's authority and path,
 * with only an IPv4 host: nothing resolves names before the image runs).
 */
#include <stdio.h>
#include <string.h>

#include "options/boot_uri.h"

static int refuse(char *why, size_t whylen, const char *what)
{
	snprintf(why, whylen, "%s", what);
	return -1;
}

/* Up to @max decimal digits of @p (at most @end) into *@v: the count. */
static size_t digits(const char *p, const char *end, size_t max,
		     unsigned long *v)
{
	size_t n = 0;

	*v = 0;
	for (; p + n < end && n < max && p[n] >= '0' && p[n] <= '9'; n++)
		*v = *v * 10 + (unsigned long)(p[n] - '0');
	return n;
}

int boot_uri_parse(const char *uri, size_t len, struct boot_uri *u,
		   char *why, size_t whylen)
{
	const char *p = uri, *end, *last = NULL;
	unsigned long v;
	size_t n;

	memset(u, 0, sizeof(*u));
	end = memchr(uri, 0, len);
	if (!end)
		end = uri + len;
	for (const char *q = uri; q < end; q++)
		if (*q <= 0x20 || *q >= 0x7f)
			return refuse(why, whylen, "a byte that is not "
				      "printable ASCII");
	if ((size_t)(end - p) >= 8 && !strncmp(p, "https://", 8))
		return refuse(why, whylen, "https: not supported (http only)");
	if ((size_t)(end - p) < 7 || strncmp(p, "http://", 7))
		return refuse(why, whylen, "not an http:// URI");
	p += 7;
	for (int i = 0; i < 4; i++) {
		n = digits(p, end, 4, &v);
		if (!n || n > 3 || v > 255)
			return refuse(why, whylen, "the host is not an IPv4 "
				      "address A.B.C.D (names are not "
				      "resolved)");
		u->ip[i] = (uint8_t)v;
		p += n;
		if (i < 3 && (p >= end || *p++ != '.'))
			return refuse(why, whylen, "the host is not an IPv4 "
				      "address A.B.C.D (names are not "
				      "resolved)");
	}
	u->port = 80;
	if (p < end && *p == ':') {
		n = digits(++p, end, 6, &v);
		if (!n || n > 5 || !v || v > 65535)
			return refuse(why, whylen, "a port that is not "
				      "1..65535");
		u->port = (uint16_t)v;
		p += n;
	}
	if (p >= end || *p != '/')
		return refuse(why, whylen, "no path after the host");
	for (const char *q = p; q < end; q++) {
		if (*q == '?' || *q == '#')
			return refuse(why, whylen, "a query or fragment");
		if (*q == '/')
			last = q;
	}
	if ((size_t)(last - p) + 1 >= sizeof(u->dir))
		return refuse(why, whylen, "a directory longer than 127 "
			      "bytes");
	memcpy(u->dir, p, (size_t)(last - p) + 1);
	return 0;
}
