// SPDX-License-Identifier: BSD-2-Clause
/*
 * The KCS interface the ACPI SPMI table names, on x86 I/O ports.  Where
 * its status/command register lies is taken from SMBIOS type 38, else
 * the SPMI's bit width, else base + 1 (core/fw/ipmi_kcs_layout.h: Dell
 * and HP disagree with the spec and with their own tables); a layout is
 * used only when its status port reads back a plausible KCS state, and
 * nothing is written to a port the checks refused.  The state machine
 * and the watchdog are core's (ipmi_kcs.c, ipmi_watchdog.c); here the
 * ports, UEFI's Stall between polls, and which interface.
 */
#include <stdarg.h>
#include <stdio.h>

#include "fw/acpi_platform.h"
#include "bmc_kcs.h"
#include "efi_acpi.h"
#include "efi_plat.h"
#include "fw/ipmi_kcs.h"
#include "fw/ipmi_kcs_layout.h"
#include "fw/ipmi_watchdog.h"
#include "fw/smbios.h"
#include "options/config.h"
#include "output/report.h"
#include "x86.h"

#define SPMI_KCS	1

struct kcs_ports {
	uint16_t base, spacing;
};

static uint8_t port_in(void *ctx, unsigned reg)
{
	struct kcs_ports *p = ctx;

	return inb((uint16_t)(p->base + reg * p->spacing));
}

static void port_out(void *ctx, unsigned reg, uint8_t v)
{
	struct kcs_ports *p = ctx;

	outb((uint16_t)(p->base + reg * p->spacing), v);
}

static void stall(void *ctx, unsigned us)
{
	(void)ctx;
	efi_stall_us(us);
}

static void refuse(const char *msg)
{
	efi_acpi_bmc_note();
	report_warn("bmc", 0, msg);
}

/* @fmt appended to @msg (@len bytes, *@used of them taken), "; " before
 * all but the first; a message too long is cut, never overrun. */
static void append(char *msg, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*used + 1 >= len)
		return;
	if (*used) {
		n = snprintf(msg + *used, len - *used, "; ");
		*used = n < 0 || (size_t)n >= len - *used ? len - 1 : *used + n;
	}
	va_start(ap, fmt);
	n = vsnprintf(msg + *used, len - *used, fmt, ap);
	va_end(ap);
	*used = n < 0 || (size_t)n >= len - *used ? len - 1 : *used + n;
}

/*
 * The first layout whose ports pass the checks and whose status port
 * reads back a KCS state; 0, or -1 with @msg saying why none did.
 */
static int pick_layout(const struct acpi_spmi_info *si,
		       struct kcs_ports *p, char *msg, size_t len)
{
	struct smbios_ipmi dmi[SMBIOS_IPMI_MAX];
	struct kcs_layout l[KCS_LAYOUTS_MAX];
	unsigned n, ndmi = efi_smbios_ipmi(dmi, SMBIOS_IPMI_MAX);
	char why_buf[96];
	const char *why = NULL;
	size_t used = 0;

	n = kcs_layouts(si, dmi, ndmi, l);
	for (unsigned i = 0; i < n; i++) {
		uint8_t st;

		if (kcs_port_check(l[i].base, l[i].spacing, why_buf,
				   sizeof(why_buf), &why)) {
			append(msg, len, &used, "%s: %s", l[i].source, why);
			continue;
		}
		st = inb((uint16_t)(l[i].base + l[i].spacing));
		if (!kcs_status_plausible(st)) {
			append(msg, len, &used, "status at io %#llx (%s) reads "
			       "%#x", (unsigned long long)(l[i].base +
							   l[i].spacing),
			       l[i].source, st);
			continue;
		}
		p->base = (uint16_t)l[i].base;
		p->spacing = (uint16_t)l[i].spacing;
		if (i)	/* a less trusted layout: say what failed first */
			report_printf("bmc: kcs status at io %#x (%s), "
				      "after %s\n", p->base + p->spacing,
				      l[i].source, msg);
		else
			report_printf("bmc: kcs data io %#x, status io %#x "
				      "(%s)\n", p->base, p->base + p->spacing,
				      l[i].source);
		return 0;
	}
	return -1;
}

void x86_bmc_watchdog(const struct config *cfg)
{
	struct acpi_spmi_info si;
	static struct kcs_ports ports;
	struct kcs k = { .in = port_in, .out = port_out, .delay_us = stall,
			 .ctx = &ports };
	char where[48], msg[200], tried[160] = "";

	if (!efi_acpi_bmc(&si)) {
		struct smbios_ipmi dmi[SMBIOS_IPMI_MAX];
		unsigned n = efi_smbios_ipmi(dmi, SMBIOS_IPMI_MAX);

		/* no SPMI: a KCS that SMBIOS alone names (Dell R820) */
		if (!kcs_from_smbios(dmi, n, &si)) {
			if (cfg->bmc_watchdog_stop)
				report_printf("bmc: bmc_watchdog=stop: no BMC "
					      "in the ACPI or SMBIOS tables, "
					      "nothing to stop\n");
			return;
		}
		report_printf("bmc: IPMI BMC (SMBIOS type 38, KCS at io "
			      "%#llx; no SPMI)\n",
			      (unsigned long long)si.address);
	}
	if (si.interface_type != SPMI_KCS ||
	    si.space_id != ACPI_GAS_SYSTEM_IO) {
		snprintf(msg, sizeof(msg), "BMC watchdog not read: the SPMI's "
			 "%s interface is in %s space; this image asks KCS on "
			 "I/O ports only", acpi_spmi_interface_name(
			 si.interface_type), si.space_id == ACPI_GAS_SYSTEM_MEMORY ?
			 "memory" : "another address");
		refuse(msg);
		return;
	}
	if (pick_layout(&si, &ports, tried, sizeof(tried))) {
		snprintf(msg, sizeof(msg), "SPMI KCS at io %#llx: no layout "
			 "to trust (%s); BMC watchdog not read",
			 (unsigned long long)si.address, tried);
		refuse(msg);
		return;
	}
	if (ports.spacing == 1)
		snprintf(where, sizeof(where), "KCS at io %#x", ports.base);
	else
		snprintf(where, sizeof(where), "KCS at io %#x, status %#x",
			 ports.base, ports.base + ports.spacing);
	ipmi_watchdog_check(&k, where, cfg->bmc_watchdog_stop,
			    cfg->bmc_test_arm);
}
