/* SPDX-License-Identifier: BSD-2-Clause */
/* Record text held inert in text, CSV, JSON and gnuplot (inert.h). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "log/inert.h"
#include "output/utf8.h"

static bool printable(unsigned char c)
{
	return c >= 0x20 && c < 0x7f;
}

/*
 * Bytes of the well-formed UTF-8 character at @s that a terminal, a CSV
 * or a JSON string may show as itself (2..4), or 0: no control, and none
 * of the marks that reorder or break the text around them (bidirectional
 * embeddings, overrides and isolates, line and paragraph separators), so
 * a log cannot make a report read other than it is.  SMBIOS names are
 * UTF-8 ("Ünïcode"): they reach every output whole.
 */
static size_t utf8_shown(const unsigned char *s, uint32_t *cp_out)
{
	uint32_t cp;
	size_t n = utf8_char(s, NULL, &cp);

	if (!n || cp == 0x200e || cp == 0x200f || cp == 0x2028 ||
	    cp == 0x2029 || (cp >= 0x202a && cp <= 0x202e) ||
	    (cp >= 0x2066 && cp <= 0x2069) || cp == 0x061c)
		return 0;
	if (cp_out)
		*cp_out = cp;
	return n;
}

int text_inert(FILE *out, void (*body)(FILE *f, const void *arg),
	       const void *arg)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&buf, &n);

	if (!m) {
		fprintf(stderr, "sbmlog: out of memory\n");
		return -1;
	}
	body(m, arg);
	if (fclose(m)) {
		free(buf);
		fprintf(stderr, "sbmlog: out of memory\n");
		return -1;
	}
	/* open_memstream() keeps a NUL after the text: utf8_shown() stops
	 * there */
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)buf[i];
		size_t u = c >= 0x80 ? utf8_shown((unsigned char *)buf + i,
						   NULL) : 0;

		if (u) {
			fwrite(buf + i, 1, u, out);
			i += u - 1;
		} else if (printable(c) || c == '\n') {
			fputc(c, out);
		} else {
			fprintf(out, "\\x%02x", c);
		}
	}
	free(buf);
	return 0;
}

void csv_field(FILE *f, const char *s)
{
	size_t n = strlen(s);
	bool quote = strpbrk(s, ",\"") ||
		     (n && (s[0] == ' ' || s[n - 1] == ' '));

	if (quote)
		fputc('"', f);
	while (*s) {
		unsigned char c = (unsigned char)*s;
		size_t u = utf8_shown((const unsigned char *)s, NULL);

		if (u) {
			fwrite(s, 1, u, f);
			s += u;
			continue;
		}
		if (c == '"')
			fputs("\"\"", f);
		else if (printable(c))
			fputc(c, f);
		else
			fprintf(f, "\\x%02x", c);
		s++;
	}
	if (quote)
		fputc('"', f);
}

void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	while (*s) {
		unsigned char c = (unsigned char)*s;
		uint32_t cp;
		size_t u = utf8_shown((const unsigned char *)s, &cp);

		if (u && cp > 0xffff)	/* a surrogate pair */
			fprintf(f, "\\u%04x\\u%04x",
				0xd800 + ((cp - 0x10000) >> 10),
				0xdc00 + ((cp - 0x10000) & 0x3ff));
		else if (u)
			fprintf(f, "\\u%04x", cp);
		else if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (printable(c))
			fputc(c, f);
		else
			fprintf(f, "\\u%04x", c);
		s += u ? u : 1;
	}
	fputc('"', f);
}

void json_kstr(FILE *f, const char *key, const char *val)
{
	json_str(f, key);
	fputc(':', f);
	json_str(f, val);
}

void json_knum(FILE *f, const char *key, bool ok, double v)
{
	json_str(f, key);
	if (ok && isfinite(v))
		fprintf(f, ":%.10g", v);
	else
		fputs(":null", f);
}

void json_kuint(FILE *f, const char *key, unsigned long long v)
{
	json_str(f, key);
	fprintf(f, ":%llu", v);
}

void json_kbool(FILE *f, const char *key, bool v)
{
	json_str(f, key);
	fputs(v ? ":true" : ":false", f);
}

/*
 * Write @s with what gnuplot must not see replaced by @sub: @extra's
 * characters, bytes outside printable ASCII and well-formed UTF-8 (as
 * utf8_shown() says); a single quote doubled when @quote.  Returns how
 * many bytes it replaced.
 */
static size_t gp_put(FILE *f, const char *str, const char *extra, char sub,
		     bool quote)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t changed = 0;

	while (*s) {
		size_t n = utf8_shown(s, NULL);

		if (n) {
			if (f)
				fwrite(s, 1, n, f);
			s += n;
			continue;
		}
		if (!printable(*s) || strchr(extra, *s)) {
			changed++;
			if (f)
				fputc(sub, f);
		} else if (f) {
			fputc(*s, f);
			if (*s == '\'' && quote)
				fputc('\'', f);
		}
		s++;
	}
	return changed;
}

void gp_str(FILE *f, const char *s)
{
	fputc('\'', f);
	gp_put(f, s, "", '?', true);
	fputc('\'', f);
}

bool gp_str_exact(const char *s)
{
	return !gp_put(NULL, s, "", '?', true);
}

void gp_data_str(FILE *f, const char *s)
{
	fputc('"', f);
	gp_put(f, s, "\"\\#", '_', false);
	fputc('"', f);
}
