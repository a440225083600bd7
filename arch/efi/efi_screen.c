/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The screen on UEFI: the GOP framebuffer, taken before ExitBootServices
 * and drawn on by core/output/screen.c afterwards (the framebuffer stays where
 * it is; only the GOP's functions go away).  A GOP without a linear
 * framebuffer (PixelBltOnly, e.g. virtio-gpu) gives no screen.  At the
 * end (efi_end.c) the QR codes are drawn; after the end record the
 * picture holds for hold_s seconds, or until a key arrives on the serial
 * console.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>

#include "arch.h"
#include "efi_plat.h"
#include "engine/engine.h"
#include "options/config.h"
#include "output/fb_mode.h"
#include "isa_ops.h"
#include "output/report.h"
#include "output/screen.h"

/* core's copy of the pixel formats is the firmware's numbering */
_Static_assert((int)PixelRedGreenBlueReserved8BitPerColor == FB_MODE_RGBX &&
	       (int)PixelBlueGreenRedReserved8BitPerColor == FB_MODE_BGRX &&
	       (int)PixelBitMask == FB_MODE_BITMASK &&
	       (int)PixelBltOnly == FB_MODE_BLT_ONLY,
	       "EFI_GRAPHICS_PIXEL_FORMAT");

static const struct engine *bound;
static char size_text[24];

static EFI_GRAPHICS_OUTPUT_PROTOCOL *find_gop(void)
{
	EFI_GUID guid = EFI_GRAPHICS_OUTPUT_PROTOCOL_GUID;
	void *gop = NULL;

	/* the console's own first: a machine may have several */
	if (ST->ConsoleOutHandle &&
	    !EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3,
					 ST->ConsoleOutHandle, &guid, &gop)) &&
	    gop)
		return gop;
	if (EFI_ERROR(uefi_call_wrapper(BS->LocateProtocol, 3, &guid, NULL,
					&gop)))
		return NULL;
	return gop;
}

void efi_screen_init(struct engine *e)
{
	EFI_GRAPHICS_OUTPUT_PROTOCOL *gop = find_gop();
	EFI_GRAPHICS_OUTPUT_MODE_INFORMATION *mi;
	const char *why = "no-gop", *format = NULL;
	struct fb fb = { 0 };

	bound = e;
	e->info.screen = "none";
	if (gop && gop->Mode && gop->Mode->Info) {
		const EFI_PIXEL_BITMASK *m;
		struct fb_mode mode;

		mi = gop->Mode->Info;
		m = &mi->PixelInformation;
		mode = (struct fb_mode){
			.base = gop->Mode->FrameBufferBase,
			.size = gop->Mode->FrameBufferSize,
			.width = mi->HorizontalResolution,
			.height = mi->VerticalResolution,
			.stride = mi->PixelsPerScanLine,
			.format = (uint32_t)mi->PixelFormat,
			.rmask = m->RedMask, .gmask = m->GreenMask,
			.bmask = m->BlueMask, .xmask = m->ReservedMask,
		};
		format = fb_from_mode(&mode, &fb, &why);
	}
	if (format && screen_init(&fb)) {
		why = "too-small";
		format = NULL;
	}
	e->info.screen_format = format ? format : why;
	if (!format)
		return;
	snprintf(size_text, sizeof(size_text), "%ux%u", fb.width, fb.height);
	e->info.screen = size_text;
	/* the firmware's text console must not draw over ours */
	uefi_call_wrapper(ST->ConOut->EnableCursor, 2, ST->ConOut, FALSE);
}

static unsigned hold_seconds(void)
{
	if (!bound || !bound->cfg->exit)
		return 0;	/* a halt keeps the picture anyway */
	return bound->cfg->hold_s < 0 ? CONFIG_HOLD_MAX_S :
	       (unsigned)bound->cfg->hold_s;
}

void efi_screen_before_end(void)
{
	bool uart = false;
	unsigned s = hold_seconds();

	screen_before_end();
	if (!screen_active())
		return;
	efi_uart_key(&uart);
	if (bound && !bound->cfg->exit)
		report_printf("screen: exit=0, the picture stays until the "
			      "machine is switched off\n");
	else if (s)
		report_printf("screen: holding %u s after the end record%s\n",
			      s, uart ? "; a key on the serial console ends it"
				      : "");
}

void efi_screen_hold(void)
{
	unsigned s = hold_seconds();
	uint64_t hz = bound ? bound->info.counter_hz : 0, t0;
	bool uart;

	if (!screen_active() || !s)
		return;
	while (efi_uart_key(&uart))
		;	/* what arrived before the hold is not an answer */
	if (hz) {
		t0 = isa_counter();
		while (isa_counter() - t0 < hz * s && !efi_uart_key(&uart))
			isa_relax();
	} else if (efi_boot_services) {
		for (unsigned ms = 0; ms < s * 1000 && !efi_uart_key(&uart);
		     ms += 10)
			efi_stall_us(10000);
	}
}
