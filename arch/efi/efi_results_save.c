/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * After the run: the compact result (result_store.h: at most 32 KiB of the
 * records core/output/keep.c collected as they were printed) goes into non-volatile UEFI variables through the
 * runtime services, which outlive ExitBootServices (the image never calls
 * SetVirtualAddressMap, so they still run at their physical addresses).
 * The next boot of the stick writes them to a file (efi_results_restore.c).
 * A firmware's variable store is small and firmware has been bricked by
 * full stores: nothing is written unless a good margin stays free.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "efi_plat.h"
#include "efi_results.h"
#include "options/config.h"
#include "output/keep.h"
#include "output/report.h"

#define KEEP_FREE_MIN	(16u * 1024)	/* and a quarter of the store */
#define VAR_OVERHEAD	128		/* header and name, per variable */

static struct result_store store;
bool efi_results_saved;

/* The kept records, filtered to what the variables take. */
static size_t compact(void)
{
	char *buf = malloc(RESULT_STORE_MAX);

	if (!buf)
		return 0;
	result_store_init(&store, buf, RESULT_STORE_MAX);
	for (size_t i = 0; i < keep_count(); i++) {
		size_t n;
		const char *line = keep_line(i, &n);

		result_store_add(&store, line, n);
	}
	store.dropped += (uint32_t)keep_dropped();
	return result_store_finish(&store);
}


/* The store as the firmware sees it during boot, where deleted variables
 * do not count (they can still be reclaimed then): the true free space. */
static struct {
	bool known;
	UINT64 size, remaining;
} at_boot;

static EFI_STATUS query_store(UINT64 *size, UINT64 *remaining, UINT64 *max_var)
{
	if (RT->Hdr.Revision < (2u << 16))	/* UEFI 2.0 */
		return EFI_UNSUPPORTED;
	return uefi_call_wrapper(RT->QueryVariableInfo, 4, SBM_VAR_ATTRS,
				 size, remaining, max_var);
}

/*
 * Why the store may not take @need bytes now (into @why), or NULL.  Two
 * rules.  Safety: after the write a quarter of the store (16 KiB at
 * least) stays free, counted as during boot.  Room: at runtime edk2-based
 * firmware counts deleted variables as used and cannot reclaim them, so
 * the write must fit in what runtime says is left.
 */
static const char *store_refuses(size_t need, size_t *part, char *why,
				 size_t len)
{
	UINT64 size, remaining, max_var, keep, free_ = 0;

	if (EFI_ERROR(query_store(&size, &remaining, &max_var)))
		return "the firmware cannot say how full its variable store "
		       "is (no UEFI 2.0 QueryVariableInfo)";
	keep = size / 4 > KEEP_FREE_MIN ? size / 4 : KEEP_FREE_MIN;
	free_ = at_boot.known ? at_boot.remaining : remaining;
	if (free_ < need + SBM_VAR_PARTS * VAR_OVERHEAD + keep) {
		snprintf(why, len, "the variable store is too full to keep a "
			 "safe margin (%llu of %llu bytes free, %zu needed and "
			 "%llu kept free)", (unsigned long long)free_,
			 (unsigned long long)size, need,
			 (unsigned long long)keep);
		return why;
	}
	if (remaining < need + SBM_VAR_PARTS * VAR_OVERHEAD + 1024) {
		snprintf(why, len, "only %llu bytes can be written before the "
			 "firmware reclaims deleted variables (at a later "
			 "boot), %zu needed", (unsigned long long)remaining,
			 need);
		return why;
	}
	if (max_var <= VAR_OVERHEAD + 512) {
		snprintf(why, len, "the firmware's largest variable is too "
			 "small (%llu bytes)", (unsigned long long)max_var);
		return why;
	}
	*part = RESULT_STORE_PART;
	if (*part > max_var - VAR_OVERHEAD)
		*part = (size_t)(max_var - VAR_OVERHEAD);
	if ((need + *part - 1) / *part > SBM_VAR_PARTS)
		return "the result needs more variables than sbmbench uses";
	return NULL;
}

/*
 * Test only (save_test_fill=1): fill the store with 4 KiB variables until
 * the firmware refuses more, so that the margin check can be seen to say
 * no on a full store; they are deleted again after the save.
 */
#define FILL_MAX 4096

static void fill_name(unsigned i, CHAR16 name[16])
{
	static const char base[] = "SbmTestFill";
	unsigned k = 0;

	for (; base[k]; k++)
		name[k] = (CHAR16)base[k];
	name[k++] = (CHAR16)('0' + i / 1000 % 10);
	name[k++] = (CHAR16)('0' + i / 100 % 10);
	name[k++] = (CHAR16)('0' + i / 10 % 10);
	name[k++] = (CHAR16)('0' + i % 10);
	name[k] = 0;
}

