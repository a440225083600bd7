/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The saved result's UEFI variables, shared by the save (after the run)
 * and the restore (the next boot): names, vendor GUID, attributes.
 * tools/sbmbench fetch reads the same variables from Linux's efivarfs.
 */
#ifndef SBM_EFI_RESULTS_H
#define SBM_EFI_RESULTS_H

#include <efi.h>
#include <stdbool.h>

#include "result_store.h"

/* sbmbench's own vendor GUID: 5b1e7c2a-9d4f-4e61-b8a3-2f6c0d9e7a51 */
#define SBM_VENDOR_GUID { 0x5b1e7c2a, 0x9d4f, 0x4e61, \
	{ 0xb8, 0xa3, 0x2f, 0x6c, 0x0d, 0x9e, 0x7a, 0x51 } }

#define SBM_VAR_ATTRS (EFI_VARIABLE_NON_VOLATILE | \
		       EFI_VARIABLE_BOOTSERVICE_ACCESS | \
		       EFI_VARIABLE_RUNTIME_ACCESS)

/* SbmResult0 .. SbmResult3, 8 KiB each at most, in order. */
#define SBM_VAR_PARTS (RESULT_STORE_MAX / RESULT_STORE_PART)

extern EFI_GUID sbm_vendor_guid;

/* The restore found a result it could not write: the save must not
 * replace it (nothing is lost). */
extern bool efi_results_pending;

/* The name of part @i ("SbmResult0"). */
void efi_results_var_name(unsigned i, CHAR16 name[16]);

/* Delete every part (absent ones are fine); EFI_SUCCESS or the first
 * error. */
EFI_STATUS efi_results_delete(void);

#endif
