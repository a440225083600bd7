/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * IPMI messages over a KCS interface (ipmi_kcs.h), and the BMC watchdog
 * commands of IPMI 2.0 chapter 27: Get Watchdog Timer to see whether a
 * watchdog is counting down (the firmware's "OS load" watchdog resets a
 * machine whose OS never stops it, in the middle of a run), Set
 * Watchdog Timer to stop it, Reset Watchdog Timer to start it (the boot
 * tests only).  Encoding and parsing are pure functions over bytes.
 */
#ifndef SBM_CORE_IPMI_H
#define SBM_CORE_IPMI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/ipmi_kcs.h"

#define IPMI_NETFN_APP			0x06
#define IPMI_CMD_RESET_WATCHDOG		0x22
#define IPMI_CMD_SET_WATCHDOG		0x24
#define IPMI_CMD_GET_WATCHDOG		0x25

#define IPMI_MAX_MSG			40	/* bytes of a KCS message here */

/* Timer Use byte (table 27-6 and 27-7) */
#define IPMI_WD_DONT_LOG		0x80
#define IPMI_WD_RUNNING			0x40	/* Get: started; Set: don't stop */
#define IPMI_WD_USE(b)			((b) & 0x07)
/* Timer Actions byte: bits 2:0 the timeout action */
#define IPMI_WD_ACTION(b)		((b) & 0x07)
#define IPMI_WD_ACTION_NONE		0
#define IPMI_WD_ACTION_RESET		1

/* Get Watchdog Timer's answer (table 27-7), countdowns in 100 ms units. */
struct ipmi_watchdog {
	uint8_t use, actions, pretimeout_s, expired;
	uint16_t initial, present;
};

/* netfn/LUN 0, @cmd, @n data bytes into @out; its length (2 + @n), or 0
 * when it does not fit @max. */
size_t ipmi_request(uint8_t netfn, uint8_t cmd, const uint8_t *data,
		    size_t n, uint8_t *out, size_t max);

/*
 * A response to (@netfn, @cmd): netfn + 1 and the command echoed, a
 * completion code of 0.  The data after the completion code in *@data,
 * *@n; -1 with *why otherwise (a non-zero completion code is named in
 * @buf, which *why then points to).
 */
int ipmi_response(const uint8_t *rsp, size_t len, uint8_t netfn,
		  uint8_t cmd, const uint8_t **data, size_t *n,
		  char *buf, size_t buflen, const char **why);

/* Get Watchdog Timer's data (8 bytes after the completion code). */
int ipmi_watchdog_parse(const uint8_t *data, size_t n,
			struct ipmi_watchdog *w, const char **why);

static inline bool ipmi_watchdog_running(const struct ipmi_watchdog *w)
{
	return w->use & IPMI_WD_RUNNING;
}

/* "bios-frb2", "bios-post", "os-load", "sms-os", "oem", else "reserved". */
const char *ipmi_watchdog_use_name(uint8_t use);
/* "no-action", "hard-reset", "power-down", "power-cycle", else "reserved". */
const char *ipmi_watchdog_action_name(uint8_t actions);

/* "running, 299.5 s of 300.0 s left, use os-load, action hard-reset"
 * (or "not running, ..."); snprintf's return. */
int ipmi_watchdog_describe(const struct ipmi_watchdog *w, char *buf,
			   size_t len);

/*
 * Set Watchdog Timer's 6 data bytes that stop @w: its timer use with
 * "don't stop" clear (section 27.6: a Set stops the timer unless that
 * bit is set), action "no action", no pre-timeout, no flag cleared, its
 * initial countdown kept.
 */
void ipmi_watchdog_stop_data(const struct ipmi_watchdog *w, uint8_t out[6]);
/*
 * Set Watchdog Timer's data that arms a timer of use SMS/OS with action
 * hard reset and @countdown (100 ms units), "don't stop" set; a Reset
 * Watchdog Timer then starts it.  The boot tests only.
 */
void ipmi_watchdog_arm_data(uint16_t countdown, uint8_t out[6]);

/* One command over @k: its data in @data (at most @max bytes), the
 * count returned, or -1 with *why (@buf holds a message made here). */
int ipmi_cmd(struct kcs *k, uint8_t netfn, uint8_t cmd, const uint8_t *req,
	     size_t n, uint8_t *data, size_t max, char *buf, size_t buflen,
	     const char **why);

/* Get Watchdog Timer over @k: 0, or -1 with *why. */
int ipmi_watchdog_get(struct kcs *k, struct ipmi_watchdog *w, char *buf,
		      size_t buflen, const char **why);

#endif
