/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Run options.  Every source (command line, EFI load options, a config
 * file on the boot volume, the device tree's bootargs) is text of
 * whitespace-separated key=value words, parsed by config_parse().  Each
 * key is declared (options/option.h) beside the code that owns it: the
 * engine's in config_engine.c, an experiment's in its core/exp/NAME/exp_NAME.c;
 * the values land here, or in the experiment's own struct.
 */
#ifndef SBM_CONFIG_H
#define SBM_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine_opts.h"	/* enum cpuset_kind */

#define CONFIG_HOLD_MAX_S 300
/* upload=: address a.b.c.d (most significant byte first) and port */
#define CONFIG_UPLOAD(ip, port) (((uint64_t)(ip) << 16) | (port))
#define CONFIG_UPLOAD_IP(u) ((uint32_t)((u) >> 16))
#define CONFIG_UPLOAD_PORT(u) ((uint16_t)(u))

struct config {
	enum cpuset_kind cpuset;
	uint32_t first;		/* CPUSET_FIRST: how many */
	uint32_t start_timeout_ms; /* how long to wait for a CPU to arrive */
	bool exit;		/* power off at the end (bare metal) */
	/* UEFI: keep the compact result in UEFI variables after the run, and
	 * whether a boot that wrote saved results to the stick then runs */
	bool save;
	bool stop_after_restore;
	/* UEFI in a lab: the collector's IPv4 address and port
	 * (CONFIG_UPLOAD(), 0: none), and whether a boot that sent it the
	 * saved result then runs */
	uint64_t upload;
	bool run_after_upload;
	bool save_test_fill;	/* test only: fill the store before saving */
	/* test only: the restore reads at most this many bytes a part (0:
	 * 8 KiB), and waits this long between the flushed file and the
	 * delete of the variables */
	uint32_t restore_test_buf;
	uint32_t restore_test_pause_s;
	/* the BMC watchdog (x86 KCS, core/fw/ipmi_watchdog.h): stop a running
	 * one; test only: arm it first, so there is one to find */
	bool bmc_watchdog_stop;
	bool bmc_test_arm;
	/* UEFI: print the ACPI tables read, as acpidump does (preflight) */
	bool acpidump;
	/* riscv64: what isa_counter() reads: auto, rdtime, rdcycle */
	enum riscv_counter { RV_COUNTER_AUTO, RV_COUNTER_TIME,
			     RV_COUNTER_CYCLE } riscv_counter;
	/* seconds the final screen stays before power off (UEFI with a
	 * screen); -1: until a key on the serial console, at most
	 * CONFIG_HOLD_MAX_S */
	int32_t hold_s;
	/* which experiments run (config_exp.c) */
	uint32_t experiments;	/* bit per name, config_runs() reads it */
	/* test=: boot-test-only switches that force a fallback path */
	uint32_t test;		/* CONFIG_TEST_* bits */
};

/*
 * test=low-mem-taken (x86_64): before the AP trampoline page is sought,
 * every free page below 640 KiB is taken as boot-services data, as big
 * machines' firmware leaves it, so the page must come from the final
 * memory map after ExitBootServices.  Only for the boot tests.
 */
#define CONFIG_TEST_LOW_MEM_TAKEN	1u
/*
 * test=cntfrq-zero (arm64): CNTFRQ_EL0 is taken as 0, as a firmware that
 * never set it leaves it, so the rate measured against UEFI Stall must
 * carry the run.  Only for the boot tests.
 */
#define CONFIG_TEST_CNTFRQ_ZERO		2u
/*
 * test=stuck-cpu: the last CPU but the boot CPU, given its first job the
 * boot CPU has no part in, never runs it nor acks, as a CPU lost in
 * firmware would: the boot CPU, asleep, must still see the run's deadline
 * (its timer bound) and end the run.  Only for the boot tests.
 */
#define CONFIG_TEST_STUCK_CPU		4u
/*
 * test=early-resend (x86_64): every AP's first INIT-SIPI-SIPI is given up
 * at once and sent again while that first start is still in flight, as a
 * slow AP (TCG with many vCPUs, a long SMM exit) meets the resend window:
 * each CPU must still start exactly once.  Only for the boot tests.
 */
#define CONFIG_TEST_EARLY_RESEND	8u
/*
 * test=long-start-wait (x86_64): every AP's first INIT-SIPI-SIPI waits
 * 2 s for a sign of life before the resend, not 200 ms: whether an AP
 * that showed none by 200 ms is late (it comes within 2 s) or lost (it
 * needs the resend).  For measuring the start, never for a real run.
 */
#define CONFIG_TEST_LONG_START_WAIT	16u

void config_defaults(struct config *c);

/* Parse @text; on error returns -1 and writes a message naming the
 * source, the bad word and what is valid into @err. */
int config_parse(struct config *c, const char *text, size_t len,
		 const char *source, char *err, size_t errlen);

/* Set one option; the same checks as config_parse(). */
int config_set(struct config *c, const char *key, const char *val,
	       char *err, size_t errlen);

/* Write the effective options as "key=value ..." (for the report). */
size_t config_format(const struct config *c, char *buf, size_t len);

/* Text for --help: every key, its values and its default, from the
 * declarations. */
const char *config_help(void);

/* Whether experiment @name (or one of a comma list) was chosen with
 * experiment= (config_exp.c). */
bool config_runs(const struct config *c, const char *name);

/* The engine's own options out of @c (config_engine.c). */
void config_engine_opts(const struct config *c, struct engine_opts *o);

#endif
