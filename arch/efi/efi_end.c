/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * After the run, before the end record (core/arch.h): the screen's QR
 * codes.  The other way out, the result saved in UEFI variables, comes
 * after the end record (efi_results_save(), from efi_main): it saves the
 * end record with the rest and says so on the console.
 */
#include "arch.h"
#include "efi_plat.h"
#include "output/screen.h"

void plat_before_end(void)
{
	efi_screen_before_end();
}

void plat_end_record(const char *line, size_t len)
{
	screen_end_record(line, len);
}
