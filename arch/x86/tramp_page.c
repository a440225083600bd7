// SPDX-License-Identifier: BSD-2-Clause
/*
 * The AP trampoline page when the firmware left none free below 640 KiB
 * (big machines fill low memory with boot-services data): after
 * ExitBootServices that memory is ours, so the page comes from the final
 * memory map, boot-services code and data included.  Never page 0 (the
 * real-mode IVT and the BIOS data area) nor the EBDA.
 */
#include <efi.h>
#include <efilib.h>

#include "x86.h"

#define LOW_TOP		0xa0000ull	/* 640 KiB: VGA and ROMs above */
#define EBDA_MIN	0x20000ull	/* an EBDA pointer below is nonsense */

/* A 16-bit field of the BIOS data area at physical @addr (< 4 KiB). */
static uint16_t bda16(uintptr_t addr)
{
	/* hidden from GCC, which takes a constant address this low for a
	 * null-pointer offset */
	__asm__("" : "+r"(addr));
	return *(volatile const uint16_t *)addr;
}

/*
 * The top of usable low memory: 640 KiB, lowered to the EBDA and to the
 * BDA's base memory size when the BDA holds believable values (a CSM or
 * the firmware fills it; UEFI without a CSM may leave anything there).
 */
static uint64_t low_top(void)
{
	uint64_t top = LOW_TOP;
	uint64_t ebda = (uint64_t)bda16(0x40e) << 4;
	uint64_t base = (uint64_t)bda16(0x413) << 10;

	if (ebda >= EBDA_MIN && ebda < top)
		top = ebda;
	if (base >= EBDA_MIN && base < top)
		top = base;
	return top & ~0xfffull;
}

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
	uint64_t top = low_top(), best = 0, need = (uint64_t)pages << 12;

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
