/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Run options from the firmware: \sbmbench.cfg on the boot volume first,
 * then the image's load options (UCS-2), which win.  Both go through
 * config_parse().
 */
#include <efi.h>
#include <efilib.h>
#include <stdlib.h>
#include <string.h>

#include "options/config.h"
#include "efi_plat.h"
#include "options/load_options.h"

#define CFG_MAX	8192

static int read_cfg(EFI_LOADED_IMAGE *li, char *buf, size_t len, size_t *n)
{
	EFI_FILE_IO_INTERFACE *fs;
	EFI_FILE_HANDLE root, f;
	UINTN size = len - 1;
	EFI_STATUS st;

	*n = 0;
	st = uefi_call_wrapper(BS->HandleProtocol, 3, li->DeviceHandle,
			       &FileSystemProtocol, (void **)&fs);
	if (EFI_ERROR(st))
		return 0;
	st = uefi_call_wrapper(fs->OpenVolume, 2, fs, &root);
	if (EFI_ERROR(st))
		return 0;
	st = uefi_call_wrapper(root->Open, 5, root, &f, L"\\sbmbench.cfg",
			       EFI_FILE_MODE_READ, 0);
	if (EFI_ERROR(st)) {
		uefi_call_wrapper(root->Close, 1, root);
		return 0;
	}
	st = uefi_call_wrapper(f->Read, 3, f, &size, buf);
	uefi_call_wrapper(f->Close, 1, f);
	uefi_call_wrapper(root->Close, 1, root);
	if (EFI_ERROR(st))
		return -1;
	*n = size;
	buf[size] = 0;
	return 0;
}

int efi_options(void *image, struct config *cfg, char *err, size_t errlen)
{
	EFI_LOADED_IMAGE *li;
	EFI_STATUS st;
	char *buf = malloc(CFG_MAX);
	size_t n;
	int rc = 0;

	if (!buf)
		return 0;
	st = uefi_call_wrapper(BS->HandleProtocol, 3, image,
			       &LoadedImageProtocol, (void **)&li);
	if (EFI_ERROR(st))
		goto out;
	if (!read_cfg(li, buf, CFG_MAX, &n) && n &&
	    config_parse(cfg, buf, n, "\\sbmbench.cfg", err, errlen)) {
		rc = -1;
		goto out;
	}
	if (li->LoadOptions && li->LoadOptionsSize >= 2) {
		const char *p = load_options_text(li->LoadOptions,
						  li->LoadOptionsSize / 2,
						  buf, CFG_MAX);

		if (config_parse(cfg, p, strlen(p), "EFI load options", err,
				 errlen))
			rc = -1;
	}
out:
	free(buf);
	return rc;
}
