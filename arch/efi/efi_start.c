/* SPDX-License-Identifier: BSD-2-Clause */
/* The start, the boot hooks and the early end both UEFI images share; see
 * efi_plat.h and core/boot/boot.h. */
#include <efi.h>
#include <efilib.h>

#include "arch.h"
#include "efi_plat.h"
#include "efi_results.h"
#include "engine/engine.h"
#include "options/config.h"
#include "output/report.h"

static void *boot_image;	/* the image's handle, for its load options */

int efi_start(void *image, void *systab, size_t heap_max, uint64_t heap_below)
{
	size_t heap_size;
	void *heap;

	InitializeLib(image, systab);
	boot_image = image;
	uefi_call_wrapper(BS->SetWatchdogTimer, 4, 0, 0, 0, NULL);
	/* a smaller heap on small machines: 8 MiB still runs 64 CPUs */
	heap = efi_alloc_heap(heap_max, 8u << 20, heap_below, &heap_size);
	if (!heap) {
		plat_console_write("sbmbench: no memory\n", 20);
		return -1;
	}
	heap_set(heap, heap_size);
	return 0;
}

void efi_fail_early(const struct engine *e, const char *msg)
{
	report_early_end(&e->info, "setup", msg);
	efi_results_save(e->cfg);	/* why it failed, for a screen-only user */
	efi_boot_end((struct engine *)e, 1);
}

int efi_boot_options(struct engine *e, char *err, size_t len)
{
	return efi_options(boot_image, e->cfg, err, len);
}

bool efi_boot_restore(struct engine *e)
{
	bool done;

	efi_results_restore_options(e->cfg);
	done = efi_results_restore(boot_image);
	/* in a lab the boot that sends a result is for that alone, unless
	 * after_upload=run; one that could not send it must not run: its
	 * own result could not be saved over the kept one */
	if (efi_upload_state == UPLOAD_DONE && !e->cfg->run_after_upload) {
		report_printf("sbmbench: after_upload=off: powering off\n");
		plat_power_off(0, e->cfg->exit);
	}
	if (efi_upload_state == UPLOAD_DONE)
		report_printf("sbmbench: after_upload=run: running again\n");
	if (efi_upload_state == UPLOAD_KEPT) {
		report_printf("sbmbench: not running: the saved result is still "
			      "in the variables; powering off\n");
		plat_power_off(1, e->cfg->exit);
	}
	return done;
}

void efi_boot_prepare_save(struct engine *e)
{
	efi_results_prepare(e->cfg);
}

/* ExitBootServices; the final memory map in @final when not NULL. */
void efi_boot_exit(struct engine *e, struct efi_memmap *final)
{
	if (efi_exit_boot_services(boot_image, final))
		efi_fail_early(e, "ExitBootServices failed");
}

void efi_boot_save(struct engine *e)
{
	efi_results_save(e->cfg);
}

void efi_boot_end(struct engine *e, int status)
{
	/* upload=: the result goes to the collector from the next boot,
	 * which the firmware starts from the network again */
	if (e->cfg->upload && efi_results_saved && e->cfg->exit) {
		efi_screen_hold();
		report_printf("sbmbench: resetting: the next network boot "
			      "sends the result to the collector\n");
		uefi_call_wrapper(RT->ResetSystem, 4, EfiResetCold, EFI_SUCCESS,
				  0, NULL);
		report_printf("sbmbench: the reset failed\n");
	}
	plat_power_off(status, e->cfg->exit);
}

/* Every early end is a setup failure on the UEFI images. */
void efi_boot_fail(struct engine *e, const char *what, const char *why)
{
	(void)what;
	efi_fail_early(e, why);
}
