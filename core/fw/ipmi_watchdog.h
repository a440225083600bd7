/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The BMC watchdog at the start of a run: asked with Get Watchdog Timer
 * over a KCS interface, a running one reported with its countdown
 * ("@sbm warn what=bmc" and a console line), and stopped when the user
 * said bmc_watchdog=stop (then asked again, so the report says what the
 * BMC says, not what was sent).
 */
#ifndef SBM_CORE_IPMI_WATCHDOG_H
#define SBM_CORE_IPMI_WATCHDOG_H

#include <stdbool.h>

#include "fw/ipmi_kcs.h"

/* bmc_test_arm=1: the countdown armed, 3000 s (100 ms units), far past
 * any boot test's run so it never fires */
#define IPMI_TEST_ARM_COUNTDOWN	30000

/*
 * @where names the interface ("KCS at io 0xca2"); @stop: bmc_watchdog=
 * stop; @test_arm: bmc_test_arm=1 (Set + Reset Watchdog Timer first,
 * the boot tests only).  Every failure is a warning; the run goes on.
 */
void ipmi_watchdog_check(struct kcs *k, const char *where, bool stop,
			 bool test_arm);

#endif
