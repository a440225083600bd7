/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where a KCS interface's status/command register lies relative to its
 * data register.  IPMI 2.0 section 9.5 puts it at base + 1, but servers
 * differ and their tables disagree: Dell PowerEdge has KCS at 0xca8 with
 * 32-bit spacing (status at 0xcac), as its SMBIOS type 38 says; HP
 * ProLiant G5/G7 ship an SPMI whose GAS says bit width 16 at 0xca2 while
 * the interface is byte-spaced (status at 0xca3, as type 38 and the
 * DSDT's IPI0001 resource say), so Linux's SPMI rule (spacing = bit
 * width / 8) is wrong there.  The order of trust: SMBIOS type 38 when it
 * describes the same interface, then the SPMI's width, then byte
 * spacing.  Pure: the arch probes each candidate's status port.
 */
#ifndef SBM_CORE_IPMI_KCS_LAYOUT_H
#define SBM_CORE_IPMI_KCS_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "fw/acpi_platform.h"
#include "fw/smbios.h"

struct kcs_layout {
	uint64_t base;		/* the data register's port */
	unsigned spacing;	/* status/command at base + spacing */
	const char *source;	/* "smbios type 38", "spmi bit width", ... */
};

#define KCS_LAYOUTS_MAX	3

/*
 * The register layouts to try for the KCS interface of @spmi, most
 * trusted first, each spacing once: the first of the @n type 38
 * structures in @dmi that is a KCS interface in I/O space at the SPMI's
 * address (its spacing when it gives one), the SPMI's bit width / 8 when
 * that is 1, 2 or 4 (and its bit width is not 0), byte spacing.  The
 * number written to @out (at least 1).
 */
unsigned kcs_layouts(const struct acpi_spmi_info *spmi,
		     const struct smbios_ipmi *dmi, unsigned n,
		     struct kcs_layout out[KCS_LAYOUTS_MAX]);

/*
 * A KCS interface on I/O ports that only SMBIOS names (no SPMI: Dell
 * PowerEdge R820's tables have none), as an SPMI would describe it: the
 * first of the @n type 38 structures in @dmi that is KCS in I/O space
 * into *@out (bit width 0: no width to trust, type 38's spacing then
 * byte spacing); false when there is none.
 */
bool kcs_from_smbios(const struct smbios_ipmi *dmi, unsigned n,
		     struct acpi_spmi_info *out);

/*
 * Whether a status register read back something a KCS interface can
 * say: not 0xff, the floating bus of a port nothing decodes (every
 * state and flag set at once).  Nothing is written to the command port
 * of a layout whose status was not plausible.
 */
static inline bool kcs_status_plausible(uint8_t status)
{
	return status != 0xff;
}

#endif
