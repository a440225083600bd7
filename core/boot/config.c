/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <string.h>

#include "boot/config.h"
#include "test_hooks.h"
#include "boot/config_words.h"
#include "boot/config_exp.h"
#include "engine/sbm.h"

#define ALL_LAYOUTS ((1u << SBM_NKINDS) - 1)

void config_defaults(struct config *c)
{
	memset(c, 0, sizeof(*c));
	c->layouts = ALL_LAYOUTS;
	strcpy(c->op, "native");
	strcpy(c->op_u8, "native");
	c->iters = 100000;
	/* reps=auto: 5 at least (run-to-run noise of the rep means measured
	 * 0.5-5 % here), more while the 95 % interval is wider than
	 * CONFIG_REPS_AUTO_PCT of the mean */
	c->reps = CONFIG_REPS_AUTO_MIN;
	c->reps_auto = true;
	c->warmup = 1000;
	/* saturation, and an event-like rate: 1 us apart (a nohz idle
	 * entry/exit or a cpupri change is an event, not a tight loop) */
	c->gap_ns[0] = 0;
	c->gap_ns[1] = 1000;
	c->ngaps = 2;
	c->cpuset = CPUSET_ALL;
	c->mode = MODE_LOOP;
	c->start_timeout_ms = 1000;
	c->exit = true;
	c->save = true;
	c->hold_s = -1;
	config_exp_defaults(c);
}

static const char help_text[] =
	"layouts=LIST   comma list of global,node,llc,llc-u8,private,private-u8 or all (default all)\n"
	"op=NAME        atomic bit op for bit layouts (default native: the kernel's cpumask op\n"
	"               with the barrier its callers put after it)\n"
	"op_u8=NAME     byte op for llc-u8 and private-u8 (default native: smp_store_mb())\n"
	"gap=LIST       ns of private work between updates, comma list, 0..10000000 (default 0,1000)\n"
	"iters=N        set+clear iterations per CPU per repetition, 1..10^9 (default 100000)\n"
	"reps=N|auto    repetitions, 1..1000; auto: 5, then more (up to 20) until the 95 % interval\n"
	"               of each layout's mean is within 2 % of it (default auto)\n"
	"warmup=N       untimed iterations before each repetition, 0..10^9 (default 1000)\n"
	"line=N         leaf spacing in bytes, power of two 8..4096 (default 128, or the line if larger)\n"
	"cpus=SET       all | cores (one per core) | llc (the boot CPU's LLC) | N (first N) (default all)\n"
	"mode=MODE      loop | pair (pair: setter and clearer thread per CPU; Linux only)\n"
	"timeout_ms=N   how long to wait for each CPU to come up, 1..600000 (default 1000)\n"
	"exit=BOOL      power off when done, 0|1 (default 1)\n"
	"save=BOOL      UEFI: keep the result in UEFI variables for the next boot to\n"
	"               write to the stick, 0|1 (default 1)\n"
	"after_restore=WHAT  UEFI: when this boot wrote saved results to the stick:\n"
	"               run | stop (default run)\n"
	"riscv_counter=C riscv64: the counter of every figure: auto | time | cycle (auto:\n"
	"               rdcycle where rdtime traps or ticks slower than 10 MHz)\n"
	"test=WHAT      boot tests only, forces a fallback path: none |\n"
	"               low-mem-taken | cntfrq-zero\n"
	"               (x86_64: the AP trampoline page from the final memory map)\n"
	"bmc_watchdog=W x86 with an IPMI KCS BMC (SPMI): keep | stop a running BMC\n"
	"               watchdog (default keep: reported, left running)\n"
	"hold_s=N       seconds the final screen (table, QR codes) stays before power off,\n"
	"               0..3600 (default: until a key on the serial console, at most 300)\n"
	CONFIG_EXP_HELP;

const char *config_help(void)
{
	return help_text;
}

static const char valid_keys[] =
	"layouts, op, op_u8, gap, iters, reps, warmup, line, cpus, mode, timeout_ms, exit, hold_s, save, after_restore, riscv_counter, test, bmc_watchdog"
	CONFIG_EXP_KEYS;

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

static int parse_layouts(const char *s, uint32_t *out)
{
	uint32_t mask = 0;

	if (!strcmp(s, "all")) {
		*out = ALL_LAYOUTS;
		return 0;
	}
	while (*s) {
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		int k = sbm_kind_parse(s, len);

		if (k < 0)
			return -1;
		mask |= 1u << k;
		s += len;
		if (comma)
			s++;
	}
	if (!mask)
		return -1;
	*out = mask;
	return 0;
}

