/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Run options from the firmware: \sbmbench.cfg on the boot volume first
 * (booted from the network: sbmbench.cfg, then sbmbench-<MAC>.cfg, from
 * the boot server by TFTP, or by HTTP beside the HTTP boot URI), then the image's load options (UCS-2), which
 * win.  All go through config_parse().
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options/config.h"
#include "efi_net.h"
#include "efi_plat.h"
#include "output/report.h"
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

/* @name from where the image came: 0 with *@len, 1 (the server has
 * none), -1 with @why; @label names it for the console. */
static int net_read(const struct efi_net *n, const char *name, char *buf,
		    size_t *len, char *label, size_t lablen, char *why,
		    size_t whylen)
{
	char path[BOOT_URI_DIR_MAX + 40];

	if (n->pxe) {
		snprintf(label, lablen, "tftp://%u.%u.%u.%u/%s", n->server[0],
			 n->server[1], n->server[2], n->server[3], name);
		return efi_net_tftp_read(n, name, buf, CFG_MAX, len, why,
					 whylen);
	}
	snprintf(path, sizeof(path), "%s%s", n->uri.dir, name);
	snprintf(label, lablen, "http://%u.%u.%u.%u:%u%s", n->server[0],
		 n->server[1], n->server[2], n->server[3], n->uri.port, path);
	return efi_http_get(n, n->server, n->uri.port, path, buf, CFG_MAX,
			    len, why, whylen);
}

/*
 * Booted from the network: the tree's sbmbench.cfg, then this machine's
 * own file, each parsed as it comes (the later wins), by TFTP from the
 * PXE boot server or by HTTP from the HTTP boot URI's directory.  A file
 * the server does not have is fine; one it cannot send, or too large, is
 * an error like a bad option: a lab machine must not run with half its
 * options.
 */
static int net_options(void *image, struct config *cfg, char *buf,
		       char *err, size_t errlen)
{
	struct efi_net n;
	char names[2][40], why[128];
	unsigned count = 1;
	int found = efi_net_find(image, &n, why, sizeof(why));

	if (found == -2) {
		snprintf(err, errlen, "the HTTP boot URI: %s", why);
		return -1;
	}
	if (found)
		return 0;
	strcpy(names[0], "sbmbench.cfg");
	if (n.have_mac) {
		char mac[18];

		efi_net_mac_name(&n, mac);
		snprintf(names[1], sizeof(names[1]), "sbmbench-%s.cfg", mac);
		count = 2;
	}
	for (unsigned i = 0; i < count; i++) {
		char label[BOOT_URI_DIR_MAX + 96];
		size_t len;
		int rc = net_read(&n, names[i], buf, &len, label,
				  sizeof(label), why, sizeof(why));

		if (rc > 0)
			continue;
		if (rc < 0) {
			snprintf(err, errlen, "%s: %s", label, why);
			return -1;
		}
		report_printf("sbmbench: options from %s (%zu bytes)\n",
			      label, len);
		if (len && config_parse(cfg, buf, len, label, err, errlen))
			return -1;
	}
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
	if (net_options(image, cfg, buf, err, errlen)) {
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
