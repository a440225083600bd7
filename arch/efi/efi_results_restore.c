/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot after a saved run: before anything else, the result left in
 * UEFI variables (efi_results_save.c) is written to
 * \sbmbench\results\<run id>.log on the image's own volume, read back,
 * and only then are the variables deleted.  A volume that cannot be
 * written (read-only media, a full stick) keeps them for the next try or
 * for tools/sbmbench fetch under Linux.
 */
#include <efi.h>
#include <efilib.h>
#include <stdlib.h>
#include <string.h>

#include "efi_plat.h"
#include "efi_results.h"
#include "report.h"

/* The saved parts, in order, into @buf; the bytes found. */
static size_t read_parts(char *buf, size_t cap, unsigned *nparts)
{
	size_t len = 0;

	*nparts = 0;
	for (unsigned i = 0; i < SBM_VAR_PARTS; i++) {
		CHAR16 name[16];
		UINTN size = cap - len;
		UINT32 attrs;
		EFI_STATUS st;

		efi_results_var_name(i, name);
		st = uefi_call_wrapper(RT->GetVariable, 5, name,
				       &sbm_vendor_guid, &attrs, &size,
				       buf + len);
		if (EFI_ERROR(st))
			break;
		len += size;
		++*nparts;
	}
	return len;
}

static EFI_STATUS open_dir(EFI_FILE_HANDLE at, const CHAR16 *name,
			   EFI_FILE_HANDLE *out)
{
	return uefi_call_wrapper(at->Open, 5, at, out, (CHAR16 *)name,
				 EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE |
				 EFI_FILE_MODE_CREATE, EFI_FILE_DIRECTORY);
}

/* @text into @name in @dir, replacing any file of that name, then read
 * back and compared: "" on success, else what went wrong. */
static const char *write_checked(EFI_FILE_HANDLE dir, const CHAR16 *name,
				 const char *text, size_t len)
{
	const UINT64 rw = EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE;
	EFI_FILE_HANDLE f;
	UINTN n = len;
	char *back;
	EFI_STATUS st;

	/* an earlier, interrupted restore may have left a partial file */
	if (!EFI_ERROR(uefi_call_wrapper(dir->Open, 5, dir, &f, (CHAR16 *)name,
					 rw, 0)))
		uefi_call_wrapper(f->Delete, 1, f);
	st = uefi_call_wrapper(dir->Open, 5, dir, &f, (CHAR16 *)name,
			       rw | EFI_FILE_MODE_CREATE, 0);
	if (EFI_ERROR(st))
		return "cannot create the file (read-only volume?)";
	st = uefi_call_wrapper(f->Write, 3, f, &n, (void *)text);
	if (!EFI_ERROR(st))
		st = uefi_call_wrapper(f->Flush, 1, f);
	uefi_call_wrapper(f->Close, 1, f);
	if (EFI_ERROR(st) || n != len)
		return "writing the file failed (volume full?)";
	back = malloc(len + 1);
	if (!back)
		return "no memory to read the file back";
	st = uefi_call_wrapper(dir->Open, 5, dir, &f, (CHAR16 *)name,
			       EFI_FILE_MODE_READ, 0);
	n = len + 1;
	if (!EFI_ERROR(st)) {
		st = uefi_call_wrapper(f->Read, 3, f, &n, back);
		uefi_call_wrapper(f->Close, 1, f);
	}
	if (EFI_ERROR(st) || n != len || memcmp(back, text, len)) {
		free(back);
		return "the file read back differs from what was written";
	}
	free(back);
	return "";
}

/* \sbmbench\results on the image's volume, made where missing. */
static const char *results_dir(void *image, EFI_FILE_HANDLE *root,
			       EFI_FILE_HANDLE *top, EFI_FILE_HANDLE *dir)
{
	EFI_LOADED_IMAGE *li;
	EFI_FILE_IO_INTERFACE *fs;

	if (EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, image,
					&LoadedImageProtocol, (void **)&li)) ||
	    EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3,
					li->DeviceHandle, &FileSystemProtocol,
					(void **)&fs)) ||
	    EFI_ERROR(uefi_call_wrapper(fs->OpenVolume, 2, fs, root)))
		return "the image's volume has no file system";
	if (EFI_ERROR(open_dir(*root, L"sbmbench", top))) {
		uefi_call_wrapper((*root)->Close, 1, *root);
		return "cannot make \\sbmbench (read-only volume?)";
	}
	if (EFI_ERROR(open_dir(*top, L"results", dir))) {
		uefi_call_wrapper((*top)->Close, 1, *top);
		uefi_call_wrapper((*root)->Close, 1, *root);
		return "cannot make \\sbmbench\\results (read-only volume?)";
	}
	return NULL;
}

bool efi_results_pending;

bool efi_results_restore(void *image)
{
	struct result_store_check chk;
	EFI_FILE_HANDLE root, top, dir;
	char id[9] = "unknown", *buf;
	CHAR16 name[32];
	const char *why;
	unsigned nparts, k = 0;
	size_t len;

	buf = malloc(RESULT_STORE_MAX);
	if (!buf)
		return false;
	len = read_parts(buf, RESULT_STORE_MAX, &nparts);
	if (!len) {
		free(buf);
		return false;
	}
	result_store_run_id(buf, len, id);
	for (const char *p = id; *p; p++)
		name[k++] = (CHAR16)*p;
	for (const char *p = ".log"; *p; p++)
		name[k++] = (CHAR16)*p;
	name[k] = 0;
	result_store_check(buf, len, &chk);
	report_printf("sbmbench: saved result of run %s found in %u UEFI "
		      "variable%s (%zu bytes, %u records)\n", id, nparts,
		      nparts == 1 ? "" : "s", len, chk.good + chk.damaged);
	/* damaged or cut short, it is still written: the good records are
	 * the result, and sbmlog names the bad ones by line */
	if (chk.damaged)
		report_printf("sbmbench: WARNING: %u of its records are damaged "
			      "(CRC or form); writing it as it is\n",
			      chk.damaged);
	if (!chk.ended)
		report_printf("sbmbench: WARNING: it has no end record: that run "
			      "did not finish saving (or failed); writing what "
			      "there is\n");
	why = results_dir(image, &root, &top, &dir);
	if (!why) {
		why = write_checked(dir, name, buf, len);
		uefi_call_wrapper(dir->Close, 1, dir);
		uefi_call_wrapper(top->Close, 1, top);
		uefi_call_wrapper(root->Close, 1, root);
	}
	free(buf);
	if (why && *why) {
		report_printf("sbmbench: could not write it to the stick: %s; "
			      "the variables stay (tools/sbmbench fetch reads "
			      "them under Linux), and this run will not replace "
			      "them\n", why);
		efi_results_pending = true;
		return false;
	}
	if (EFI_ERROR(efi_results_delete())) {
		report_printf("sbmbench: wrote \\sbmbench\\results\\%s.log, "
			      "but could not delete the variables\n", id);
		return true;
	}
	report_printf("sbmbench: wrote \\sbmbench\\results\\%s.log and read "
		      "it back; deleted the variables\n", id);
	return true;
}
