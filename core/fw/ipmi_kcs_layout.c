// SPDX-License-Identifier: BSD-2-Clause
/* The KCS register layouts of ipmi_kcs_layout.h, most trusted first. */
#include "fw/ipmi_kcs_layout.h"

#define KCS	1	/* interface type in SPMI and SMBIOS type 38 alike */

static unsigned add(struct kcs_layout *out, unsigned n, uint64_t base,
		    unsigned spacing, const char *source)
{
	for (unsigned i = 0; i < n; i++)
		if (out[i].spacing == spacing)
			return n;
	out[n] = (struct kcs_layout){ base, spacing, source };
	return n + 1;
}

unsigned kcs_layouts(const struct acpi_spmi_info *spmi,
		     const struct smbios_ipmi *dmi, unsigned n,
		     struct kcs_layout out[KCS_LAYOUTS_MAX])
{
	unsigned k = 0, w = spmi->bit_width;

	for (unsigned i = 0; i < n; i++)
		if (dmi[i].interface_type == KCS && dmi[i].io &&
		    dmi[i].address == spmi->address) {
			if (dmi[i].spacing)
				k = add(out, k, spmi->address, dmi[i].spacing,
					"smbios type 38");
			break;
		}
	if (w == 8 || w == 16 || w == 32)
		k = add(out, k, spmi->address, w / 8, "spmi bit width");
	return add(out, k, spmi->address, 1, "byte spacing (ipmi 2.0 9.5)");
}

bool kcs_from_smbios(const struct smbios_ipmi *dmi, unsigned n,
		     struct acpi_spmi_info *out)
{
	for (unsigned i = 0; i < n; i++)
		if (dmi[i].interface_type == KCS && dmi[i].io) {
			*out = (struct acpi_spmi_info){
				.interface_type = KCS,
				.space_id = ACPI_GAS_SYSTEM_IO,
				.address = dmi[i].address,
			};
			return true;
		}
	return false;
}
