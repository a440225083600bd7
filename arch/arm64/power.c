/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The end of a run: PSCI SYSTEM_OFF (QEMU exits 0; the "@sbm end" record
 * is the verdict), else the UEFI runtime shutdown, else park.
 */
#include <efi.h>
#include <efilib.h>

#include "arm64.h"
#include "output/report.h"

static void park(void) __attribute__((noreturn));
static void park(void)
{
	__asm__ volatile("msr daifset, #0xf");
	for (;;)
		__asm__ volatile("wfi");
}

void plat_power_off(int status, bool do_exit)
{
	if (!do_exit)
		park();
	efi_screen_hold();
	psci_system_off();
	/* Runtime services stay callable after ExitBootServices. */
	uefi_call_wrapper(RT->ResetSystem, 4, EfiResetShutdown,
			  status ? EFI_ABORTED : EFI_SUCCESS, 0, NULL);
	report_power_off_failed();
	park();
}
