/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A restored result into \sbmbench\results\ on the image's own volume
 * (efi_results.h): never over another file, on the medium before the
 * variables go, and no partial file left behind.  A read-back through the
 * file system alone proves little (it may come from the driver's cache),
 * so the device is flushed first; a later boot's comparison reads the
 * medium itself.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "efi_results.h"

#define NAME_TRIES	99	/* <id>.log, <id>-2.log .. <id>-99.log */

struct volume {
	EFI_FILE_HANDLE root, top, dir;
	EFI_BLOCK_IO *bio;
};

static char why[192];

static const char *failed(const char *what, const char *name, EFI_STATUS st)
{
	char num[32];

	snprintf(why, sizeof(why), "%s%s (%s)", what, name,
		 efi_results_status(st, num));
	return why;
}

static void wide(const char *s, CHAR16 *out)
{
	while ((*out++ = (CHAR16)(unsigned char)*s++))
		;
}

static EFI_STATUS open_dir(EFI_FILE_HANDLE at, const CHAR16 *name,
			   EFI_FILE_HANDLE *out)
{
	return uefi_call_wrapper(at->Open, 5, at, out, (CHAR16 *)name,
				 EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE |
				 EFI_FILE_MODE_CREATE, EFI_FILE_DIRECTORY);
}

static void close_file(EFI_FILE_HANDLE *f)
{
	if (*f)
		uefi_call_wrapper((*f)->Close, 1, *f);
	*f = NULL;
}

static void volume_close(struct volume *v)
{
	close_file(&v->dir);
	close_file(&v->top);
	close_file(&v->root);
}

/* \sbmbench\results on the image's volume, made where missing, and the
 * volume's block device (to flush). */
static const char *volume_open(void *image, struct volume *v)
{
	EFI_LOADED_IMAGE *li;
	EFI_FILE_IO_INTERFACE *fs;
	EFI_STATUS st;

	memset(v, 0, sizeof(*v));
	st = uefi_call_wrapper(BS->HandleProtocol, 3, image,
			       &LoadedImageProtocol, (void **)&li);
	if (EFI_ERROR(st))
		return failed("the image has no loaded-image protocol", "", st);
	st = uefi_call_wrapper(BS->HandleProtocol, 3, li->DeviceHandle,
			       &FileSystemProtocol, (void **)&fs);
	if (EFI_ERROR(st))
		return failed("the image's volume has no file system", "", st);
	st = uefi_call_wrapper(BS->HandleProtocol, 3, li->DeviceHandle,
			       &BlockIoProtocol, (void **)&v->bio);
	if (EFI_ERROR(st))
		return failed("the image's volume has no block device to "
			      "flush", "", st);
	st = uefi_call_wrapper(fs->OpenVolume, 2, fs, &v->root);
	if (EFI_ERROR(st)) {
		v->root = NULL;
		return failed("cannot open the image's volume", "", st);
	}
	st = open_dir(v->root, L"sbmbench", &v->top);
	if (EFI_ERROR(st)) {
		v->top = NULL;
		volume_close(v);
		return failed("cannot make \\sbmbench (read-only volume?)", "",
			      st);
	}
	st = open_dir(v->top, L"results", &v->dir);
	if (EFI_ERROR(st)) {
		v->dir = NULL;
		volume_close(v);
		return failed("cannot make \\sbmbench\\results (read-only "
			      "volume?)", "", st);
	}
	return NULL;
}

/* Whether the open file @f holds exactly @text (@len bytes). */
static EFI_STATUS same_bytes(EFI_FILE_HANDLE f, const char *text, size_t len,
			     bool *same)
{
	char *back = malloc(len + 1);
	EFI_STATUS st = EFI_SUCCESS;
	size_t got = 0;

	*same = false;
	if (!back)
		return EFI_OUT_OF_RESOURCES;
	/* one byte more than @text: a longer file is a different file */
	while (got < len + 1) {
		UINTN n = len + 1 - got;

		st = uefi_call_wrapper(f->Read, 3, f, &n, back + got);
		if (EFI_ERROR(st) || !n)
			break;
		got += n;
	}
	*same = !EFI_ERROR(st) && got == len && !memcmp(back, text, len);
	free(back);
	return st;
}

/* The first free name for @id (*f NULL), or one whose file holds @text
 * already (*again); NULL, else why not. */
static const char *pick_name(struct volume *v, const char *id,
			     const char *text, size_t len, char name[24],
			     CHAR16 wname[24], bool *again)
{
	for (unsigned k = 1; k <= NAME_TRIES; k++) {
		EFI_FILE_HANDLE f;
		EFI_STATUS st;
		bool same;

		if (k == 1)
			snprintf(name, 24, "%s.log", id);
		else
			snprintf(name, 24, "%s-%u.log", id, k);
		wide(name, wname);
		st = uefi_call_wrapper(v->dir->Open, 5, v->dir, &f, wname,
				       EFI_FILE_MODE_READ, 0);
		if (st == EFI_NOT_FOUND)
			return NULL;
		if (EFI_ERROR(st))
			return failed("cannot open the existing file "
				      "\\sbmbench\\results\\", name, st);
		st = same_bytes(f, text, len, &same);
		uefi_call_wrapper(f->Close, 1, f);
		if (EFI_ERROR(st))
			return failed("cannot read the existing file "
				      "\\sbmbench\\results\\", name, st);
		if (same) {
			*again = true;
			return NULL;
		}
	}
	snprintf(why, sizeof(why), "\\sbmbench\\results\\ already holds %u "
		 "different files named %s*.log", NAME_TRIES, id);
	return why;
}

/* @text as the new file @wname, on the medium; NULL, else why not with
 * the file removed. */
static const char *write_new(struct volume *v, const char *name,
			     CHAR16 *wname, const char *text, size_t len)
{
	EFI_FILE_HANDLE f;
	EFI_STATUS st, del;
	UINTN n = len;
	char num[32];

	st = uefi_call_wrapper(v->dir->Open, 5, v->dir, &f, wname,
			       EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE |
			       EFI_FILE_MODE_CREATE, 0);
	if (EFI_ERROR(st))
		return failed("cannot create \\sbmbench\\results\\", name, st);
	st = uefi_call_wrapper(f->Write, 3, f, &n, (void *)text);
	if (!EFI_ERROR(st) && n != len)
		st = EFI_VOLUME_FULL;	/* a short write: no room left */
	if (!EFI_ERROR(st))
		st = uefi_call_wrapper(f->Flush, 1, f);
	if (EFI_ERROR(st)) {
		/* Delete closes the handle too */
		del = uefi_call_wrapper(f->Delete, 1, f);
		uefi_call_wrapper(v->bio->FlushBlocks, 1, v->bio);
		snprintf(why, sizeof(why), "writing \\sbmbench\\results\\%s "
			 "failed (%s: volume full?); %s", name,
			 efi_results_status(st, num), del == EFI_SUCCESS ?
			 "the partial file was removed" :
			 "the partial file could not be removed");
		return why;
	}
	uefi_call_wrapper(f->Close, 1, f);
	/* the file system's own buffers are out: now the device's cache */
	st = uefi_call_wrapper(v->bio->FlushBlocks, 1, v->bio);
	if (EFI_ERROR(st))
		return failed("the stick did not flush its cache after writing "
			      "\\sbmbench\\results\\", name, st);
	return NULL;
}

/* The new file read back and compared; a different one is removed. */
static const char *read_back(struct volume *v, const char *name,
			     CHAR16 *wname, const char *text, size_t len)
{
	EFI_FILE_HANDLE f;
	EFI_STATUS st;
	bool same = false;

	st = uefi_call_wrapper(v->dir->Open, 5, v->dir, &f, wname,
			       EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE, 0);
	if (EFI_ERROR(st))
		return failed("cannot open the new file \\sbmbench\\results\\",
			      name, st);
	st = same_bytes(f, text, len, &same);
	if (!EFI_ERROR(st) && same) {
		uefi_call_wrapper(f->Close, 1, f);
		return NULL;
	}
	uefi_call_wrapper(f->Delete, 1, f);
	uefi_call_wrapper(v->bio->FlushBlocks, 1, v->bio);
	if (EFI_ERROR(st))
		return failed("cannot read back (so removed) "
			      "\\sbmbench\\results\\", name, st);
	snprintf(why, sizeof(why), "\\sbmbench\\results\\%s read back "
		 "differs from what was written (removed)", name);
	return why;
}

const char *efi_results_write(void *image, const char *id, const char *text,
			      size_t len, char name[24], bool *again)
{
	struct volume v;
	CHAR16 wname[24];
	const char *err;

	*again = false;
	err = volume_open(image, &v);
	if (err)
		return err;
	err = pick_name(&v, id, text, len, name, wname, again);
	if (!err && !*again)
		err = write_new(&v, name, wname, text, len);
	if (!err && !*again)
		err = read_back(&v, name, wname, text, len);
	volume_close(&v);
	return err;
}
