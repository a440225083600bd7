/* SPDX-License-Identifier: BSD-2-Clause */
/* The ACPI table walk shared by the UEFI images; see efi_acpi.h. */
#include <stdio.h>
#include <string.h>

#include "acpi.h"
#include "efi_acpi.h"
#include "report.h"

#define MAX_TABLE_LEN	(4u << 20)	/* more is not a table, it is noise */

void efi_acpi_warn(const char *sig, const char *msg)
{
	char buf[96];

	snprintf(buf, sizeof(buf), "%s: %s; table skipped", sig, msg);
	report_warn("acpi", 0, buf);
}

void efi_acpi_entry_warn(void *arg, const char *table, const char *msg)
{
	char buf[96];

	(void)arg;
	snprintf(buf, sizeof(buf), "%s: %s", table, msg);
	report_warn("acpi", 0, buf);
}

/* A table at physical @addr, checked; NULL (and a warning) if bad. */
static const void *table_at(uint64_t addr, const char *sig,
			    size_t *len)
{
	const void *p = (const void *)(uintptr_t)addr;
	const char *why;
	char s[5];
	uint32_t l;

	/* Both images run identity-mapped with 48-bit addresses at most. */
	if (!addr || addr & 0xffff000000000000ull) {
		efi_acpi_warn(sig ? sig : "????",
			      "null or non-canonical address");
		return NULL;
	}
	acpi_table_sig(p, s);
	l = acpi_table_length(p);
	if (l > MAX_TABLE_LEN) {
		efi_acpi_warn(s, "length field too large");
		return NULL;
	}
	if (acpi_table_check(p, l < ACPI_HDR_LEN ? ACPI_HDR_LEN : l, sig,
			     &why)) {
		efi_acpi_warn(s, why);
		return NULL;
	}
	*len = l;
	return p;
}

int efi_acpi_scan(uint64_t rsdp, struct efi_acpi *a)
{
	struct acpi_rsdp_info ri;
	uint64_t addrs[EFI_ACPI_MAX];
	const void *root;
	size_t n = 0, len;
	const char *why;

	memset(a, 0, sizeof(*a));
	if (!rsdp)
		return -1;
	/* The RSDP of revision >= 2 is 36 bytes, else 20. */
	if (acpi_rsdp_parse((const void *)(uintptr_t)rsdp, 36, &ri, &why) &&
	    acpi_rsdp_parse((const void *)(uintptr_t)rsdp, 20, &ri, &why)) {
		efi_acpi_warn("RSDP", why);
		return -1;
	}
	memcpy(a->oem_id, ri.oem_id, sizeof(a->oem_id));
	root = ri.xsdt ? table_at(ri.xsdt, "XSDT", &len) : NULL;
	if (!root && ri.rsdt)
		root = table_at(ri.rsdt, "RSDT", &len);
	if (!root)
		return -1;
	if (acpi_root_entries(root, len, addrs, EFI_ACPI_MAX, &n, &why)) {
		efi_acpi_warn("XSDT", why);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		struct efi_acpi_table *t = &a->t[a->n];

		if (!addrs[i])
			continue;
		t->p = table_at(addrs[i], NULL, &t->len);
		if (!t->p)
			continue;
		acpi_table_sig(t->p, t->sig);
		a->n++;
	}
	return 0;
}

const void *efi_acpi_find(const struct efi_acpi *a, const char *sig,
			  size_t *len)
{
	for (size_t i = 0; i < a->n; i++)
		if (!strcmp(a->t[i].sig, sig)) {
			*len = a->t[i].len;
			return a->t[i].p;
		}
	return NULL;
}
