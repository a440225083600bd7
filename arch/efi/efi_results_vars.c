/* SPDX-License-Identifier: BSD-2-Clause */
/* The saved result's variables (efi_results.h). */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>

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

EFI_STATUS efi_results_delete(unsigned from, unsigned to, unsigned *failed)
{
	for (unsigned i = from; i < to; i++) {
		CHAR16 name[16];
		EFI_STATUS st;

		efi_results_var_name(i, name);
		/* size 0 deletes; attributes as when it was made */
		st = uefi_call_wrapper(RT->SetVariable, 5, name,
				       &sbm_vendor_guid, SBM_VAR_ATTRS, 0,
				       NULL);
		if (EFI_ERROR(st) && st != EFI_NOT_FOUND) {
			*failed = i;
			return st;
		}
	}
	return EFI_SUCCESS;
}

const char *efi_results_status(EFI_STATUS st, char buf[32])
{
	static const struct {
		EFI_STATUS st;
		const char *name;
	} names[] = {
		{ EFI_NOT_FOUND, "EFI_NOT_FOUND" },
		{ EFI_BUFFER_TOO_SMALL, "EFI_BUFFER_TOO_SMALL" },
		{ EFI_DEVICE_ERROR, "EFI_DEVICE_ERROR" },
		{ EFI_VOLUME_FULL, "EFI_VOLUME_FULL" },
		{ EFI_VOLUME_CORRUPTED, "EFI_VOLUME_CORRUPTED" },
		{ EFI_WRITE_PROTECTED, "EFI_WRITE_PROTECTED" },
		{ EFI_ACCESS_DENIED, "EFI_ACCESS_DENIED" },
		{ EFI_OUT_OF_RESOURCES, "EFI_OUT_OF_RESOURCES" },
		{ EFI_INVALID_PARAMETER, "EFI_INVALID_PARAMETER" },
		{ EFI_SECURITY_VIOLATION, "EFI_SECURITY_VIOLATION" },
		{ EFI_UNSUPPORTED, "EFI_UNSUPPORTED" },
		{ EFI_NO_MEDIA, "EFI_NO_MEDIA" },
		{ EFI_MEDIA_CHANGED, "EFI_MEDIA_CHANGED" },
		/* the network's, so a lab's failed send names its cause */
		{ EFI_NO_RESPONSE, "EFI_NO_RESPONSE" },
		{ EFI_NO_MAPPING, "EFI_NO_MAPPING" },
		{ EFI_TIMEOUT, "EFI_TIMEOUT" },
		{ EFI_ABORTED, "EFI_ABORTED" },
		{ EFI_TFTP_ERROR, "EFI_TFTP_ERROR" },
		{ EFI_CONNECTION_FIN, "EFI_CONNECTION_FIN" },
		{ EFI_CONNECTION_RESET, "EFI_CONNECTION_RESET" },
		{ EFI_CONNECTION_REFUSED, "EFI_CONNECTION_REFUSED" },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].st == st)
			return names[i].name;
	snprintf(buf, 32, "status %#llx", (unsigned long long)st);
	return buf;
}
