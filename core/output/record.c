/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/crc32.h"
#include "output/record.h"

static void rec_append(struct rec *r, const char *s, size_t n)
{
	/* Keep room for "  #xxxxxxxx\n" and a NUL. */
	if (r->len + n + 13 > sizeof(r->buf)) {
		r->overflow = true;
		return;
	}
	memcpy(r->buf + r->len, s, n);
	r->len += n;
	r->buf[r->len] = 0;
}

static void rec_printf(struct rec *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void rec_printf(struct rec *r, const char *fmt, ...)
{
	char tmp[REC_MAX];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(tmp)) {
		r->overflow = true;
		return;
	}
	rec_append(r, tmp, (size_t)n);
}

void rec_start(struct rec *r, const char *kind, uint32_t run)
{
	r->len = 0;
	r->overflow = false;
	r->buf[0] = 0;
	rec_printf(r, "@sbm %s v=%d run=%08x", kind, REC_VERSION, run);
}

void rec_u64(struct rec *r, const char *key, uint64_t v)
{
	rec_printf(r, " %s=%llu", key, (unsigned long long)v);
}

void rec_hex(struct rec *r, const char *key, uint64_t v)
{
	rec_printf(r, " %s=0x%llx", key, (unsigned long long)v);
}

void rec_dbl(struct rec *r, const char *key, double v, int decimals)
{
	rec_printf(r, " %s=%.*f", key, decimals, v);
}

void rec_str(struct rec *r, const char *key, const char *v)
{
	char tmp[REC_MAX / 2];
	bool quote = !*v;
	size_t n = 0;

	for (const char *s = v; *s && n + 1 < sizeof(tmp); s++) {
		char ch = *s;

		if (ch == '"')
			ch = '\'';
		if ((unsigned char)ch < 0x20 || ch == 0x7f)
			ch = '?';
		if (ch == ' ' || ch == '#' || ch == '=' || ch == '\'')
			quote = true;
		tmp[n++] = ch;
	}
	tmp[n] = 0;
	if (quote)
		rec_printf(r, " %s=\"%s\"", key, tmp);
	else
		rec_printf(r, " %s=%s", key, tmp);
}

size_t rec_finish(struct rec *r)
{
	uint32_t crc;

	if (r->overflow) {
		/* Never emit a half record: say so in a record that fits. */
		uint32_t run = 0;

		sscanf(r->buf, "@sbm %*s v=%*d run=%8x", &run);
		rec_start(r, "error", run);
		rec_str(r, "what", "record-overflow");
	}
	crc = crc32(r->buf, r->len);
	snprintf(r->buf + r->len, sizeof(r->buf) - r->len, "  #%08x\n", crc);
	r->len += 12;
	return r->len;
}

static int hexval(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	return -1;	/* lowercase only: a flipped case bit is damage too */
}

/* The 8 lowercase hex digits at p; false if any is not one. */
static bool read_crc(const char *p, uint32_t *crc)
{
	uint32_t v = 0;

	for (int i = 0; i < 8; i++) {
		int h = hexval(p[i]);

		if (h < 0)
			return false;
		v = v << 4 | (uint32_t)h;
	}
	*crc = v;
	return true;
}

/* "  #" before the last 8 characters; end[-11] must be readable. */
static bool trailer_at(const char *end)
{
	return end[-9] == '#' && end[-10] == ' ' && end[-11] == ' ';
}

static const char *find_tag(const char *line, size_t len)
{
	for (size_t i = 0; i + 5 <= len; i++)
		if (!memcmp(line + i, "@sbm ", 5))
			return line + i;
	return NULL;
}

/* No "@sbm " tag: 0, unless a checksum trailer shows a damaged record. */
static int rec_untagged(const char *line, size_t len, const char **why)
{
	const char *end = line + len;
	uint32_t crc;

	while (end > line && (end[-1] == '\r' || end[-1] == ' '))
		end--;
	if (end - line < 11 || !trailer_at(end) || !read_crc(end - 8, &crc))
		return 0;
	*why = "checksum trailer without an @sbm tag";
	return -1;
}

/*
 * The record from `start` to `end`, trailing blanks ignored: check its
 * "  #crc" trailer against the body and copy the body into out->store.
 */
static int rec_check_crc(const char *start, const char *end,
			 struct rec_parsed *out, const char **why)
{
	uint32_t want;
	size_t n;

