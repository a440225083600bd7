/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The end of a run.  QEMU's isa-debug-exit (port 0xf4) turns the status
 * into its exit code; there is no reliable probe for it, so the write is
 * always made: port 0xf4 is unassigned on PC hardware, where the byte goes
 * nowhere.  Then the UEFI runtime shutdown, then halt.
 */
#include <efi.h>
#include <efilib.h>

#include "output/report.h"
#include "x86.h"

void x86_cpu_halt_forever(void)
{
	for (;;)
		__asm__ volatile("cli; hlt");
}

void plat_power_off(int status, bool do_exit)
{
	if (!do_exit)
		x86_cpu_halt_forever();
	efi_screen_hold();
	outb(0xf4, status ? 1 : 0);
	/* Runtime services stay callable after ExitBootServices. */
	uefi_call_wrapper(RT->ResetSystem, 4, EfiResetShutdown,
			  status ? EFI_ABORTED : EFI_SUCCESS, 0, NULL);
	report_power_off_failed();
	x86_cpu_halt_forever();
}
