/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * After the run, before the end record (core/arch.h): the ways the
 * result leaves a UEFI machine besides the serial console.  Today the
 * screen's QR codes; results saved in UEFI variables belong here too,
 * before the end record (their records are counted by it) and with the
 * end record in hand (it is saved with the rest).
 */
#include "arch.h"
#include "efi_plat.h"
#include "screen.h"

void plat_before_end(void)
{
	efi_screen_before_end();
}

void plat_end_record(const char *line, size_t len)
{
	screen_end_record(line, len);
}
