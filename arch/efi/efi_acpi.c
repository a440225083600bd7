/* SPDX-License-Identifier: BSD-2-Clause */
/* The ACPI table walk shared by the UEFI images; see efi_acpi.h. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "fw/acpi.h"
#include "fw/acpi_platform.h"
#include "efi_acpi.h"
#include "fw/acpi_text.h"
#include "output/report.h"

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

/*
 * A table at physical @addr, checked, of signature @sig when not NULL;
 * NULL if bad (with a warning when @warn) or of another signature.
 */
static const void *table_at(uint64_t addr, const char *sig, size_t *len,
			    bool warn)
{
	const void *p = (const void *)(uintptr_t)addr;
	const char *why;
	char s[5];
	uint32_t l;

	/* Both images run identity-mapped with 48-bit addresses at most. */
	if (!addr || addr & 0xffff000000000000ull) {
		if (warn)
			efi_acpi_warn(sig ? sig : "????",
				      "null or non-canonical address");
		return NULL;
	}
	/* A lookup of another table reads no further than the signature. */
	if (sig && !warn && !acpi_sig_is(p, sig))
		return NULL;
	acpi_table_sig(p, s);
	l = acpi_table_length(p);
	if (l > MAX_TABLE_LEN) {
		if (warn)
			efi_acpi_warn(s, "length field too large");
		return NULL;
	}
	if (acpi_table_check(p, l < ACPI_HDR_LEN ? ACPI_HDR_LEN : l, sig,
			     &why)) {
		if (warn)
			efi_acpi_warn(s, why);
		return NULL;
	}
	*len = l;
	return p;
}

/* acpi_map_fn of the first walk: every bad table is reported once. */
static const void *map_warn(void *arg, uint64_t addr, const char *sig,
			    size_t *len)
{
	(void)arg;
	return table_at(addr, sig, len, true);
}

/* acpi_map_fn of lookups: the first walk has reported the bad tables. */
static const void *map_quiet(void *arg, uint64_t addr, const char *sig,
			     size_t *len)
{
	(void)arg;
	return table_at(addr, sig, len, false);
}

int efi_acpi_scan(uint64_t rsdp, struct efi_acpi *a)
{
	struct acpi_rsdp_info ri;
	const void *root;
	size_t pos = 0, len, n;
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
	root = ri.xsdt ? table_at(ri.xsdt, "XSDT", &len, true) : NULL;
	if (!root && ri.rsdt)
		root = table_at(ri.rsdt, "RSDT", &len, true);
	if (!root)
		return -1;
	a->root = root;
	a->root_len = len;
	/* Every entry, however many: each bad table reported here, once. */
	while (acpi_root_find(root, len, NULL, map_warn, NULL, &pos, &n))
		a->n++;
	return 0;
}

const void *efi_acpi_find(const struct efi_acpi *a, const char *sig,
			  size_t *len)
{
	size_t pos = 0;

	if (!a->root)
		return NULL;
	return acpi_root_find(a->root, a->root_len, sig, map_quiet, NULL,
			      &pos, len);
}

static void dump_line(void *arg, const char *line)
{
	(void)arg;
	report_printf("%s", line);
}

/* AML (DSDT, SSDTs) is code the image never runs: left out. */
void efi_acpi_dump(const struct efi_acpi *a)
{
	size_t pos = 0, len, n = 0;
	const void *t;

	report_printf("acpidump: begin (the tables the image reads, as "
		      "acpidump prints them)\n");
	while (a->root && (t = acpi_root_find(a->root, a->root_len, NULL,
					      map_quiet, NULL, &pos, &len))) {
		if (acpi_sig_is(t, "SSDT") || acpi_sig_is(t, "DSDT"))
			continue;
		acpi_text_dump(t, (uint64_t)(uintptr_t)t, t, len, dump_line,
			       NULL);
		n++;
	}
	report_printf("acpidump: end (%zu tables)\n", n);
}

/* The BMCs efi_acpi_bmc_find() found, and the one efi_acpi_bmc() gives. */
#define SPMI_MAX	4
static struct acpi_spmi_info bmc_spmi[SPMI_MAX];
static unsigned nbmc, bmc_pick;
static char bmc_msg[200];

bool efi_acpi_bmc(struct acpi_spmi_info *out)
{
	if (nbmc)
		*out = bmc_spmi[bmc_pick];
	return nbmc != 0;
}

void efi_acpi_bmc_note(void)
{
	if (nbmc)
		report_warn("bmc", 0, bmc_msg);
}

static void describe(char *buf, size_t len, const struct acpi_spmi_info *si)
{
	snprintf(buf, len, "IPMI BMC (SPMI, %s at %s %#llx, IPMI %x.%x)",
		 acpi_spmi_interface_name(si->interface_type),
		 si->space_id == ACPI_GAS_SYSTEM_IO ? "io" : "mmio",
		 (unsigned long long)si->address, si->spec_revision >> 8,
		 si->spec_revision & 0xff);
}

/* Every SPMI, not only the first: a server may list an SSIF interface
 * before its KCS one (Linux registers each). */
void efi_acpi_bmc_find(const struct efi_acpi *a, bool warn)
{
	struct acpi_spmi_info si;
	char what[120];
	const char *why;
	const void *t;
	size_t pos = 0, len;

	while (a->root && nbmc < SPMI_MAX &&
	       (t = acpi_root_find(a->root, a->root_len, "SPMI", map_quiet,
				   NULL, &pos, &len))) {
		if (acpi_spmi_parse(t, len, &si, &why)) {
			efi_acpi_warn("SPMI", why);
			continue;
		}
		bmc_spmi[nbmc++] = si;
	}
	if (!nbmc)
		return;
	bmc_pick = acpi_spmi_pick(bmc_spmi, nbmc);
	for (unsigned i = 0; i < nbmc; i++)
		if (i != bmc_pick) {
			describe(what, sizeof(what), &bmc_spmi[i]);
			report_printf("bmc: %s: another interface of the BMC, "
				      "not used\n", what);
		}
	describe(what, sizeof(what), &bmc_spmi[bmc_pick]);
	snprintf(bmc_msg, sizeof(bmc_msg), "%s: its watchdog can reset the "
		 "machine mid-run; disarm it or raise its timeout "
		 "(docs/hardware.md)", what);
	if (warn)
		efi_acpi_bmc_note();
	else	/* the watchdog's own answer follows */
		report_printf("bmc: %s\n", what);
}
