/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * After the run: the compact result (result_store.h), collected while the
 * records were printed, goes into non-volatile UEFI variables through the
 * runtime services, which outlive ExitBootServices (the image never calls
 * SetVirtualAddressMap, so they still run at their physical addresses).
 * The next boot of the stick writes them to a file (efi_results_restore.c).
 * A firmware's variable store is small and firmware has been bricked by
 * full stores: nothing is written unless a good margin stays free.
 */
#include <efi.h>
#include <efilib.h>
#include <stdlib.h>

#include "efi_plat.h"
#include "efi_results.h"
#include "report.h"

#define KEEP_FREE_MIN	(16u * 1024)	/* and a quarter of the store */
#define VAR_OVERHEAD	128		/* header and name, per variable */

static struct result_store store;

static void keep_record(const char *line, size_t n)
{
	result_store_add(&store, line, n);
}

void efi_results_keep(void)
{
	char *buf = malloc(RESULT_STORE_MAX);

	if (!buf)
		return;		/* the run goes on; save says why not */
	result_store_init(&store, buf, RESULT_STORE_MAX);
	report_set_tap(keep_record);
}

/* Why the store may not take @need bytes, or NULL when it may. */
static const char *store_refuses(size_t need, size_t *part)
{
	UINT64 size, remaining, max_var;
	EFI_STATUS st;
	UINT64 keep;

	if (RT->Hdr.Revision < (2u << 16))	/* UEFI 2.0 */
		return "firmware before UEFI 2.0 cannot say how full its "
		       "variable store is";
	st = uefi_call_wrapper(RT->QueryVariableInfo, 4, SBM_VAR_ATTRS,
			       &size, &remaining, &max_var);
	if (EFI_ERROR(st))
		return "QueryVariableInfo failed";
	if (max_var <= VAR_OVERHEAD + 512)
		return "the firmware's largest variable is too small";
	*part = RESULT_STORE_PART;
	if (*part > max_var - VAR_OVERHEAD)
		*part = (size_t)(max_var - VAR_OVERHEAD);
	if ((need + *part - 1) / *part > SBM_VAR_PARTS)
		return "the result needs more variables than sbmbench uses";
	keep = size / 4 > KEEP_FREE_MIN ? size / 4 : KEEP_FREE_MIN;
	if (remaining < need + SBM_VAR_PARTS * VAR_OVERHEAD + keep)
		return "the variable store is too full to keep a safe margin";
	return NULL;
}

void efi_results_save(const struct config *cfg)
{
	size_t len, part = RESULT_STORE_PART, nparts = 0;
	const char *why;

	report_set_tap(NULL);
	if (!cfg->save) {
		report_printf("sbmbench: save=0: result not kept in UEFI "
			      "variables\n");
		return;
	}
	if (!store.buf) {
		report_printf("sbmbench: result not saved: no memory to "
			      "collect it\n");
		return;
	}
	if (efi_results_pending) {
		report_printf("sbmbench: result not saved: the variables still "
			      "hold an earlier result that could not be written "
			      "to the stick\n");
		return;
	}
	len = result_store_finish(&store);
	/* old parts first: a longer earlier result must not leave a tail */
	efi_results_delete();
	why = store_refuses(len, &part);
	if (why) {
		report_printf("sbmbench: result not saved in UEFI variables: "
			      "%s\n", why);
		return;
	}
	for (size_t off = 0; off < len; off += part, nparts++) {
		size_t n = len - off < part ? len - off : part;
		CHAR16 name[16];
		EFI_STATUS st;

		efi_results_var_name((unsigned)nparts, name);
		st = uefi_call_wrapper(RT->SetVariable, 5, name,
				       &sbm_vendor_guid, SBM_VAR_ATTRS, n,
				       store.buf + off);
		if (EFI_ERROR(st)) {
			report_printf("sbmbench: result not saved: SetVariable "
				      "failed (status %#llx); removed what was "
				      "written\n", (unsigned long long)st);
			efi_results_delete();
			return;
		}
	}
	report_printf("sbmbench: result saved in %zu UEFI variable%s (%zu "
		      "bytes, %u records%s): boot this stick again to write it "
		      "to \\sbmbench\\results\\, or run tools/sbmbench fetch "
		      "under Linux\n", nparts, nparts == 1 ? "" : "s", len,
		      store.kept, store.dropped ? ", some left out" : "");
}
