/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware services both UEFI images use before ExitBootServices: pages,
 * the configuration table (RSDP, DTB), ConOut, Stall, and the exit itself.
 */
#include <efi.h>
#include <efilib.h>

#include "efi_plat.h"
#include "output/screen.h"

bool efi_boot_services = true;

void efi_conout_write(const char *s, size_t n)
{
	CHAR16 buf[128];
	size_t k = 0;

	/* Without a UART this is the only serial output before
	 * ExitBootServices (firmware console redirection), so it stays even
	 * with a screen: the firmware's console draws there too, and the
	 * screen is drawn again once boot services are gone. */
	if (!efi_boot_services)
		return;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			buf[k++] = '\r';
		buf[k++] = (unsigned char)s[i];
		if (k >= 126 || i + 1 == n) {
			buf[k] = 0;
			uefi_call_wrapper(ST->ConOut->OutputString, 2,
					  ST->ConOut, buf);
			k = 0;
		}
	}
}

void efi_stall_us(unsigned us)
{
	uefi_call_wrapper(BS->Stall, 1, us);
}

void *efi_alloc_pages(uint64_t max, size_t bytes, bool code)
{
	EFI_PHYSICAL_ADDRESS a = max;

	if (EFI_ERROR(uefi_call_wrapper(BS->AllocatePages, 4,
					max ? AllocateMaxAddress :
					AllocateAnyPages,
					code ? EfiLoaderCode : EfiLoaderData,
					EFI_SIZE_TO_PAGES(bytes), &a)))
		return NULL;
	return (void *)(uintptr_t)a;
}

void *efi_alloc_heap(size_t max, size_t min, uint64_t below, size_t *got)
{
	for (size_t sz = max; sz >= min; sz /= 2) {
		void *p = efi_alloc_pages(below, sz, false);

		if (p) {
			*got = sz;
			return p;
		}
	}
	*got = 0;
	return NULL;
}

static void *config_table(EFI_GUID *guid)
{
	for (UINTN i = 0; i < ST->NumberOfTableEntries; i++) {
		EFI_CONFIGURATION_TABLE *ct = &ST->ConfigurationTable[i];

		if (!CompareGuid(&ct->VendorGuid, guid))
			return ct->VendorTable;
	}
	return NULL;
}

uint64_t efi_find_rsdp(void)
{
	EFI_GUID acpi20 = ACPI_20_TABLE_GUID, acpi10 = ACPI_TABLE_GUID;
	void *p = config_table(&acpi20);

	if (!p)
		p = config_table(&acpi10);
	return (uint64_t)(uintptr_t)p;
}

const void *efi_find_dtb(void)
{
	/* EFI_DTB_TABLE_GUID, from the UEFI spec's DT binding */
	EFI_GUID dtb = { 0xb1b621d5, 0xf19c, 0x41a5,
			 { 0x83, 0x0b, 0xd9, 0x15, 0x2c, 0x69, 0xaa, 0xe0 } };

	return config_table(&dtb);
}

const void *efi_find_smbios(bool *v3)
{
	/* SMBIOS3_TABLE_GUID and SMBIOS_TABLE_GUID, from the UEFI spec */
	EFI_GUID sm3 = { 0xf2fd1544, 0x9794, 0x4a2c,
			 { 0x99, 0x2e, 0xe5, 0xbb, 0xcf, 0x20, 0xe3, 0x94 } };
	EFI_GUID sm2 = { 0xeb9d2d31, 0x2d88, 0x11d3,
			 { 0x9a, 0x16, 0x00, 0x90, 0x27, 0x3f, 0xc1, 0x4d } };
	const void *p = config_table(&sm3);

	*v3 = p != NULL;
	return p ? p : config_table(&sm2);
}

int efi_exit_boot_services(void *image, struct efi_memmap *final)
{
	UINTN size = 0, key, dsize;
	UINT32 dver;
	EFI_MEMORY_DESCRIPTOR *map = NULL;
	EFI_STATUS st;

	uefi_call_wrapper(BS->GetMemoryMap, 5, &size, map, &key, &dsize,
			  &dver);
	size += 16 * sizeof(EFI_MEMORY_DESCRIPTOR);	/* room for our pages */
	map = efi_alloc_pages(0, size, false);
	if (!map)
		return -1;
	for (int tries = 0; tries < 2; tries++) {
		UINTN sz = size;

		st = uefi_call_wrapper(BS->GetMemoryMap, 5, &sz, map, &key,
				       &dsize, &dver);
		if (EFI_ERROR(st))
			return -1;
		st = uefi_call_wrapper(BS->ExitBootServices, 2, image, key);
		if (!EFI_ERROR(st)) {
			efi_boot_services = false;
			if (final) {
				final->map = map;
				final->size = sz;
				final->dsize = dsize;
			}
			screen_repaint();
			return 0;
		}
		/* EFI_INVALID_PARAMETER: the map changed; once more. */
	}
	return -1;
}