static int parse_gaps(const char *s, struct config *c)
{
	uint32_t n = 0;

	while (*s) {
		char num[16];
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		uint64_t v;

		if (!len || len >= sizeof(num) || n == CONFIG_MAX_GAPS)
			return -1;
		memcpy(num, s, len);
		num[len] = 0;
		if (config_parse_u64(num, 0, CONFIG_MAX_GAP_NS, &v))
			return -1;
		c->gap_ns[n++] = (uint32_t)v;
		s += len;
		if (comma && !*++s)
			return -1;
	}
	if (!n)
		return -1;
	c->ngaps = n;
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

int config_set(struct config *c, const char *key, const char *val,
	       char *err, size_t errlen)
{
	uint64_t v;
	int rc;

	if (test_hooks_key(key) && !sbm_test_hooks) {
		char k[40];

		snprintf(err, errlen, "%s is a test switch, refused: this "
			 "build has no test hooks (configure "
			 "--enable-test-hooks)",
			 escaped(key, strlen(key), k, sizeof(k)));
		return -1;
	}
	if (!strcmp(key, "layouts")) {
		if (parse_layouts(val, &c->layouts))
			return config_bad_value(err, errlen, key, val,
				   "all or a comma list of global, node, llc, llc-u8, private, private-u8");
	} else if (!strcmp(key, "gap")) {
		if (parse_gaps(val, c))
			return config_bad_value(err, errlen, key, val,
				   "a comma list of up to 8 ns values, 0..10000000");
	} else if (!strcmp(key, "op") || !strcmp(key, "op_u8")) {
		char *dst = key[2] ? c->op_u8 : c->op;
		size_t n = strlen(val);

		/* an op's name is a C name: no byte reaches the console raw */
		if (!n || n >= CONFIG_OP_LEN || strspn(val,
			"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != n)
			return config_bad_value(err, errlen, key, val,
				   "an op name of 1..15 letters, digits, '_' or '-'; the report lists this arch's ops");
		memcpy(dst, val, n + 1);
	} else if (!strcmp(key, "iters")) {
		if (config_parse_u64(val, 1, 1000000000, &c->iters))
			return config_bad_value(err, errlen, key, val, "1..1000000000");
	} else if (!strcmp(key, "reps")) {
		if (!strcmp(val, "auto")) {
			c->reps = CONFIG_REPS_AUTO_MIN;
			c->reps_auto = true;
			return 0;
		}
		if (config_parse_u64(val, 1, 1000, &v))
			return config_bad_value(err, errlen, key, val,
						"1..1000 or auto");
		c->reps = (uint32_t)v;
		c->reps_auto = false;
	} else if (!strcmp(key, "warmup")) {
		if (config_parse_u64(val, 0, 1000000000, &c->warmup))
			return config_bad_value(err, errlen, key, val, "0..1000000000");
	} else if (!strcmp(key, "line")) {
		if (config_parse_u64(val, 8, 4096, &v) || (v & (v - 1)))
			return config_bad_value(err, errlen, key, val,
				   "a power of two from 8 to 4096");
		c->line = (uint32_t)v;
	} else if (!strcmp(key, "cpus")) {
		if (!strcmp(val, "all")) {
			c->cpuset = CPUSET_ALL;
		} else if (!strcmp(val, "cores")) {
			c->cpuset = CPUSET_CORES;
		} else if (!strcmp(val, "llc")) {
			c->cpuset = CPUSET_LLC;
		} else if (!config_parse_u64(val, 1, 4096, &v)) {
			c->cpuset = CPUSET_FIRST;
			c->first = (uint32_t)v;
		} else {
			return config_bad_value(err, errlen, key, val,
				   "all, cores, llc, or a CPU count 1..4096");
		}
	} else if (!strcmp(key, "mode")) {
		if (!strcmp(val, "loop"))
			c->mode = MODE_LOOP;
		else if (!strcmp(val, "pair"))
			c->mode = MODE_PAIR;
		else
			return config_bad_value(err, errlen, key, val, "loop, pair");
	} else if (!strcmp(key, "timeout_ms")) {
		if (config_parse_u64(val, 1, 600000, &v))
			return config_bad_value(err, errlen, key, val, "1..600000");
		c->start_timeout_ms = (uint32_t)v;
	} else if (!strcmp(key, "exit") || !strcmp(key, "save")) {
		bool *b = !strcmp(key, "exit") ? &c->exit : &c->save;

		if (!strcmp(val, "1") || !strcmp(val, "yes"))
			*b = true;
		else if (!strcmp(val, "0") || !strcmp(val, "no"))
			*b = false;
		else
			return config_bad_value(err, errlen, key, val, "0, 1");
	} else if (!strcmp(key, "hold_s")) {
		if (config_parse_u64(val, 0, 3600, &v))
			return config_bad_value(err, errlen, key, val, "0..3600");
		c->hold_s = (int32_t)v;
	} else if (!strcmp(key, "save_test_fill")) {
		/* test only (tests/boot-save.sh): a full variable store */
		if (strcmp(val, "0") && strcmp(val, "1"))
			return config_bad_value(err, errlen, key, val, "0, 1");
		c->save_test_fill = val[0] == '1';
	} else if (!strcmp(key, "restore_test_buf")) {
		/* test only (tests/boot-restore.sh): a part the firmware
		 * refuses as larger than the restore's buffer */
		if (config_parse_u64(val, 1, 8192, &v))
			return config_bad_value(err, errlen, key, val, "1..8192");
		c->restore_test_buf = (uint32_t)v;
	} else if (!strcmp(key, "restore_test_pause_s")) {
		/* test only: time to cut the power between the file and the
		 * delete */
		if (config_parse_u64(val, 0, 3600, &v))
			return config_bad_value(err, errlen, key, val, "0..3600");
		c->restore_test_pause_s = (uint32_t)v;
	} else if (!strcmp(key, "bmc_watchdog")) {
		if (!strcmp(val, "keep"))
			c->bmc_watchdog_stop = false;
		else if (!strcmp(val, "stop"))
			c->bmc_watchdog_stop = true;
		else
			return config_bad_value(err, errlen, key, val, "keep, stop");
	} else if (!strcmp(key, "bmc_test_arm")) {
		/* test only (tests/boot-tests.tsv): a running watchdog to find */
		if (strcmp(val, "0") && strcmp(val, "1"))
			return config_bad_value(err, errlen, key, val, "0, 1");
		c->bmc_test_arm = val[0] == '1';
	} else if (!strcmp(key, "riscv_counter")) {
		if (!strcmp(val, "auto"))
			c->riscv_counter = RV_COUNTER_AUTO;
		else if (!strcmp(val, "time"))
			c->riscv_counter = RV_COUNTER_TIME;
		else if (!strcmp(val, "cycle"))
			c->riscv_counter = RV_COUNTER_CYCLE;
		else
			return config_bad_value(err, errlen, key, val,
						"auto, time, cycle");
	} else if (!strcmp(key, "after_restore")) {
		if (!strcmp(val, "run"))
			c->stop_after_restore = false;
		else if (!strcmp(val, "stop"))
			c->stop_after_restore = true;
		else
			return config_bad_value(err, errlen, key, val, "run, stop");
	} else if (!strcmp(key, "test")) {
		if (!strcmp(val, "none"))
			c->test = 0;
		else if (!strcmp(val, "low-mem-taken"))
			c->test |= CONFIG_TEST_LOW_MEM_TAKEN;
		else if (!strcmp(val, "cntfrq-zero"))
			c->test |= CONFIG_TEST_CNTFRQ_ZERO;
		else
			return config_bad_value(err, errlen, key, val,
						"none, low-mem-taken, "
						"cntfrq-zero");
	} else if ((rc = config_exp_set(c, key, val, err, errlen)) <= 0) {
		return rc;
	} else {
		char k[80];

		snprintf(err, errlen, "unknown option '%s' (valid: %s)",
			 escaped(key, strlen(key), k, sizeof(k)), valid_keys);
		return -1;
	}
	return 0;
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
		char word[128], msg[768];
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
			char w[160];

			snprintf(err, errlen,
				 "%s: '%s' is not key=value (valid keys: %s)",
				 source, escaped(word, n, w, sizeof(w)),
				 valid_keys);
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

size_t config_format(const struct config *c, char *buf, size_t len)
{
	char lay[80] = "", cpus[16], reps[8], gaps[CONFIG_MAX_GAPS * 10] = "";
	size_t used = 0;
	int w;

	for (int k = 0; k < SBM_NKINDS; k++)
		if (c->layouts & (1u << k)) {
			size_t l = strlen(lay);

			snprintf(lay + l, sizeof(lay) - l, "%s%s", l ? "," : "",
				 sbm_kind_name((enum sbm_kind)k));
		}
	for (uint32_t i = 0; i < c->ngaps; i++) {
		size_t l = strlen(gaps);

		snprintf(gaps + l, sizeof(gaps) - l, "%s%u", i ? "," : "",
			 c->gap_ns[i]);
	}
	if (c->reps_auto)
		snprintf(reps, sizeof(reps), "auto");
	else
		snprintf(reps, sizeof(reps), "%u", c->reps);
	if (c->cpuset == CPUSET_FIRST)
		snprintf(cpus, sizeof(cpus), "%u", c->first);
	else
		snprintf(cpus, sizeof(cpus), "%s",
			 c->cpuset == CPUSET_ALL ? "all" :
			 c->cpuset == CPUSET_CORES ? "cores" : "llc");
	w = snprintf(buf, len,
		     "layouts=%s op=%s op_u8=%s gap=%s iters=%llu reps=%s warmup=%llu line=%u cpus=%s mode=%s timeout_ms=%u",
		     lay, c->op, c->op_u8, gaps, (unsigned long long)c->iters,
		     reps, (unsigned long long)c->warmup, c->line, cpus,
		     c->mode == MODE_PAIR ? "pair" : "loop",
		     c->start_timeout_ms);
	if (w > 0)
		used = (size_t)w < len ? (size_t)w : len - 1;
	used = config_exp_format(c, buf, len, used);
	/* only when set: the options line of every other run stays as it was */
	if (c->bmc_watchdog_stop || c->bmc_test_arm) {
		w = snprintf(buf + used, len - used, "%s%s",
			     c->bmc_watchdog_stop ? " bmc_watchdog=stop" : "",
			     c->bmc_test_arm ? " bmc_test_arm=1" : "");
		if (w > 0)
			used += (size_t)w < len - used ? (size_t)w : len - used - 1;
	}
	return used;
}