/* With @junk: make up to @n variables until refused; without: delete
 * them in order until one is not there.  How many were made/deleted. */
static unsigned fill_store(const char *junk, size_t size, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++) {
		CHAR16 name[16];

		fill_name(i, name);
		if (EFI_ERROR(uefi_call_wrapper(RT->SetVariable, 5, name,
						&sbm_vendor_guid, SBM_VAR_ATTRS,
						junk ? size : 0, (void *)junk)))
			break;
	}
	return i;
}

static unsigned nfill;

/* SbmTestFill0000... left by a test run that died before its save (a
 * full NVRAM on every later boot) are deleted at start by every image,
 * test switches or not. */
void efi_results_prepare(const struct config *cfg)
{
	UINT64 max_var;
	unsigned left = fill_store(NULL, 0, FILL_MAX);

	if (left)
		report_printf("sbmbench: deleted %u SbmTestFill variables a "
			      "test run left in the store\n", left);

	if (cfg->save && cfg->save_test_fill) {
		static char junk[4096];

		memset(junk, 'x', sizeof(junk));
		nfill = fill_store(junk, sizeof(junk), FILL_MAX);
		report_printf("sbmbench: TEST save_test_fill=1: filled the "
			      "variable store with %u variables of 4 KiB\n",
			      nfill);
	}
	at_boot.known = cfg->save && !EFI_ERROR(query_store(&at_boot.size,
				&at_boot.remaining, &max_var));
}

void efi_results_save(const struct config *cfg)
{
	size_t len, part = RESULT_STORE_PART, nparts = 0;
	char msg[192], num[32];
	const char *why;
	unsigned bad = 0;
	EFI_STATUS st;

	/* test only: the store as it was (the check reads the numbers the
	 * filled store gave during boot) */
	fill_store(NULL, 0, nfill);
	nfill = 0;
	if (!cfg->save) {
		report_printf("sbmbench: save=0: result not kept in UEFI "
			      "variables\n");
		return;
	}

	if (efi_results_state == RESULTS_NOT_LOOKED) {
		report_printf("sbmbench: result not saved: this boot ended "
			      "before it looked for an earlier saved result, "
			      "which it must not replace\n");
		return;
	}
	if (efi_results_state == RESULTS_KEPT) {
		report_printf("sbmbench: result not saved: the variables still "
			      "hold an earlier result that could not be written "
			      "to the stick (or deleted)\n");
		return;
	}
	len = compact();
	if (!len) {
		report_printf("sbmbench: result not saved: no memory, or no "
			      "records kept\n");
		return;
	}
	/* Parts left without a part 0 (a delete cut short) go first: they
	 * would join a shorter new result.  One that stays blocks the save. */
	st = efi_results_delete(0, SBM_VAR_PARTS, &bad);
	if (EFI_ERROR(st)) {
		report_printf("sbmbench: result not saved: SbmResult%u, left "
			      "from an earlier result, cannot be deleted (%s)\n",
			      bad, efi_results_status(st, num));
		return;
	}
	why = store_refuses(len, &part, msg, sizeof(msg));
	if (why) {
		report_printf("sbmbench: result not saved in UEFI variables: "
			      "%s\n", why);
		return;
	}
	for (size_t off = 0; off < len; off += part, nparts++) {
		size_t n = len - off < part ? len - off : part;
		CHAR16 name[16];

		efi_results_var_name((unsigned)nparts, name);
		st = uefi_call_wrapper(RT->SetVariable, 5, name,
				       &sbm_vendor_guid, SBM_VAR_ATTRS, n,
				       store.buf + off);
		if (EFI_ERROR(st)) {
			report_printf("sbmbench: result not saved: SetVariable "
				      "of SbmResult%zu failed (%s)\n", nparts,
				      efi_results_status(st, num));
			/* part 0 first: a part that stays has no head */
			st = efi_results_delete(0, (unsigned)nparts, &bad);
			if (EFI_ERROR(st))
				report_printf("sbmbench: and SbmResult%u of it "
					      "could not be removed (%s)\n", bad,
					      efi_results_status(st, num));
			return;
		}
	}
	efi_results_saved = true;
	if (cfg->upload) {
		report_printf("sbmbench: result saved in %zu UEFI variable%s "
			      "(%zu bytes, %u records%s): the next network "
			      "boot sends it to the collector\n", nparts,
			      nparts == 1 ? "" : "s", len, store.kept,
			      store.dropped ? ", some left out" : "");
		return;
	}
	report_printf("sbmbench: result saved in %zu UEFI variable%s (%zu "
		      "bytes, %u records%s): boot this stick again to write it "
		      "to \\sbmbench\\results\\, or run tools/sbmbench fetch "
		      "under Linux\n", nparts, nparts == 1 ? "" : "s", len,
		      store.kept, store.dropped ? ", some left out" : "");
}
