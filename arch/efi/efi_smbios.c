// SPDX-License-Identifier: BSD-2-Clause
/*
 * The machine's names from the SMBIOS tables the firmware publishes in
 * the configuration table, read in place (identity-mapped before and
 * after ExitBootServices; read before it here).  core/smbios.c checks
 * and parses; this only finds the bytes.
 */
#include <stdio.h>

#include "efi_plat.h"
#include "machine.h"
#include "report.h"
#include "smbios.h"

/* The table can be large on a big server; what we read is at its start
 * (types 0-4 come first) and the walk stops at the end-of-table. */
#define TABLE_MAX	(1u << 20)

void efi_machine_names(struct machine_info *info)
{
	static struct smbios_id id;
	const void *ep;
	const char *why = NULL;
	uint64_t table = 0;
	uint32_t len = 0;
	bool v3;
	char msg[96];

	ep = efi_find_smbios(&v3);
	if (!ep)
		return;		/* no SMBIOS: hello has no names */
	if (smbios_entry(ep, v3 ? 24 : 31, &table, &len, &id, &why) ||
	    smbios_parse((const void *)(uintptr_t)table,
			 len < TABLE_MAX ? len : TABLE_MAX, &id, &why)) {
		snprintf(msg, sizeof(msg), "smbios: %s; the machine is not "
			 "named", why);
		report_warn("firmware", 0, msg);
		return;
	}
	info->smbios = &id;
}
