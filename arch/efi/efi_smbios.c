// SPDX-License-Identifier: BSD-2-Clause
/*
 * The machine's names from the SMBIOS tables the firmware publishes in
 * the configuration table, read in place (identity-mapped before and
 * after ExitBootServices; read before it here).  The addresses are the
 * firmware's word: entry point and table are read only where the memory
 * map says there is memory.  core/fw/smbios.c checks and parses.
 */
#include <stdio.h>

#include "efi_plat.h"
#include "machine.h"
#include "out/report.h"
#include "fw/smbios.h"

/* The table can be large on a big server; what we read is at its start
 * (types 0-4 come first) and the walk stops at the end-of-table. */
#define TABLE_MAX	(1u << 20)

/* The names into @id; NULL, or why there are none. */
static const char *read_names(const void *ep, bool v3, struct smbios_id *id)
{
	const char *why = NULL;
	uint64_t table = 0;
	uint32_t len = 0;

	if (!efi_in_memory((uint64_t)(uintptr_t)ep, v3 ? 24 : 31))
		return "entry point outside the memory map";
	if (smbios_entry(ep, v3 ? 24 : 31, &table, &len, id, &why))
		return why;
	if (len > TABLE_MAX)
		len = TABLE_MAX;
	if (!efi_in_memory(table, len))
		return "structure table outside the memory map";
	return smbios_parse((const void *)(uintptr_t)table, len, id, &why) ?
	       why : NULL;
}

void efi_machine_names(struct machine_info *info)
{
	static struct smbios_id id;
	const void *ep;
	const char *why;
	bool v3;
	char msg[96];

	ep = efi_find_smbios(&v3);
	if (!ep)
		return;		/* no SMBIOS: hello has no names */
	why = read_names(ep, v3, &id);
	if (why) {
		snprintf(msg, sizeof(msg), "smbios: %s; the machine is not "
			 "named", why);
		report_warn("firmware", 0, msg);
		return;
	}
	info->smbios = &id;
}
