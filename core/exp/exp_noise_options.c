/* SPDX-License-Identifier: BSD-2-Clause */
/* noise's options: how long every CPU polls, what counts as noise. */
#include <stdio.h>
#include <string.h>

#include "boot/config_words.h"
#include "boot/option.h"

/* Seconds with up to three decimals, as milliseconds. */
static int parse_seconds_ms(const char *s, uint64_t *ms)
{
	char whole[24];
	const char *dot = strchr(s, '.');
	size_t n = dot ? (size_t)(dot - s) : strlen(s);
	uint64_t w, frac = 0, scale = 100;

	if (n >= sizeof(whole) || (!n && !dot))
		return -1;
	memcpy(whole, s, n);
	whole[n] = 0;
	if (n && config_parse_u64(whole, 0, 3600, &w))
		return -1;
	if (!n)
		w = 0;
	if (dot) {
		const char *f = dot + 1;

		if (!*f || strlen(f) > 3)
			return -1;
		for (; *f; f++, scale /= 10) {
			if (*f < '0' || *f > '9')
				return -1;
			frac += (uint64_t)(*f - '0') * scale;
		}
	}
	*ms = w * 1000 + frac;
	return *ms >= 1 && *ms <= 3600000 ? 0 : -1;
}

static int set_seconds(const struct option_decl *d, struct config *c,
		       const char *val, char *err, size_t errlen)
{
	uint64_t v;

	if (parse_seconds_ms(val, &v))
		return config_bad_value(err, errlen, d->key, val,
					"0.001..3600 (at most 3 decimals)");
	c->noise_ms = (uint32_t)v;
	return 0;
}

static void format_seconds(const struct option_decl *d,
			   const struct config *c, char *buf, size_t len)
{
	(void)d;
	snprintf(buf, len, "%u.%03u", c->noise_ms / 1000, c->noise_ms % 1000);
}

static const struct option_decl decls[] = {
	{ .key = "noise_s", .kind = OPT_CUSTOM, OPT_FIELD(noise_ms),
	  .set = set_seconds, .format = format_seconds, .def = "1",
	  .meta = "S", .help = "seconds every CPU polls its counter, "
	  "0.001..3600" },
	{ .key = "noise_ns", .kind = OPT_UINT, OPT_FIELD(noise_ns), .lo = 1,
	  .hi = 1000000000, .def = "1000", .meta = "N",
	  .help = "smallest gap counted as noise, ns" },
	{ .key = NULL }
};

const struct option_set exp_noise_options = {
	.name = "noise", .decls = decls
};
