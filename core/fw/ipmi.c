// SPDX-License-Identifier: BSD-2-Clause
/* IPMI messages and the watchdog commands: ipmi.h. */
#include <stdio.h>
#include <string.h>

#include "fw/ipmi.h"

static int fail(const char **why, const char *msg)
{
	if (why)
		*why = msg;
	return -1;
}

size_t ipmi_request(uint8_t netfn, uint8_t cmd, const uint8_t *data,
		    size_t n, uint8_t *out, size_t max)
{
	if (max < 2 || n > max - 2)
		return 0;
	out[0] = (uint8_t)(netfn << 2);	/* LUN 0 (the BMC) */
	out[1] = cmd;
	if (n)
		memcpy(out + 2, data, n);
	return n + 2;
}

int ipmi_response(const uint8_t *rsp, size_t len, uint8_t netfn,
		  uint8_t cmd, const uint8_t **data, size_t *n,
		  char *buf, size_t buflen, const char **why)
{
	if (len < 3)
		return fail(why, "ipmi: response shorter than netfn, command "
			    "and completion code");
	if (rsp[0] >> 2 != (netfn | 1) || rsp[1] != cmd)
		return fail(why, "ipmi: response to another netfn or command");
	if (rsp[2]) {
		snprintf(buf, buflen, "ipmi: completion code %#04x",
			 (unsigned)rsp[2]);
		return fail(why, buf);
	}
	*data = rsp + 3;
	*n = len - 3;
	return 0;
}

int ipmi_watchdog_parse(const uint8_t *d, size_t n, struct ipmi_watchdog *w,
			const char **why)
{
	if (n < 8)
		return fail(why, "ipmi: get watchdog timer response shorter "
			    "than 8 data bytes");
	w->use = d[0];
	w->actions = d[1];
	w->pretimeout_s = d[2];
	w->expired = d[3];
	w->initial = (uint16_t)(d[4] | d[5] << 8);
	w->present = (uint16_t)(d[6] | d[7] << 8);
	return 0;
}

const char *ipmi_watchdog_use_name(uint8_t use)
{
	static const char *const names[] = {
		"reserved", "bios-frb2", "bios-post", "os-load", "sms-os", "oem",
		"reserved", "reserved"
	};

	return names[IPMI_WD_USE(use)];
}

const char *ipmi_watchdog_action_name(uint8_t actions)
{
	static const char *const names[] = {
		"no-action", "hard-reset", "power-down", "power-cycle",
		"reserved", "reserved", "reserved", "reserved"
	};

	return names[IPMI_WD_ACTION(actions)];
}

int ipmi_watchdog_describe(const struct ipmi_watchdog *w, char *buf,
			   size_t len)
{
	return snprintf(buf, len, "%s, %u.%u s of %u.%u s left, use %s, "
			"action %s",
			ipmi_watchdog_running(w) ? "running" : "not running",
			w->present / 10u, w->present % 10u, w->initial / 10u,
			w->initial % 10u, ipmi_watchdog_use_name(w->use),
			ipmi_watchdog_action_name(w->actions));
}

void ipmi_watchdog_stop_data(const struct ipmi_watchdog *w, uint8_t out[6])
{
	out[0] = w->use & (uint8_t)~IPMI_WD_RUNNING;
	out[1] = IPMI_WD_ACTION_NONE;
	out[2] = 0;
	out[3] = 0;
	out[4] = (uint8_t)w->initial;
	out[5] = (uint8_t)(w->initial >> 8);
}

void ipmi_watchdog_arm_data(uint16_t countdown, uint8_t out[6])
{
	out[0] = IPMI_WD_RUNNING | 4;	/* SMS/OS, don't stop */
	out[1] = IPMI_WD_ACTION_RESET;
	out[2] = 0;
	out[3] = 0;
	out[4] = (uint8_t)countdown;
	out[5] = (uint8_t)(countdown >> 8);
}

int ipmi_cmd(struct kcs *k, uint8_t netfn, uint8_t cmd, const uint8_t *req,
	     size_t n, uint8_t *data, size_t max, char *buf, size_t buflen,
	     const char **why)
{
	uint8_t msg[IPMI_MAX_MSG], rsp[IPMI_MAX_MSG];
	size_t len = ipmi_request(netfn, cmd, req, n, msg, sizeof(msg)), dn;
	const uint8_t *d;
	int r;

	if (!len)
		return fail(why, "ipmi: request too long");
	r = kcs_transact(k, msg, len, rsp, sizeof(rsp), why);
	if (r < 0)
		return -1;
	if (ipmi_response(rsp, (size_t)r, netfn, cmd, &d, &dn, buf, buflen,
			  why))
		return -1;
	if (dn > max)
		dn = max;
	if (dn)
		memcpy(data, d, dn);
	return (int)dn;
}

int ipmi_watchdog_get(struct kcs *k, struct ipmi_watchdog *w, char *buf,
		      size_t buflen, const char **why)
{
	uint8_t d[8];
	int n = ipmi_cmd(k, IPMI_NETFN_APP, IPMI_CMD_GET_WATCHDOG, NULL, 0,
			 d, sizeof(d), buf, buflen, why);

	if (n < 0)
		return -1;
	return ipmi_watchdog_parse(d, (size_t)n, w, why);
}
