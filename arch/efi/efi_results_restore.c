/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot after a saved run: before anything else, the result left in
 * UEFI variables (efi_results_save.c) is written to
 * \sbmbench\results\<run id>.log on the image's own volume
 * (efi_results_file.c), flushed, read back, and only then are the parts
 * read deleted.  Only "not found" for part 0 means nothing was saved: any
 * other error, a volume that cannot be written (read-only media, a full
 * stick) or a delete that fails keeps the variables for the next try or
 * for tools/sbmbench fetch under Linux, and this boot does not save its
 * own result over them.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "efi_plat.h"
#include "efi_results.h"
#include "options/config.h"
#include "output/report.h"

enum efi_results_state efi_results_state = RESULTS_NOT_LOOKED;

/* Test only: a smaller buffer per part (restore_test_buf=N, so that the
 * firmware refuses a part as too large), and a wait between the flushed
 * file and the delete (restore_test_pause_s=N, so a test can cut the
 * power there). */
static UINTN part_cap = RESULT_STORE_PART;
static unsigned pause_s;
static uint64_t upload;

enum efi_upload_state efi_upload_state = UPLOAD_NONE;

void efi_results_restore_options(const struct config *cfg)
{
	if (cfg->restore_test_buf)
		part_cap = cfg->restore_test_buf;
	pause_s = cfg->restore_test_pause_s;
	upload = cfg->upload;
}

/* What read_parts() found. */
struct parts {
	size_t len;		/* bytes read */
	unsigned n;		/* parts read; on an error, the refused one */
	UINTN size;		/* on an error, that part's size if known */
	UINT32 attrs;		/* on an error, its attributes if known */
};

/*
 * The saved parts, in order, into @buf (RESULT_STORE_MAX bytes); they end
 * where the next part is not found (or with the last).  EFI_NOT_FOUND
 * when part 0 is; any other error is part p->n's, and nothing read
 * counts: a part with other attributes than the save's is not sbmbench's
 * (EFI_ACCESS_DENIED, left alone).
 */
static EFI_STATUS read_parts(char *buf, struct parts *p)
{
	p->len = 0;
	for (p->n = 0; p->n < SBM_VAR_PARTS; p->n++) {
		CHAR16 name[16];
		EFI_STATUS st;

		p->size = part_cap;
		p->attrs = 0;
		efi_results_var_name(p->n, name);
		st = uefi_call_wrapper(RT->GetVariable, 5, name,
				       &sbm_vendor_guid, &p->attrs, &p->size,
				       buf + p->len);
		if (st == EFI_NOT_FOUND)
			return p->n ? EFI_SUCCESS : EFI_NOT_FOUND;
		if (EFI_ERROR(st))
			return st;
		if (p->attrs != SBM_VAR_ATTRS)
			return EFI_ACCESS_DENIED;
		p->len += p->size;
	}
	return EFI_SUCCESS;
}

/* Test only: cut the power here and the file is complete on the stick,
 * the variables still there. */
static void test_pause(void)
{
	if (!pause_s)
		return;
	report_printf("sbmbench: TEST restore_test_pause_s=%u: the file is "
		      "flushed; waiting %u s before deleting the variables\n",
		      pause_s, pause_s);
	for (unsigned i = 0; i < pause_s; i++)
		uefi_call_wrapper(BS->Stall, 1, 1000000);
}

static void say_found(const char *id, const char *buf, size_t len,
		      unsigned nparts)
{
	struct result_store_check chk;

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
}

/* The parts written to the stick go; true when all did. */
static bool delete_parts(const char *name, bool again, unsigned nparts)
{
	unsigned bad = 0;
	EFI_STATUS st = efi_results_delete(0, nparts, &bad);
	char num[32];

	if (EFI_ERROR(st)) {
		report_printf("sbmbench: %s \\sbmbench\\results\\%s, but could "
			      "not delete SbmResult%u (%s): a later boot finds "
			      "the file and deletes them; this run will not "
			      "save its own result\n", again ? "found" : "wrote",
			      name, bad, efi_results_status(st, num));
		return false;
	}
	if (again)
		report_printf("sbmbench: \\sbmbench\\results\\%s already holds "
			      "it (an earlier boot wrote it); deleted the "
			      "variables\n", name);
	else
		report_printf("sbmbench: wrote \\sbmbench\\results\\%s and read "
			      "it back; deleted the variables\n", name);
	return true;
}

