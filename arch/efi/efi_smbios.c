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
#include "output/report.h"
#include "fw/smbios.h"

/* The table can be large on a big server; what we read is at its start
 * (types 0-4 come first) and the walk stops at the end-of-table. */
#define TABLE_MAX	(1u << 20)

/* The structure table: its address and length, or why there is none. */
static const char *table_of(const void *ep, bool v3, struct smbios_id *id,
			    const void **t, uint32_t *len)
{
	const char *why = NULL;
	uint64_t table = 0;

	if (!efi_in_memory((uint64_t)(uintptr_t)ep, v3 ? 24 : 31))
		return "entry point outside the memory map";
	if (smbios_entry(ep, v3 ? 24 : 31, &table, len, id, &why))
		return why;
	if (*len > TABLE_MAX)
		*len = TABLE_MAX;
	if (!efi_in_memory(table, *len))
		return "structure table outside the memory map";
	*t = (const void *)(uintptr_t)table;
	return NULL;
}

/* The names into @id; NULL, or why there are none. */
static const char *read_names(const void *ep, bool v3, struct smbios_id *id)
{
	const char *why;
	const void *t;
	uint32_t len = 0;

	why = table_of(ep, v3, id, &t, &len);
	if (why)
		return why;
	return smbios_parse(t, len, id, &why) ? why : NULL;
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

unsigned efi_smbios_ipmi(struct smbios_ipmi *out, unsigned max)
{
	struct smbios_id id;
	const void *ep, *t;
	uint32_t len = 0;
	bool v3;

	ep = efi_find_smbios(&v3);
	/* a bad table was reported with the machine's names */
	if (!ep || table_of(ep, v3, &id, &t, &len))
		return 0;
	return smbios_ipmi_find(t, len, out, max);
}
