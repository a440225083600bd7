/* SPDX-License-Identifier: BSD-2-Clause */
/* The start and the early end both UEFI images share; see efi_plat.h. */
#include <efi.h>
#include <efilib.h>

#include "arch.h"
#include "efi_plat.h"
#include "engine/engine.h"
#include "out/report.h"

int efi_start(void *image, void *systab, size_t heap_max, uint64_t heap_below)
{
	size_t heap_size;
	void *heap;

	InitializeLib(image, systab);
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
	efi_results_save(&e->cfg);	/* why it failed, for a screen-only user */
	plat_power_off(1, e->cfg.exit);
}
