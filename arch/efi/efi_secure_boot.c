/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Whether the firmware enforces Secure Boot: the SecureBoot global
 * variable (UEFI spec 3.3, one byte, 1 = on), read before
 * ExitBootServices for the hello record.  The figures do not depend on
 * it; it tells a reader which image (signed, or not) ran.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>

#include "efi_plat.h"
#include "machine.h"
#include "output/report.h"

void efi_secure_boot_note(struct machine_info *info)
{
	EFI_GUID global = EFI_GLOBAL_VARIABLE;
	UINT8 v[8] = { 0 };
	UINTN size = sizeof(v);
	UINT32 attr = 0;
	EFI_STATUS st;
	char msg[112];

	info->secure_boot_known = true;
	info->secure_boot = false;
	st = uefi_call_wrapper(RT->GetVariable, 5, L"SecureBoot", &global,
			       &attr, &size, v);
	if (st == EFI_NOT_FOUND)
		return;		/* firmware without Secure Boot: off */
	if (EFI_ERROR(st) || size != 1 || v[0] > 1) {
		/* the firmware's bytes: said, and taken as off */
		snprintf(msg, sizeof(msg), "SecureBoot variable unreadable "
			 "(status %#llx, %llu bytes, first %u): secure_boot=0",
			 (unsigned long long)st, (unsigned long long)size,
			 v[0]);
		report_warn("firmware", 0, msg);
		return;
	}
	info->secure_boot = v[0] == 1;
}
