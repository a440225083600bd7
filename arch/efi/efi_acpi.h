/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ACPI tables as a UEFI image finds them: RSDP from the configuration
 * table, XSDT (else RSDT), then every table it lists, read in place (UEFI
 * identity-maps them) and checked with acpi_table_check().  A bad table
 * is reported ("@sbm warn what=acpi") and left out.
 */
#ifndef SBM_EFI_ACPI_H
#define SBM_EFI_ACPI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/acpi.h"
#include "fw/acpi_numa.h"
#include "topo/topo.h"

/*
 * The root table and how many good tables it lists.  Tables are looked up
 * in place by signature over every entry (acpi_root_find()), so there is
 * no table count past which one is lost.
 */
struct efi_acpi {
	char oem_id[7];		/* from the RSDP */
	const void *root;	/* XSDT, else RSDT, checked */
	size_t root_len;
	size_t n;		/* good tables the root lists */
};

/*
 * 0 with the root table in @a and every table it lists checked once (bad
 * ones reported), -1 when there is no usable root.
 */
int efi_acpi_scan(uint64_t rsdp, struct efi_acpi *a);

/*
 * acpidump=1: every good table the root lists but AML, as acpidump's
 * text (core/fw/acpi_text.h), between the lines "acpidump: begin ..."
 * and "acpidump: end (N tables)", for tools/preflight --from.
 */
void efi_acpi_dump(const struct efi_acpi *a);

/* The first good table with signature @sig, or NULL. */
const void *efi_acpi_find(const struct efi_acpi *a, const char *sig,
			  size_t *len);

/*
 * A BMC (every SPMI table; the first KCS on I/O ports is the one used,
 * acpi_spmi_pick()): with @warn, "warn what=bmc" (its watchdog, if
 * the firmware armed it, resets the machine in the middle of a run);
 * without, a console line only, for a platform that asks the watchdog
 * itself and warns from its answer (x86: arch/x86/bmc_kcs.c).
 */
void efi_acpi_bmc_find(const struct efi_acpi *a, bool warn);
/* That warning after all: the watchdog could not be asked. */
void efi_acpi_bmc_note(void);
/* The SPMI efi_acpi_bmc_find() found, checked and parsed: false if none
 * (the x86 image then asks its KCS interface, arch/x86/bmc_kcs.c). */
struct acpi_spmi_info;
bool efi_acpi_bmc(struct acpi_spmi_info *out);

/* "SIG: msg; table skipped" as an acpi warning. */
void efi_acpi_warn(const char *sig, const char *msg);

/* Parser callback (acpi_warn_fn) for entry-level problems (@arg unused). */
void efi_acpi_entry_warn(void *arg, const char *table, const char *msg);

/*
 * The image's ACPI topology reader (core/fw/acpi_topo.h) over @t, its
 * warnings the image's; @gicc on arm64.  It keeps the SLIT and SRAT's
 * memory for efi_numa_apply_distances() (after topo_finalize()) and
 * efi_numa_pools().  NULL when out of memory.
 */
struct acpi_topo *efi_numa_acpi(struct topo *t, bool gicc);
void efi_numa_apply_distances(struct topo *t);
/*
 * Before ExitBootServices, after topo_finalize(): for every node, a pool
 * of conventional memory inside its SRAT memory ranges (4 MiB, halved
 * down to 512 KiB), which plat_alloc_node() hands out.  Returns how many
 * nodes got one (0 without SRAT memory affinity).
 */
uint32_t efi_numa_pools(const struct topo *t);

#endif
