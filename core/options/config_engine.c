/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The engine-wide options: which experiments run and on which CPUs, how
 * the platform boots and ends (UEFI saved result, screen, BMC, riscv
 * counter), and the boot tests' switches.  An experiment's own options
 * are declared beside it (core/exp/NAME/exp_NAME.c).
 */
#include <stdio.h>
#include <string.h>

#include "options/boot_uri.h"
#include "options/config_exp.h"
#include "options/config_words.h"
#include "options/option.h"

static int set_cpus(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	uint64_t v;

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
		return config_bad_value(err, errlen, d->key, val,
					"all, cores, llc, or a CPU count 1..4096");
	}
	return 0;
}

static void format_cpus(const struct option_decl *d, const struct config *c,
			char *buf, size_t len)
{
	(void)d;
	if (c->cpuset == CPUSET_FIRST)
		snprintf(buf, len, "%u", c->first);
	else
		snprintf(buf, len, "%s", c->cpuset == CPUSET_ALL ? "all" :
			 c->cpuset == CPUSET_CORES ? "cores" : "llc");
}

/* test=: each name adds its bit, none clears them */
static int set_test(const struct option_decl *d, struct config *c,
		    const char *val, char *err, size_t errlen)
{
	if (!strcmp(val, "none"))
		c->test = 0;
	else if (!strcmp(val, "low-mem-taken"))
		c->test |= CONFIG_TEST_LOW_MEM_TAKEN;
	else if (!strcmp(val, "cntfrq-zero"))
		c->test |= CONFIG_TEST_CNTFRQ_ZERO;
	else if (!strcmp(val, "stuck-cpu"))
		c->test |= CONFIG_TEST_STUCK_CPU;
	else if (!strcmp(val, "early-resend"))
		c->test |= CONFIG_TEST_EARLY_RESEND;
	else if (!strcmp(val, "long-start-wait"))
		c->test |= CONFIG_TEST_LONG_START_WAIT;
	else
		return config_bad_value(err, errlen, d->key, val,
					"none, low-mem-taken, cntfrq-zero, "
					"stuck-cpu, early-resend, "
					"long-start-wait");
	return 0;
}

/* upload=http://a.b.c.d[:port][/]: an IPv4 address, for the firmware
 * resolves no names before ExitBootServices that every build has */
static int set_upload(const struct option_decl *d, struct config *c,
		      const char *val, char *err, size_t errlen)
{
	struct boot_uri u;
	char why[96];
	size_t n = strlen(val);

	if (!strcmp(val, "none")) {
		c->upload = 0;
		return 0;
	}
	/* the same rules as the URI UEFI booted us from (boot_uri.c); the
	 * collector takes results at its root, so the path is "/" alone */
	if (boot_uri_parse(val, n, &u, why, sizeof(why)))
		return config_bad_value(err, errlen, d->key, val, why);
	if (strcmp(u.dir, "/") || val[n - 1] != '/' ||
	    !(u.ip[0] | u.ip[1] | u.ip[2] | u.ip[3]))
		return config_bad_value(err, errlen, d->key, val,
					"none, or http://A.B.C.D[:PORT]/ (the "
					"collector's root, an IPv4 address)");
	c->upload = CONFIG_UPLOAD((uint32_t)u.ip[0] << 24 | u.ip[1] << 16 |
				  u.ip[2] << 8 | u.ip[3], u.port);
	return 0;
}

static void format_upload(const struct option_decl *d,
			  const struct config *c, char *buf, size_t len)
{
	uint32_t ip = CONFIG_UPLOAD_IP(c->upload);

	(void)d;
	if (!c->upload)
		snprintf(buf, len, "none");
	else
		snprintf(buf, len, "http://%u.%u.%u.%u:%u/", ip >> 24,
			 ip >> 16 & 255, ip >> 8 & 255, ip & 255,
			 CONFIG_UPLOAD_PORT(c->upload));
}

static const char *const after_restore[] = { "run", "stop", NULL };
static const char *const after_upload[] = { "off", "run", NULL };
static const char *const riscv_counter[] = { "auto", "time", "cycle", NULL };
static const char *const bmc_watchdog[] = { "keep", "stop", NULL };
static const char *const zero_one[] = { "0", "1", NULL };

