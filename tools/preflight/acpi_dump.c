/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * acpidump's text, read back: see acpi_dump.h.  The format, as ACPICA's
 * acpidump writes it:
 *
 *     APIC @ 0x000000007FFE2A1B
 *         0000: 41 50 49 43 78 00 00 00 01 B8 42 4F 43 48 53 20  APICx.....BOCHS
 *         ...
 *
 * up to 16 bytes a line after the offset, then the bytes as characters.
 * A table ends at a blank line, a header or the end of the text.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "preflight/acpi_dump.h"

static int failf(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int failf(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t';
}

/* A header "NAME @ 0xHEX": NAME is 1 to 8 printable characters. */
static bool header(const char *s, size_t n, char sig[5])
{
	size_t i = 0, name;

	while (i < n && i < 8 && s[i] > ' ' && s[i] < 0x7f && s[i] != '@')
		i++;
	/* "RSD PTR" has a space in its name */
	if (i == 3 && n > 7 && !memcmp(s, "RSD PTR", 7))
		i = 7;
	name = i;
	if (!name || n - i < 5 || memcmp(s + i, " @ 0x", 5))
		return false;
	i += 5;
	if (i == n || hexval(s[i]) < 0)
		return false;
	while (i < n && hexval(s[i]) >= 0)
		i++;
	while (i < n && (is_space(s[i]) || s[i] == '\r'))
		i++;
	if (i != n)
		return false;
	if (name == 7 && !memcmp(s, "RSD PTR", 7)) {
		memcpy(sig, "RSDP", 5);
	} else {
		memset(sig, 0, 5);
		memcpy(sig, s, name < 4 ? name : 4);
	}
	return true;
}

/*
 * A hex line "  OFFS: HH HH ...  text": *off and up to 16 bytes in @b
 * (*nb).  0 when the line is one, 1 when it is not a hex line at all,
 * -1 when it starts as one and goes wrong (@what says how).
 */
static int hex_line(const char *s, size_t n, size_t *off, uint8_t b[16],
		    unsigned *nb, const char **what)
{
	size_t i = 0, digits = 0, o = 0;

	while (i < n && is_space(s[i]))
		i++;
	while (i < n && hexval(s[i]) >= 0) {
		if (++digits > 8) {
			*what = "offset of more than 8 digits";
			return -1;
		}
		o = o * 16 + (size_t)hexval(s[i++]);
	}
	if (!digits || i == n || s[i] != ':')
		return 1;
	i++;
	*nb = 0;
	/* " HH" tokens; two spaces (or the end) start the characters */
	while (*nb < 16 && i + 2 < n && s[i] == ' ' && hexval(s[i + 1]) >= 0 &&
	       hexval(s[i + 2]) >= 0 && (i + 3 == n || is_space(s[i + 3]) ||
					 s[i + 3] == '\r')) {
		b[(*nb)++] = (uint8_t)(hexval(s[i + 1]) * 16 +
				       hexval(s[i + 2]));
		i += 3;
	}
	if (!*nb) {
		*what = "no bytes after the offset";
		return -1;
	}
	*off = o;
	return 0;
}

/* The table being read: grown as its lines come. */
struct cur {
	bool open;
	char sig[5];
	uint8_t *buf;
	size_t len, cap;
	size_t line;	/* of its header */
};

static int grow(struct cur *c, size_t need)
{
	size_t cap = c->cap ? c->cap : 4096;
	uint8_t *p;

	while (cap < need)
		cap *= 2;
	if (cap == c->cap)
		return 0;
	p = realloc(c->buf, cap);
	if (!p)
		return -1;
	c->buf = p;
	c->cap = cap;
	return 0;
}

static int close_table(struct cur *c, struct acpi_dump *d, char *err,
		       size_t errlen)
{
	int rc = 0;

	if (!c->open)
		return 0;
	if (!c->len)
		rc = failf(err, errlen, "line %zu: table %s has no bytes",
			   c->line, c->sig);
	else
		rc = acpi_dump_add(d, c->sig, c->buf, c->len, err, errlen);
	c->open = false;
	c->len = 0;
	return rc;
}

int acpi_dump_parse_text(const char *text, size_t len, struct acpi_dump *d,
			 char *err, size_t errlen)
{
	struct cur c = { 0 };
	size_t pos = 0, lineno = 0;
	int rc = 0;

	while (pos < len && !rc) {
		const char *s = text + pos, *nl = memchr(s, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - s) : len - pos, off;
		uint8_t b[16];
		unsigned nb;
		const char *what = "";
		char sig[5];
		int h;

		pos += n + (nl != NULL);
		lineno++;
		if (memchr(s, 0, n)) {
			rc = failf(err, errlen, "line %zu: a NUL byte: not "
				   "acpidump's text (a binary table? give "
				   "its directory)", lineno);
			break;
		}
		if (header(s, n, sig)) {
			rc = close_table(&c, d, err, errlen);
			c.open = true;
			c.line = lineno;
			memcpy(c.sig, sig, 5);
			continue;
		}
		h = hex_line(s, n, &off, b, &nb, &what);
		if (h < 0) {
			rc = failf(err, errlen, "line %zu: %s", lineno, what);
			break;
		}
		if (h > 0) {
			/* a blank line ends a table; other text is not ours */
			if (c.open && c.len)
				rc = close_table(&c, d, err, errlen);
			continue;
		}
		if (!c.open) {
			rc = failf(err, errlen, "line %zu: hex bytes outside "
				   "a table (no \"SIG @ 0xADDR\" line above)",
				   lineno);
			break;
		}
		if (off != c.len) {
			rc = failf(err, errlen, "line %zu: offset %zx where "
				   "table %s has %zx bytes so far", lineno,
				   off, c.sig, c.len);
			break;
		}
		if (c.len + nb > ACPI_DUMP_MAX_LEN) {
			rc = failf(err, errlen, "line %zu: table %s longer "
				   "than %u bytes", lineno, c.sig,
				   ACPI_DUMP_MAX_LEN);
			break;
		}
		if (grow(&c, c.len + nb)) {
			rc = failf(err, errlen, "out of memory");
			break;
		}
		memcpy(c.buf + c.len, b, nb);
		c.len += nb;
	}
	if (!rc)
		rc = close_table(&c, d, err, errlen);
	if (!rc && !d->n)
		rc = failf(err, errlen, "no table in it (acpidump's text has "
			   "\"SIG @ 0xADDR\" above each table's hex lines)");
	free(c.buf);
	return rc;
}

int acpi_dump_add(struct acpi_dump *d, const char *sig, const uint8_t *data,
		  size_t len, char *err, size_t errlen)
{
	struct acpi_dump_table *t;

	if (d->n == ACPI_DUMP_MAX_TABLES)
		return failf(err, errlen, "more than %u tables",
			     ACPI_DUMP_MAX_TABLES);
	if (len > ACPI_DUMP_MAX_LEN)
		return failf(err, errlen, "table %.4s longer than %u bytes",
			     sig, ACPI_DUMP_MAX_LEN);
	t = &d->t[d->n];
	t->data = malloc(len ? len : 1);
	if (!t->data)
		return failf(err, errlen, "out of memory");
	memcpy(t->data, data, len);
	t->len = len;
	memset(t->sig, 0, sizeof(t->sig));
	strncpy(t->sig, sig, 4);
	d->n++;
	return 0;
}

const struct acpi_dump_table *acpi_dump_find(const struct acpi_dump *d,
					     const char *sig, unsigned k)
{
	for (size_t i = 0; i < d->n; i++)
		if (!strcmp(d->t[i].sig, sig) && !k--)
			return &d->t[i];
	return NULL;
}

void acpi_dump_free(struct acpi_dump *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->t[i].data);
	d->n = 0;
}
