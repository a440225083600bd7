/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The saved result's UEFI variables, shared by the save (after the run)
 * and the restore (the next boot): names, vendor GUID, attributes, and
 * what the restore left for the save.
 * tools/sbmbench fetch reads the same variables from Linux's efivarfs.
 */
#ifndef SBM_EFI_RESULTS_H
#define SBM_EFI_RESULTS_H

#include <efi.h>
#include <stdbool.h>

#include "options/config.h"
#include "output/result_store.h"

/* sbmbench's own vendor GUID: 5b1e7c2a-9d4f-4e61-b8a3-2f6c0d9e7a51 */
#define SBM_VENDOR_GUID { 0x5b1e7c2a, 0x9d4f, 0x4e61, \
	{ 0xb8, 0xa3, 0x2f, 0x6c, 0x0d, 0x9e, 0x7a, 0x51 } }

#define SBM_VAR_ATTRS (EFI_VARIABLE_NON_VOLATILE | \
		       EFI_VARIABLE_BOOTSERVICE_ACCESS | \
		       EFI_VARIABLE_RUNTIME_ACCESS)

/* SbmResult0 .. SbmResult3, 8 KiB each at most, in order. */
#define SBM_VAR_PARTS (RESULT_STORE_MAX / RESULT_STORE_PART)

extern EFI_GUID sbm_vendor_guid;

/*
 * What this boot's restore left.  The save writes a new result only over
 * empty variables: after a restore that found nothing or wrote and
 * deleted what it found; never before the restore ran (an early failure),
 * and never over a result it could not write, read or delete.
 */
enum efi_results_state {
	RESULTS_NOT_LOOKED,	/* the restore has not run yet */
	RESULTS_CLEAR,		/* nothing saved, or written and deleted */
	RESULTS_KEPT,		/* an earlier result is still there */
};
extern enum efi_results_state efi_results_state;

/* In a lab (upload=): what this boot did with a saved result. */
enum efi_upload_state {
	UPLOAD_NONE,		/* no upload= or nothing saved */
	UPLOAD_DONE,		/* sent, acknowledged, variables deleted */
	UPLOAD_KEPT,		/* not acknowledged (or not deleted): kept */
};
extern enum efi_upload_state efi_upload_state;
/* Whether this run's result went into the variables (efi_results_save). */
extern bool efi_results_saved;

/*
 * efi_results_send.c: @text (@len bytes) POSTed to the collector
 * @upload (CONFIG_UPLOAD()) with its CRC-32; 0 once the collector
 * answered 200 acknowledging that CRC, else -1 with @why.
 */
int efi_results_send(void *image, uint64_t upload, const char *text,
		     size_t len, char *why, size_t whylen);

/* The options the restore reads (upload, restore_test_*): before
 * efi_results_restore(). */
void efi_results_restore_options(const struct config *cfg);

/* The name of part @i ("SbmResult0"). */
void efi_results_var_name(unsigned i, CHAR16 name[16]);

/* Delete parts @from .. @to - 1 in order (absent ones are fine), stopping
 * at the first that cannot be deleted (its index in *failed): part 0 goes
 * first, so what a failure leaves is never read again as a result cut
 * short.  EFI_SUCCESS or that error. */
EFI_STATUS efi_results_delete(unsigned from, unsigned to, unsigned *failed);

/* A firmware status as its name ("EFI_VOLUME_FULL"), else its number,
 * into @buf. */
const char *efi_results_status(EFI_STATUS st, char buf[32]);

/*
 * efi_results_file.c: the restored text into \sbmbench\results\ on the
 * image's own volume, as <@id>.log, or <@id>-2.log ... where a different
 * file has the name (it is kept); a file with the same bytes means an
 * earlier boot wrote it (*again).  Written, flushed to the medium (file
 * Flush, then the device's FlushBlocks) and read back: NULL and the name
 * in @name, else why not, with the new file removed.
 */
const char *efi_results_write(void *image, const char *id, const char *text,
			      size_t len, char name[24], bool *again);

#endif