	while (end > start && (end[-1] == '\r' || end[-1] == ' ' ||
			       end[-1] == '\t' || end[-1] == '\n' || !end[-1]))
		end--;
	if (end - start < 14 || !trailer_at(end)) {
		*why = "no checksum (truncated?)";
		return -1;
	}
	if (!read_crc(end - 8, &want)) {
		*why = "malformed checksum";
		return -1;
	}
	n = (size_t)(end - 11 - start);
	if (n >= sizeof(out->store)) {
		*why = "record too long";
		return -1;
	}
	if (crc32(start, n) != want) {
		*why = "checksum mismatch";
		return -1;
	}
	memcpy(out->store, start, n);
	out->store[n] = 0;
	return 0;
}

/*
 * The value at s, bare or "quoted", NUL-terminated in place.  Returns
 * where the next field may start, or NULL with *why set.
 */
static char *rec_value(char *s, char **val, const char **why)
{
	if (*s == '"') {
		*val = ++s;
		while (*s && *s != '"')
			s++;
		if (!*s) {
			*why = "unterminated quoted value";
			return NULL;
		}
		*s++ = 0;
		if (*s && *s != ' ') {
			*why = "text after quoted value";
			return NULL;
		}
		return s;
	}
	*val = s;
	while (*s && *s != ' ')
		s++;
	if (*s)
		*s++ = 0;
	return s;
}

/* Split out->store in place: "@sbm" kind key=value ... */
static int rec_tokenize(struct rec_parsed *out, const char **why)
{
	char *s = out->store + 5, *tok = s;

	while (*s && *s != ' ')
		s++;
	if (s == tok || (size_t)(s - tok) >= sizeof(out->kind)) {
		*why = "bad record kind";
		return -1;
	}
	memcpy(out->kind, tok, (size_t)(s - tok));
	while (*s) {
		char *key, *val;

		while (*s == ' ')
			s++;
		if (!*s)
			break;
		key = s;
		while (*s && *s != '=' && *s != ' ')
			s++;
		if (*s != '=' || s == key) {
			*why = "field is not key=value";
			return -1;
		}
		*s++ = 0;
		s = rec_value(s, &val, why);
		if (!s)
			return -1;
		if (out->nfields >= REC_MAX_FIELDS) {
			*why = "too many fields";
			return -1;
		}
		out->f[out->nfields].key = key;
		out->f[out->nfields].val = val;
		out->nfields++;
	}
	return 0;
}

/* Every record starts with v= (a version this reader knows) and run=. */
static int rec_check_header(struct rec_parsed *out, const char **why)
{
	const char *run;
	uint64_t v;
	char *e;

	if (!out->nfields || strcmp(out->f[0].key, "v")) {
		*why = "first field is not the version v=";
		return -1;
	}
	if (!rec_get_u64(out, "v", &v) || v == 0) {
		*why = "bad version";
		return -1;
	}
	if (v > REC_VERSION) {
		*why = "newer format version than this reader";
		return -1;
	}
	out->version = (unsigned)v;
	run = rec_get(out, "run");
	if (!run || strlen(run) != 8) {
		*why = "missing run id";
		return -1;
	}
	out->run = (uint32_t)strtoul(run, &e, 16);
	if (*e) {
		*why = "bad run id";
		return -1;
	}
	return 0;
}

int rec_parse(const char *line, size_t len, struct rec_parsed *out,
	      const char **why)
{
	const char *start = find_tag(line, len);

	memset(out, 0, offsetof(struct rec_parsed, f));
	if (!start)
		return rec_untagged(line, len, why);
	if (rec_check_crc(start, line + len, out, why) ||
	    rec_tokenize(out, why) || rec_check_header(out, why))
		return -1;
	return 1;
}

const char *rec_get(const struct rec_parsed *p, const char *key)
{
	for (size_t i = 0; i < p->nfields; i++)
		if (!strcmp(p->f[i].key, key))
			return p->f[i].val;
	return NULL;
}

bool rec_get_u64(const struct rec_parsed *p, const char *key, uint64_t *v)
{
	const char *s = rec_get(p, key);
	char *e;

	if (!s || !*s || *s == '-')
		return false;
	*v = strtoull(s, &e, 0);
	return !*e;
}

bool rec_get_dbl(const struct rec_parsed *p, const char *key, double *v)
{
	const char *s = rec_get(p, key);
	char *e;

	if (!s || !*s)
		return false;
	*v = strtod(s, &e);
	return !*e;
}
