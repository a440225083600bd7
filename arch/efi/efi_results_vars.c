/* SPDX-License-Identifier: BSD-2-Clause */
/* The saved result's variables (efi_results.h). */
#include <efi.h>
#include <efilib.h>

#include "efi_results.h"

EFI_GUID sbm_vendor_guid = SBM_VENDOR_GUID;

void efi_results_var_name(unsigned i, CHAR16 name[16])
{
	static const char base[] = "SbmResult";
	unsigned k = 0;

	for (; base[k]; k++)
		name[k] = (CHAR16)base[k];
	name[k++] = (CHAR16)('0' + i % 10);
	name[k] = 0;
}

EFI_STATUS efi_results_delete(void)
{
	EFI_STATUS first = EFI_SUCCESS;

	for (unsigned i = 0; i < SBM_VAR_PARTS; i++) {
		CHAR16 name[16];
		EFI_STATUS st;

		efi_results_var_name(i, name);
		/* size 0 deletes; attributes as when it was made */
		st = uefi_call_wrapper(RT->SetVariable, 5, name,
				       &sbm_vendor_guid, SBM_VAR_ATTRS, 0,
				       NULL);
		if (EFI_ERROR(st) && st != EFI_NOT_FOUND && !EFI_ERROR(first))
			first = st;
	}
	return first;
}
