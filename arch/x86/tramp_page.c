// SPDX-License-Identifier: BSD-2-Clause
/*
 * The AP trampoline page when the firmware left none free below 640 KiB
 * (big machines fill low memory with boot-services data): after
 * ExitBootServices that memory is ours, so the page comes from the final
 * memory map, boot-services code and data included.  Never page 0 (the
 * real-mode IVT and the BIOS data area).
 */
#include <efi.h>
#include <efilib.h>

#include "x86.h"

#define LOW_TOP		0xa0000ull	/* 640 KiB: VGA and ROMs above */

/*
 * Below 640 KiB the memory map alone says what is free (an EBDA is not
 * listed as usable).  The BIOS data area at page 0 is not read: UEFI
 * without a CSM may leave anything there, and firmware that traps NULL
 * dereferences leaves page 0 unmapped.
 */
static const char *usable_type(UINT32 type)
{
	switch (type) {
	case EfiConventionalMemory:
		return "conventional memory";
	case EfiBootServicesCode:
		return "boot-services code";
	case EfiBootServicesData:
		return "boot-services data";
	default:
		return NULL;
	}
}

uint64_t x86_tramp_page_late(const struct efi_memmap *m, unsigned pages,
			     const char **type)
{
	uint64_t top = LOW_TOP, best = 0, need = (uint64_t)pages << 12;

	*type = NULL;
	if (!m->map || m->dsize < sizeof(EFI_MEMORY_DESCRIPTOR))
		return 0;
	for (size_t off = 0; off + m->dsize <= m->size; off += m->dsize) {
		const EFI_MEMORY_DESCRIPTOR *d =
			(const void *)((const uint8_t *)m->map + off);
		const char *t = usable_type(d->Type);
		uint64_t lo = d->PhysicalStart, hi;

		if (!t || lo >= top)
			continue;
		/* clipped at top, without overflowing on a huge count */
		hi = d->NumberOfPages >= (top - lo) >> 12 ?
			top : lo + (d->NumberOfPages << 12);
		if (lo < 0x1000)
			lo = 0x1000;	/* never page 0 */
		/* the highest fit, as AllocateMaxAddress would give */
		if (hi > lo && hi - lo >= need && hi - need > best) {
			best = hi - need;
			*type = t;
		}
	}
	return best;
}

unsigned x86_take_low_memory(void)
{
	unsigned n = 0;

	for (;;) {
		EFI_PHYSICAL_ADDRESS a = LOW_TOP - 1;

		if (EFI_ERROR(uefi_call_wrapper(BS->AllocatePages, 4,
						AllocateMaxAddress,
						EfiBootServicesData, 1, &a)))
			return n;
		n++;
	}
}
