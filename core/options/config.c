/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The option parser: it knows no key.  It walks the declarations
 * (options/option.h): the experiments' own, then the engine's.
 */
#include <stdio.h>
#include <string.h>

#include "options/config.h"
#include "test_hooks.h"
#include "options/config_words.h"
#include "options/option.h"

int config_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > (UINT64_MAX - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	if (v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/*
 * @n bytes of what the user gave, for a message: printable ASCII as it
 * is, anything else as \xNN, so a binary \sbmbench.cfg puts no control
 * bytes on the console or into a record.
 */
static const char *escaped(const char *s, size_t n, char *buf, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t o = 0;

	for (size_t i = 0; i < n && s[i] && o + 5 < len; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (ch >= 0x20 && ch < 0x7f && ch != '\\') {
			buf[o++] = (char)ch;
			continue;
		}
		buf[o++] = '\\';
		buf[o++] = 'x';
		buf[o++] = hex[ch >> 4];
		buf[o++] = hex[ch & 15];
	}
	buf[o] = 0;
	return buf;
}

int config_bad_value(char *err, size_t errlen, const char *key,
		     const char *val, const char *valid)
{
	char v[80], k[40];

	snprintf(err, errlen, "bad value '%s' for %s (valid: %s)",
		 escaped(val, strlen(val), v, sizeof(v)),
		 escaped(key, strlen(key), k, sizeof(k)), valid);
	return -1;
}

bool test_hooks_key(const char *key)
{
	return !strcmp(key, "test") || strstr(key, "_test_");
}

/* Test switches other than test= itself stay out of the key lists. */
static bool unlisted(const struct option_decl *d)
{
	return test_hooks_key(d->key) && strcmp(d->key, "test");
}

const struct option_set *option_set_nth(size_t n)
{
	for (size_t k = 0; k < experiment_options_n; k++)
		if (!n--)
			return experiment_options[k];
	return n ? NULL : &engine_options;
}

const struct option_decl *option_find(const char *key,
				      const struct option_set **set)
{
	const struct option_set *s;

	for (size_t n = 0; (s = option_set_nth(n)); n++)
		for (const struct option_decl *d = s->decls; d && d->key; d++)
			if (!strcmp(d->key, key)) {
				if (set)
					*set = s;
				return d;
			}
	return NULL;
}

/* Where @d's field is: the set's own struct, else @c. */
static char *field(const struct config *c, const struct option_decl *d)
{
	const struct option_set *s;

	for (size_t n = 0; (s = option_set_nth(n)); n++)
		for (const struct option_decl *e = s->decls; e && e->key; e++)
			if (e == d && s->own)
				return (char *)s->own + d->offset;
	return (char *)c + d->offset;
}

static void store(struct config *c, const struct option_decl *d, uint64_t v)
{
	char *p = field(c, d);

	if (d->size == 1) {
		bool b = v != 0;

		memcpy(p, &b, 1);
	} else if (d->size == 4) {
		uint32_t u = (uint32_t)v;

		memcpy(p, &u, 4);
	} else if (d->size == 8) {
		memcpy(p, &v, 8);
	}
}

static uint64_t load(const struct config *c, const struct option_decl *d)
{
	const char *p = field(c, d);
	uint32_t u;
	uint64_t v;
	bool b;

	if (d->size == 1) {
		memcpy(&b, p, 1);
		return b;
	}
	if (d->size == 4) {
		memcpy(&u, p, 4);
		return u;
	}
	memcpy(&v, p, 8);
	return v;
}

const char *option_valid(const struct option_decl *d, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = 0;
	if (d->kind == OPT_BOOL || (d->kind == OPT_UINT && d->lo == 0 &&
				    d->hi == 1))
		snprintf(buf, len, "0, 1");
	else if (d->kind == OPT_UINT)
		snprintf(buf, len, "%llu..%llu", (unsigned long long)d->lo,
			 (unsigned long long)d->hi);
	else if (d->kind == OPT_ENUM)
		for (size_t k = d->lo; d->names[k] && used + 1 < len; k++) {
			int w = snprintf(buf + used, len - used, "%s%s",
					 k > d->lo ? ", " : "", d->names[k]);

			if (w > 0)
				used += (size_t)w;
		}
	return buf;
}

const char *option_default(const struct option_decl *d)
{
	return d->def ? d->def : d->def_doc ? d->def_doc : "";
}

int option_set_value(const struct option_decl *d, struct config *c,
		     const char *val, char *err, size_t errlen)
{
	char valid[160];
	uint64_t v;

	switch (d->kind) {
	case OPT_UINT:
		if (config_parse_u64(val, d->lo, d->hi, &v))
			break;
		store(c, d, v);
		return 0;
	case OPT_BOOL:
		if (!strcmp(val, "1") || !strcmp(val, "yes")) {
			store(c, d, 1);
			return 0;
		}
		if (!strcmp(val, "0") || !strcmp(val, "no")) {
			store(c, d, 0);
			return 0;
		}
		break;
	case OPT_ENUM:
		for (size_t k = d->lo; d->names[k]; k++)
			if (!strcmp(val, d->names[k])) {
				store(c, d, k);
				return 0;
			}
		break;
	case OPT_CUSTOM:
		return d->set(d, c, val, err, errlen);
	}
	return config_bad_value(err, errlen, d->key, val,
				option_valid(d, valid, sizeof(valid)));
}

void config_defaults(struct config *c)
{
	const struct option_set *s;
	char err[160];

	memset(c, 0, sizeof(*c));
	/* an own struct starts from zero as struct config does: a field no
	 * default sets (pairs' per-class count) reads 0, not the last run's */
	for (size_t n = 0; (s = option_set_nth(n)); n++)
		if (s->own)
			memset(s->own, 0, s->own_size);
	for (size_t n = 0; (s = option_set_nth(n)); n++)
		for (const struct option_decl *d = s->decls; d && d->key; d++)
			if (d->def)
				option_set_value(d, c, d->def, err, sizeof(err));
			else
				store(c, d, (uint64_t)d->unset);
}

/* "a, b, c": every key a user may give, for the error messages. */
static const char *key_list(char *buf, size_t len)
{
	const struct option_set *s;
	size_t used = 0;

	buf[0] = 0;
	for (size_t n = 0; (s = option_set_nth(n)); n++)
		for (const struct option_decl *d = s->decls; d && d->key; d++) {
			int w;

			if (unlisted(d) || used + 1 >= len)
				continue;
			w = snprintf(buf + used, len - used, "%s%s",
				     used ? ", " : "", d->key);
			if (w > 0)
				used += (size_t)w;
		}
	return buf;
}

const char *config_help(void)
{
	static char text[8192];
	const struct option_set *s;
	size_t used = 0;

	if (text[0])
		return text;
	/* the engine's first, then each experiment's */
	for (size_t n = 0; (s = n ? option_set_nth(n - 1) : &engine_options);
	     n++) {
		if (n && s == &engine_options)
			break;
		for (const struct option_decl *d = s->decls; d && d->key; d++) {
			char kv[40], valid[160];
			int w;

			if (unlisted(d) || used + 1 >= sizeof(text))
				continue;
			snprintf(kv, sizeof(kv), "%s=%s", d->key, d->meta);
			option_valid(d, valid, sizeof(valid));
			w = snprintf(text + used, sizeof(text) - used,
				     "%-14s %s%s%s%s%s (default %s)\n", kv,
				     s->name ? s->name : "", s->name ? ": " : "",
				     d->help, valid[0] ? "; " : "", valid,
				     option_default(d));
			if (w > 0)
				used += (size_t)w;
		}
	}
	return text;
}

int config_set(struct config *c, const char *key, const char *val,
	       char *err, size_t errlen)
{
	const struct option_decl *d;

	if (test_hooks_key(key) && !sbm_test_hooks) {
		char k[40];

		snprintf(err, errlen, "%s is a test switch, refused: this "
			 "build has no test hooks (configure "
			 "--enable-test-hooks)",
			 escaped(key, strlen(key), k, sizeof(k)));
		return -1;
	}
	d = option_find(key, NULL);
	if (!d) {
		char k[80], keys[1024];

		snprintf(err, errlen, "unknown option '%s' (valid: %s)",
			 escaped(key, strlen(key), k, sizeof(k)),
			 key_list(keys, sizeof(keys)));
		return -1;
	}
	return option_set_value(d, c, val, err, errlen);
}
static bool is_space(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' ||
	       ch == '\v' || ch == '\f';
}

int config_parse(struct config *c, const char *text, size_t len,
		 const char *source, char *err, size_t errlen)
{
	const char *nul = memchr(text, 0, len);
	size_t i = 0;

	/* NULs may pad a file to its end; anything after one would be
	 * dropped unseen, so it is an error that says where */
	if (nul) {
		for (const char *p = nul; p < text + len; p++)
			if (*p) {
				snprintf(err, errlen, "%s: a NUL byte at offset "
					 "%zu with more text after it (options "
					 "after it would be ignored)", source,
					 (size_t)(nul - text));
				return -1;
			}
		len = (size_t)(nul - text);
	}
	while (i < len) {
		char word[128], msg[1280];
		size_t start, n;
		char *eq;

		while (i < len && is_space(text[i]))
			i++;
		if (i >= len || !text[i])
			break;
		if (text[i] == '#') {	/* comment to end of line */
			while (i < len && text[i] != '\n')
				i++;
			continue;
		}
		start = i;
		while (i < len && text[i] && !is_space(text[i]))
			i++;
		n = i - start;
		if (n >= sizeof(word)) {
			char w[160];

			snprintf(err, errlen, "%s: option too long: '%s...'",
				 source, escaped(text + start, 32, w, sizeof(w)));
			return -1;
		}
		memcpy(word, text + start, n);
		word[n] = 0;
		eq = strchr(word, '=');
		if (!eq || eq == word) {
			char w[160], keys[1024];

			snprintf(err, errlen,
				 "%s: '%s' is not key=value (valid keys: %s)",
				 source, escaped(word, n, w, sizeof(w)),
				 key_list(keys, sizeof(keys)));
			return -1;
		}
		*eq = 0;
		if (config_set(c, word, eq + 1, msg, sizeof(msg))) {
			snprintf(err, errlen, "%s: %s", source, msg);
			return -1;
		}
		if (i < len && !text[i])
			break;
	}
	return 0;
}

/* Whether @d goes into the options line of @c. */
static bool shown(const struct option_set *s, const struct option_decl *d,
		  const struct config *c)
{
	if (d->flags & OPT_QUIET)
		return false;
	if ((d->flags & OPT_IF_RUNS) && s->name &&
	    !config_runs(c, s->runs_with ? s->runs_with : s->name))
		return false;
	return !(d->flags & OPT_IF_SET) || load(c, d);
}

static void format_value(const struct option_decl *d, const struct config *c,
			 char *buf, size_t len)
{
	uint64_t v = load(c, d);
	size_t k;

	if (d->format) {
		d->format(d, c, buf, len);
		return;
	}
	switch (d->kind) {
	case OPT_UINT:
	case OPT_BOOL:
	case OPT_CUSTOM:
		snprintf(buf, len, "%llu", (unsigned long long)v);
		break;
	case OPT_ENUM:
		for (k = 0; d->names[k] && k < v; k++)
			;
		snprintf(buf, len, "%s", d->names[k] ? d->names[k] : "?");
		break;
	}
}

size_t config_format(const struct config *c, char *buf, size_t len)
{
	const struct option_set *s;
	size_t used = 0;

	if (!len)
		return 0;
	buf[0] = 0;
	for (size_t n = 0; (s = option_set_nth(n)); n++)
		for (const struct option_decl *d = s->decls; d && d->key; d++) {
			char val[128];
			int w;

			if (!shown(s, d, c) || used + 1 >= len)
				continue;
			format_value(d, c, val, sizeof(val));
			w = snprintf(buf + used, len - used, "%s%s=%s",
				     used ? " " : "", d->key, val);
			if (w > 0)
				used += (size_t)w < len - used ? (size_t)w :
					len - used - 1;
		}
	return used;
}
