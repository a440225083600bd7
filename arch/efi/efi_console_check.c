// SPDX-License-Identifier: BSD-2-Clause
/*
 * A console address SPCR or the DT named, checked against the firmware's
 * memory map before the first access (core/fw/uart_check.c decides): a
 * "UART" in RAM would scribble on memory that the firmware, or we, use.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "efi_plat.h"
#include "fw/uart_check.h"

/* Memory the firmware or an OS keeps data in. */
static bool is_ram_type(UINT32 type)
{
	switch (type) {
	case EfiLoaderCode:
	case EfiLoaderData:
	case EfiBootServicesCode:
	case EfiBootServicesData:
	case EfiRuntimeServicesCode:
	case EfiRuntimeServicesData:
	case EfiConventionalMemory:
	case EfiACPIReclaimMemory:
	case EfiACPIMemoryNVS:
	case 14:	/* EfiPersistentMemory */
	case 15:	/* EfiUnacceptedMemoryType */
		return true;
	default:
		return false;
	}
}

/* Memory at all: what the map describes, device space aside. */
static bool is_memory_type(UINT32 type)
{
	return type != EfiMemoryMappedIO &&
	       type != EfiMemoryMappedIOPortSpace && type < EfiMaxMemoryType;
}

/* The ranges of the current memory map whose type @want takes
 * (malloc'd), or NULL. */
static struct uart_ram_range *map_ranges(bool (*want)(UINT32), unsigned *n)
{
	UINTN size = 0, key, dsize = 0;
	UINT32 dver;
	uint8_t *map;
	struct uart_ram_range *r;

	*n = 0;
	uefi_call_wrapper(BS->GetMemoryMap, 5, &size, NULL, &key, &dsize,
			  &dver);
	if (!dsize || dsize < sizeof(EFI_MEMORY_DESCRIPTOR))
		return NULL;
	size += 8 * dsize;	/* malloc below may split an entry */
	map = malloc(size);
	r = malloc(size / dsize * sizeof(*r));
	if (!map || !r ||
	    EFI_ERROR(uefi_call_wrapper(BS->GetMemoryMap, 5, &size,
					(EFI_MEMORY_DESCRIPTOR *)map, &key,
					&dsize, &dver))) {
		free(map);
		free(r);
		return NULL;
	}
	for (UINTN off = 0; off + dsize <= size; off += dsize) {
		const EFI_MEMORY_DESCRIPTOR *d = (const void *)(map + off);

		if (!want(d->Type) || !d->NumberOfPages ||
		    d->NumberOfPages > (~0ull >> EFI_PAGE_SHIFT))
			continue;
		r[*n].start = d->PhysicalStart;
		r[*n].len = d->NumberOfPages << EFI_PAGE_SHIFT;
		(*n)++;
	}
	free(map);
	return r;
}

int efi_console_mmio_check(uint64_t base, uint64_t span, unsigned width,
			   const char **why)
{
	struct uart_ram_range *ram = NULL;
	unsigned n = 0;
	int rc = -1;

	/* not proven safe without the map: refused */
	*why = "no memory map to check it against";
	if (efi_boot_services && (ram = map_ranges(is_ram_type, &n)))
		rc = uart_mmio_check(base, span, width, ram, n, why);
	free(ram);
	return rc;
}

int efi_console_port_check(uint64_t port, const char **why)
{
	return uart_port_check(port, why);
}

void efi_console_note(const char *msg)
{
	if (!efi_boot_services)
		return;
	efi_conout_write("sbmbench: ", 10);
	efi_conout_write(msg, strlen(msg));
	efi_conout_write("\n", 1);
}

bool efi_in_memory(uint64_t base, uint64_t len)
{
	unsigned n = 0;
	struct uart_ram_range *r;
	uint64_t at = base, end = base + len;
	bool moved = true;

	if (!len || end < base || !efi_boot_services ||
	    !(r = map_ranges(is_memory_type, &n)))
		return false;
	/* covered piece by piece: a table may straddle two descriptors */
	while (at < end && moved) {
		moved = false;
		for (unsigned i = 0; i < n; i++)
			if (at >= r[i].start && at - r[i].start < r[i].len) {
				at = r[i].start + r[i].len;
				moved = true;
			}
	}
	free(r);
	return at >= end;
}
