// SPDX-License-Identifier: BSD-2-Clause
/*
 * The KCS interface the ACPI SPMI table names, on x86 I/O ports: the
 * data register at the base port, status/command at base + 1 (IPMI 2.0
 * section 9.5, register spacing 1 as on every port-I/O KCS).  The state
 * machine and the watchdog are core's (ipmi_kcs.c, ipmi_watchdog.c);
 * here the ports, UEFI's Stall between polls, and which interface.
 */
#include <stdio.h>

#include "fw/acpi_platform.h"
#include "bmc_kcs.h"
#include "efi_acpi.h"
#include "efi_plat.h"
#include "fw/ipmi_kcs.h"
#include "fw/ipmi_watchdog.h"
#include "out/report.h"
#include "x86.h"

#define SPMI_KCS	1

static uint8_t port_in(void *ctx, unsigned reg)
{
	return inb((uint16_t)(*(uint16_t *)ctx + reg));
}

static void port_out(void *ctx, unsigned reg, uint8_t v)
{
	outb((uint16_t)(*(uint16_t *)ctx + reg), v);
}

static void stall(void *ctx, unsigned us)
{
	(void)ctx;
	efi_stall_us(us);
}

void x86_bmc_watchdog(const struct config *cfg)
{
	struct acpi_spmi_info si;
	static uint16_t port;
	struct kcs k = { .in = port_in, .out = port_out, .delay_us = stall,
			 .ctx = &port };
	char where[40], msg[200];
	const char *why;

	if (!efi_acpi_bmc(&si)) {
		if (cfg->bmc_watchdog_stop)
			report_printf("bmc: bmc_watchdog=stop: no BMC in the "
				      "ACPI tables (no SPMI), nothing to stop\n");
		return;
	}
	if (si.interface_type != SPMI_KCS ||
	    si.space_id != ACPI_GAS_SYSTEM_IO) {
		snprintf(msg, sizeof(msg), "BMC watchdog not read: the SPMI's "
			 "%s interface is in %s space; this image asks KCS on "
			 "I/O ports only", acpi_spmi_interface_name(
			 si.interface_type), si.space_id == ACPI_GAS_SYSTEM_MEMORY ?
			 "memory" : "another address");
		efi_acpi_bmc_note();
		report_warn("bmc", 0, msg);
		return;
	}
	if (kcs_port_check(si.address, &why)) {
		snprintf(msg, sizeof(msg), "SPMI KCS at io %#llx refused: %s; "
			 "BMC watchdog not read",
			 (unsigned long long)si.address, why);
		efi_acpi_bmc_note();
		report_warn("bmc", 0, msg);
		return;
	}
	port = (uint16_t)si.address;
	snprintf(where, sizeof(where), "KCS at io %#x", (unsigned)port);
	ipmi_watchdog_check(&k, where, cfg->bmc_watchdog_stop,
			    cfg->bmc_test_arm);
}
