/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <string.h>

#include "boot/config_exp.h"
#include "boot/config_words.h"
#include "engine/sbm_read.h"

/* Bit k of cfg.experiments is names[k]; engine order is the registry's. */
static const char *const names[] = { "sbm", "c2c", "noise", "scale", "rw" };
#define NNAMES (sizeof(names) / sizeof(names[0]))

void config_exp_defaults(struct config *c)
{
	c->experiments = 1u << 0;	/* sbm */
	c->pairs = PAIRS_AUTO;
	c->c2c_rounds = 1000;
	c->c2c_home = HOME_A;
	c->noise_ms = 1000;
	c->noise_ns = 1000;
	/* a busy server's idle spells: tens of us, some 10^4 a second */
	c->rw_idle_ns = 20000;
	c->rw_run_ns = 80000;
	c->rw_scan_ns = 10000;
	c->rw_ms = 200;
	c->rw_nreaders = 1;
	c->reader = SBM_READ_AND;	/* find_new_ilb(): idle & housekeeping */
}

bool config_runs(const struct config *c, const char *name)
{
	for (size_t k = 0; k < NNAMES; k++)
		if (!strcmp(names[k], name))
			return c->experiments & (1u << k);
	return false;
}

static int parse_experiments(const char *s, uint32_t *out)
{
	uint32_t mask = 0;

	if (!strcmp(s, "all")) {
		*out = (1u << NNAMES) - 1;
		return 0;
	}
	while (*s) {
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s), k;

		for (k = 0; k < NNAMES; k++)
			if (strlen(names[k]) == len && !strncmp(names[k], s, len))
				break;
		if (k == NNAMES)
			return -1;
		mask |= 1u << k;
		s += len + (comma != NULL);
	}
	if (!mask)
		return -1;
	*out = mask;
	return 0;
}

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

int config_exp_set(struct config *c, const char *key, const char *val,
		   char *err, size_t errlen)
{
	uint64_t v;

	if (!strcmp(key, "experiment")) {
		if (parse_experiments(val, &c->experiments))
			return config_bad_value(err, errlen, key, val,
				   "all or a comma list of sbm, scale, c2c, noise, rw");
	} else if (!strcmp(key, "pairs")) {
		if (!strcmp(val, "all")) {
			c->pairs = PAIRS_ALL;
		} else if (!strcmp(val, "reps")) {
			c->pairs = PAIRS_REPS;
		} else if (!strcmp(val, "auto")) {
			c->pairs = PAIRS_AUTO;
		} else if (!config_parse_u64(val, 1, 100000, &v)) {
			c->pairs = PAIRS_RANDOM;
			c->pairs_k = (uint32_t)v;
		} else {
			return config_bad_value(err, errlen, key, val,
				   "all, reps, auto, or pairs per class 1..100000");
		}
	} else if (!strcmp(key, "c2c_rounds")) {
		if (config_parse_u64(val, 10, 10000000, &v))
			return config_bad_value(err, errlen, key, val, "10..10000000");
		c->c2c_rounds = (uint32_t)v;
	} else if (!strcmp(key, "c2c_home")) {
		if (!strcmp(val, "a")) {
			c->c2c_home = HOME_A;
		} else if (!strcmp(val, "b")) {
			c->c2c_home = HOME_B;
		} else if (!strncmp(val, "node:", 5) &&
			   !config_parse_u64(val + 5, 0, 63, &v)) {
			c->c2c_home = HOME_NODE;
			c->c2c_home_node = (uint32_t)v;
		} else {
			return config_bad_value(err, errlen, key, val, "a, b, node:N (0..63)");
		}
	} else if (!strcmp(key, "noise_s")) {
		if (parse_seconds_ms(val, &v))
			return config_bad_value(err, errlen, key, val,
				   "0.001..3600 (at most 3 decimals)");
		c->noise_ms = (uint32_t)v;
	} else if (!strcmp(key, "noise_ns")) {
		if (config_parse_u64(val, 1, 1000000000, &v))
			return config_bad_value(err, errlen, key, val, "1..1000000000");
		c->noise_ns = (uint32_t)v;
	} else if (!strcmp(key, "reader")) {
		int op = sbm_read_parse(val);

		if (op < 0)
			return config_bad_value(err, errlen, key, val,
						sbm_read_names());
		c->reader = (uint32_t)op;
	} else if (!strcmp(key, "rw_readers")) {
		if (!strcmp(val, "other-llc"))
			c->rw_readers = RW_OTHER_LLC;
		else if (!strcmp(val, "same-llc"))
			c->rw_readers = RW_SAME_LLC;
		else if (!strcmp(val, "other-node"))
			c->rw_readers = RW_OTHER_NODE;
		else
			return config_bad_value(err, errlen, key, val,
				   "other-llc, same-llc, other-node");
	} else if (!strcmp(key, "rw_nreaders") || !strcmp(key, "rw_writers")) {
		if (config_parse_u64(val, 1, 4095, &v))
			return config_bad_value(err, errlen, key, val, "1..4095");
		*(key[3] == 'n' ? &c->rw_nreaders : &c->rw_writers) = (uint32_t)v;
	} else if (!strcmp(key, "rw_idle_ns") || !strcmp(key, "rw_run_ns") ||
		   !strcmp(key, "rw_scan_ns")) {
		if (config_parse_u64(val, 0, CONFIG_MAX_GAP_NS, &v))
			return config_bad_value(err, errlen, key, val, "0..10000000");
		*(key[3] == 'i' ? &c->rw_idle_ns : key[3] == 'r' ?
		  &c->rw_run_ns : &c->rw_scan_ns) = (uint32_t)v;
	} else if (!strcmp(key, "rw_test_stale")) {
		if (config_parse_u64(val, 0, 1, &v))
			return config_bad_value(err, errlen, key, val, "0, 1");
		c->rw_test_stale = v;
	} else if (!strcmp(key, "scale_order")) {
		static const char *const ord[] = { "auto", "topo", "rr", "both" };
		size_t k;

		for (k = 0; k < 4 && strcmp(val, ord[k]); k++)
			;
		if (k == 4)
			return config_bad_value(err, errlen, key, val,
						"auto, topo, rr, both");
		c->scale_order = (enum scale_order)k;
	} else if (!strcmp(key, "scale_steps")) {
		if (config_parse_u64(val, 2, 64, &v))
			return config_bad_value(err, errlen, key, val, "2..64");
		c->scale_steps = (uint32_t)v;
	} else if (!strcmp(key, "rw_ms")) {
		if (config_parse_u64(val, 1, 600000, &v))
			return config_bad_value(err, errlen, key, val, "1..600000");
		c->rw_ms = (uint32_t)v;
	} else {
		return 1;
	}
	return 0;
}

