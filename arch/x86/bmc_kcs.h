/* SPDX-License-Identifier: BSD-2-Clause */
/* The BMC watchdog through the KCS interface the SPMI names: bmc_kcs.c. */
#ifndef SBM_X86_BMC_KCS_H
#define SBM_X86_BMC_KCS_H

#include "options/config.h"

/*
 * Before ExitBootServices, after the ACPI tables were read: Get Watchdog
 * Timer from a KCS BMC on I/O ports (its port checked first), a running
 * watchdog reported, stopped with bmc_watchdog=stop.
 */
void x86_bmc_watchdog(const struct config *cfg);

#endif