static const struct option_decl decls[] = {
	{ .key = "experiment", .kind = OPT_CUSTOM, OPT_FIELD(experiments),
	  .set = config_exp_set, .format = config_exp_format, .def = "sbm",
	  .meta = "LIST", .help = "all or a comma list of the experiments "
	  "named below (before their options), run in that order" },
	{ .key = "cpus", .kind = OPT_CUSTOM, OPT_FIELD(cpuset),
	  .set = set_cpus, .format = format_cpus, .def = "all",
	  .meta = "SET", .help = "all | cores (one per core) | llc (the boot "
	  "CPU's LLC) | N (the first N, 1..4096)" },
	{ .key = "timeout_ms", .kind = OPT_UINT, OPT_FIELD(start_timeout_ms),
	  .lo = 1, .hi = 600000, .def = "1000", .meta = "N",
	  .help = "how long to wait for each CPU to come up" },
	{ .key = "exit", .kind = OPT_BOOL, OPT_FIELD(exit), .flags = OPT_QUIET,
	  .def = "1", .meta = "BOOL", .help = "power off when done" },
	{ .key = "hold_s", .kind = OPT_UINT, OPT_FIELD(hold_s),
	  .flags = OPT_QUIET, .lo = 0, .hi = 3600, .unset = -1,
	  .def_doc = "until a key on the serial console, at most 300 s",
	  .meta = "N", .help = "seconds the final screen (table, QR codes) "
	  "stays before power off" },
	{ .key = "save", .kind = OPT_BOOL, OPT_FIELD(save), .flags = OPT_QUIET,
	  .def = "1", .meta = "BOOL", .help = "UEFI: keep the result in UEFI "
	  "variables for the next boot to write to the stick" },
	{ .key = "after_restore", .kind = OPT_ENUM,
	  OPT_FIELD(stop_after_restore), .flags = OPT_QUIET,
	  .names = after_restore, .def = "run", .meta = "WHAT",
	  .help = "UEFI: when this boot wrote saved results to the stick" },
	{ .key = "upload", .kind = OPT_CUSTOM, OPT_FIELD(upload),
	  .flags = OPT_QUIET, .set = set_upload, .format = format_upload,
	  .def = "none", .meta = "URL", .help = "UEFI in a lab: reset after "
	  "the save; the next boot sends the result to this collector" },
	{ .key = "after_upload", .kind = OPT_ENUM,
	  OPT_FIELD(run_after_upload), .flags = OPT_QUIET,
	  .names = after_upload, .def = "off", .meta = "WHAT",
	  .help = "UEFI: when this boot sent a saved result to the collector" },
	{ .key = "riscv_counter", .kind = OPT_ENUM, OPT_FIELD(riscv_counter),
	  .flags = OPT_QUIET, .names = riscv_counter, .def = "auto",
	  .meta = "C", .help = "riscv64: the counter of every figure (auto: "
	  "rdcycle where rdtime traps or ticks slower than 10 MHz)" },
	{ .key = "test", .kind = OPT_CUSTOM, OPT_FIELD(test),
	  .flags = OPT_QUIET, .set = set_test, .def = "none", .meta = "WHAT",
	  .help = "boot tests only, forces a fallback path: none | "
	  "low-mem-taken | cntfrq-zero | stuck-cpu | early-resend | long-start-wait" },
	{ .key = "bmc_watchdog", .kind = OPT_ENUM,
	  OPT_FIELD(bmc_watchdog_stop), .flags = OPT_IF_SET,
	  .names = bmc_watchdog, .def = "keep", .meta = "W",
	  .help = "x86 with an IPMI KCS BMC (SPMI): keep (reported, left "
	  "running) or stop a running BMC watchdog" },
	{ .key = "acpidump", .kind = OPT_BOOL, OPT_FIELD(acpidump),
	  .flags = OPT_IF_SET, .def = "0",
	  .meta = "BOOL", .help = "UEFI: print the ACPI tables the image "
	  "reads as acpidump does, for tools/sbmbench preflight --from" },
	/* test only (tests/boot-tests.tsv): a running watchdog to find */
	{ .key = "bmc_test_arm", .kind = OPT_ENUM, OPT_FIELD(bmc_test_arm),
	  .flags = OPT_IF_SET, .names = zero_one, .def = "0", .meta = "BOOL",
	  .help = "test only: arm the BMC watchdog before it is asked" },
	/* test only (tests/boot-save.sh): a full variable store */
	{ .key = "save_test_fill", .kind = OPT_ENUM, OPT_FIELD(save_test_fill),
	  .flags = OPT_QUIET, .names = zero_one, .def = "0", .meta = "BOOL",
	  .help = "test only: fill the variable store before saving" },
	/* test only (tests/boot-restore.sh): a part the firmware refuses as
	 * larger than the restore's buffer */
	{ .key = "restore_test_buf", .kind = OPT_UINT,
	  OPT_FIELD(restore_test_buf), .flags = OPT_QUIET, .lo = 1,
	  .hi = 8192, .def_doc = "8192", .meta = "N",
	  .help = "test only: the restore's buffer, bytes" },
	/* test only: time to cut the power between the file and the delete */
	{ .key = "restore_test_pause_s", .kind = OPT_UINT,
	  OPT_FIELD(restore_test_pause_s), .flags = OPT_QUIET, .lo = 0,
	  .hi = 3600, .def = "0", .meta = "N",
	  .help = "test only: seconds between the saved file and the delete" },
	{ .key = NULL }
};

const struct option_set engine_options = { .decls = decls };

void config_engine_opts(const struct config *c, struct engine_opts *o)
{
	*o = (struct engine_opts){
		.cpuset = c->cpuset,
		.first = c->first,
		.start_timeout_ms = c->start_timeout_ms,
		.test_stuck_cpu = c->test & CONFIG_TEST_STUCK_CPU,
	};
}