/* upload=: to the collector; the variables go only once it
 * acknowledged the result's CRC.  True when sent and deleted. */
static bool send_result(void *image, const char *id, const char *buf,
			size_t len, unsigned nparts)
{
	uint32_t ip = CONFIG_UPLOAD_IP(upload);
	char to[32], why[192], num[32];
	unsigned bad = 0;
	EFI_STATUS st;

	snprintf(to, sizeof(to), "%u.%u.%u.%u:%u", ip >> 24, ip >> 16 & 255,
		 ip >> 8 & 255, ip & 255, CONFIG_UPLOAD_PORT(upload));
	efi_upload_state = UPLOAD_KEPT;
	if (efi_results_send(image, upload, buf, len, why, sizeof(why))) {
		report_printf("sbmbench: could not send run %s's result to the "
			      "collector at %s: %s; the variables stay (a later "
			      "boot tries again, or tools/sbmbench fetch under "
			      "Linux)\n", id, to, why);
		return false;
	}
	st = efi_results_delete(0, nparts, &bad);
	if (EFI_ERROR(st)) {
		report_printf("sbmbench: the collector at %s stored run %s's "
			      "result, but SbmResult%u could not be deleted "
			      "(%s): a later boot sends it again (stored "
			      "once)\n", to, id, bad,
			      efi_results_status(st, num));
		return false;
	}
	report_printf("sbmbench: sent run %s's result to the collector at %s, "
		      "which acknowledged its CRC-32; deleted the variables\n",
		      id, to);
	efi_upload_state = UPLOAD_DONE;
	return true;
}

bool efi_results_restore(void *image)
{
	char id[9], name[24], num[32], *buf;
	struct parts p;
	const char *why;
	bool again;
	EFI_STATUS st;

	efi_results_state = RESULTS_KEPT;
	buf = malloc(RESULT_STORE_MAX);
	if (!buf) {
		report_printf("sbmbench: no memory to look for a saved result: "
			      "any variables stay, and this run will not save "
			      "its own result\n");
		return false;
	}
	st = read_parts(buf, &p);
	if (st == EFI_NOT_FOUND) {
		free(buf);
		efi_results_state = RESULTS_CLEAR;
		return false;
	}
	if (EFI_ERROR(st)) {
		char what[96];

		if (st == EFI_BUFFER_TOO_SMALL)
			snprintf(what, sizeof(what), "EFI_BUFFER_TOO_SMALL: "
				 "%llu bytes, more than a part's %llu",
				 (unsigned long long)p.size,
				 (unsigned long long)part_cap);
		else if (st == EFI_ACCESS_DENIED)
			snprintf(what, sizeof(what), "attributes %#x, not "
				 "sbmbench's", (unsigned)p.attrs);
		else
			snprintf(what, sizeof(what), "%s",
				 efi_results_status(st, num));
		report_printf("sbmbench: a saved result is there, but "
			      "SbmResult%u cannot be read (%s): the variables "
			      "stay (tools/sbmbench fetch reads them under "
			      "Linux), nothing is written or deleted, and this "
			      "run will not save its own result\n", p.n, what);
		free(buf);
		return false;
	}
	if (result_store_run_id(buf, p.len, id))
		strcpy(id, "unknown");
	say_found(id, buf, p.len, p.n);
	if (upload) {
		bool sent = send_result(image, id, buf, p.len, p.n);

		free(buf);
		if (sent)
			efi_results_state = RESULTS_CLEAR;
		return sent;
	}
	why = efi_results_write(image, id, buf, p.len, name, &again);
	free(buf);
	if (why) {
		report_printf("sbmbench: could not write it to the stick: %s; "
			      "the variables stay (tools/sbmbench fetch reads "
			      "them under Linux), and this run will not replace "
			      "them\n", why);
		return false;
	}
	test_pause();
	if (delete_parts(name, again, p.n))
		efi_results_state = RESULTS_CLEAR;
	return true;
}