size_t config_exp_format(const struct config *c, char *buf, size_t len,
			 size_t used)
{
	char list[64] = "", pairs[16], home[16];
	int w;

	if (used >= len)
		return used;
	for (size_t k = 0; k < NNAMES; k++)
		if (c->experiments & (1u << k)) {
			size_t l = strlen(list);

			snprintf(list + l, sizeof(list) - l, "%s%s",
				 l ? "," : "", names[k]);
		}
	if (c->pairs == PAIRS_RANDOM)
		snprintf(pairs, sizeof(pairs), "%u", c->pairs_k);
	else
		snprintf(pairs, sizeof(pairs), "%s", c->pairs == PAIRS_ALL ?
			 "all" : c->pairs == PAIRS_REPS ? "reps" : "auto");
	if (c->c2c_home == HOME_NODE)
		snprintf(home, sizeof(home), "node:%u", c->c2c_home_node);
	else
		snprintf(home, sizeof(home), "%s",
			 c->c2c_home == HOME_A ? "a" : "b");
	w = snprintf(buf + used, len - used,
		     " experiment=%s pairs=%s c2c_rounds=%u c2c_home=%s noise_s=%u.%03u noise_ns=%u",
		     list, pairs, c->c2c_rounds, home, c->noise_ms / 1000,
		     c->noise_ms % 1000, c->noise_ns);
	if (w > 0)
		used += (size_t)w;
	/* rw's own only when it runs: the options line stays short */
	if (used < len && config_runs(c, "rw")) {
		static const char *const place[] = {
			"auto", "other-llc", "same-llc", "other-node"
		};

		w = snprintf(buf + used, len - used,
			     " reader=%s rw_readers=%s rw_nreaders=%u rw_writers=%u rw_idle_ns=%u rw_run_ns=%u rw_scan_ns=%u rw_ms=%u",
			     sbm_read_name(c->reader), place[c->rw_readers],
			     c->rw_nreaders, c->rw_writers, c->rw_idle_ns,
			     c->rw_run_ns, c->rw_scan_ns, c->rw_ms);
		if (w > 0)
			used += (size_t)w;
	}
	/* a run with a test hook says so in its options line */
	if (used < len && config_runs(c, "rw") && c->rw_test_stale) {
		w = snprintf(buf + used, len - used, " rw_test_stale=1");
		if (w > 0)
			used += (size_t)w;
	}
	if (used < len && config_runs(c, "scale")) {
		static const char *const ord[] = { "auto", "topo", "rr", "both" };
		char steps[12] = "auto";

		if (c->scale_steps)
			snprintf(steps, sizeof(steps), "%u", c->scale_steps);
		w = snprintf(buf + used, len - used,
			     " scale_order=%s scale_steps=%s",
			     ord[c->scale_order], steps);
		if (w > 0)
			used += (size_t)w;
	}
	return used < len ? used : len - 1;
}
