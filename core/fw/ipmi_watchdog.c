// SPDX-License-Identifier: BSD-2-Clause
/* The BMC watchdog asked, reported and stopped: ipmi_watchdog.h. */
#include <stdio.h>

#include "fw/ipmi.h"
#include "fw/ipmi_watchdog.h"
#include "output/report.h"

/* bmc_test_arm=1: a watchdog as firmware leaves one, counting down. */
static void test_arm(struct kcs *k, const char *where)
{
	uint8_t arm[6];
	char buf[48];
	const char *why;

	ipmi_watchdog_arm_data(IPMI_TEST_ARM_COUNTDOWN, arm);
	if (ipmi_cmd(k, IPMI_NETFN_APP, IPMI_CMD_SET_WATCHDOG, arm,
		     sizeof(arm), NULL, 0, buf, sizeof(buf), &why) < 0 ||
	    ipmi_cmd(k, IPMI_NETFN_APP, IPMI_CMD_RESET_WATCHDOG, NULL, 0,
		     NULL, 0, buf, sizeof(buf), &why) < 0) {
		report_printf("bmc: TEST bmc_test_arm=1 (%s): arming failed: "
			      "%s\n", where, why);
		return;
	}
	report_printf("bmc: TEST bmc_test_arm=1 (%s): watchdog armed (Set "
		      "and Reset Watchdog Timer, %u.%u s, hard reset)\n", where,
		      IPMI_TEST_ARM_COUNTDOWN / 10, IPMI_TEST_ARM_COUNTDOWN % 10);
}

/* Set Watchdog Timer that stops @w, then a Get to see it stopped:
 * NULL, or why it is not known to be stopped. */
static const char *stop_it(struct kcs *k, const struct ipmi_watchdog *w,
			   struct ipmi_watchdog *after, char *buf,
			   size_t buflen)
{
	uint8_t d[6];
	const char *why;

	ipmi_watchdog_stop_data(w, d);
	if (ipmi_cmd(k, IPMI_NETFN_APP, IPMI_CMD_SET_WATCHDOG, d, sizeof(d),
		     NULL, 0, buf, buflen, &why) < 0 ||
	    ipmi_watchdog_get(k, after, buf, buflen, &why))
		return why;
	if (ipmi_watchdog_running(after))
		return "a later Get Watchdog Timer shows it still running";
	return NULL;
}

void ipmi_watchdog_check(struct kcs *k, const char *where, bool stop,
			 bool arm)
{
	struct ipmi_watchdog w, after;
	char msg[320], d[96], buf[48];
	const char *why;

	if (arm)
		test_arm(k, where);
	if (ipmi_watchdog_get(k, &w, buf, sizeof(buf), &why)) {
		snprintf(msg, sizeof(msg), "BMC watchdog (%s) not read: Get "
			 "Watchdog Timer: %s; if it runs it can reset the "
			 "machine mid-run", where, why);
		report_warn("bmc", 0, msg);
		return;
	}
	ipmi_watchdog_describe(&w, d, sizeof(d));
	report_printf("bmc: watchdog (%s, Get Watchdog Timer): %s\n", where,
		      d);
	if (!ipmi_watchdog_running(&w))
		return;
	if (!stop) {
		snprintf(msg, sizeof(msg), "BMC watchdog (%s) %s: it resets "
			 "the machine mid-run unless stopped (option "
			 "bmc_watchdog=stop)", where, d);
		report_warn("bmc", 0, msg);
		return;
	}
	why = stop_it(k, &w, &after, buf, sizeof(buf));
	if (why) {
		snprintf(msg, sizeof(msg), "BMC watchdog (%s) %s; "
			 "bmc_watchdog=stop failed: %s", where, d, why);
		report_warn("bmc", 0, msg);
		return;
	}
	snprintf(msg, sizeof(msg), "BMC watchdog (%s) was %s; stopped "
		 "(bmc_watchdog=stop): a later Get Watchdog Timer shows it not "
		 "running", where, d);
	report_warn("bmc", 0, msg);
	ipmi_watchdog_describe(&after, d, sizeof(d));
	report_printf("bmc: watchdog stopped (bmc_watchdog=stop): %s\n", d);
}
