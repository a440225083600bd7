/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The screen on UEFI: the GOP framebuffer, taken before ExitBootServices
 * and drawn on by core/screen.c afterwards (the framebuffer stays where
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
#include "engine.h"
#include "isa_ops.h"
#include "report.h"
#include "screen.h"

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

/* The pixel layout, or NULL with *why set when there is none to use. */
static const char *pixel_format(const EFI_GRAPHICS_OUTPUT_MODE_INFORMATION *mi,
				struct fb *fb, const char **why)
{
	const EFI_PIXEL_BITMASK *m = &mi->PixelInformation;

	switch (mi->PixelFormat) {
	case PixelRedGreenBlueReserved8BitPerColor:
		fb->rmask = 0xff, fb->gmask = 0xff00, fb->bmask = 0xff0000;
		return "rgbx";
	case PixelBlueGreenRedReserved8BitPerColor:
		fb->rmask = 0xff0000, fb->gmask = 0xff00, fb->bmask = 0xff;
		return "bgrx";
	case PixelBitMask:
		/* 32-bit pixels only: a mask in the top byte says so */
		if (!((m->RedMask | m->GreenMask | m->BlueMask |
		       m->ReservedMask) >> 24)) {
			*why = "bitmask-not-32bpp";
			return NULL;
		}
		fb->rmask = m->RedMask, fb->gmask = m->GreenMask;
		fb->bmask = m->BlueMask;
		return "bitmask";
	case PixelBltOnly:
		*why = "blt-only";
		return NULL;
	default:
		*why = "unknown-format";
		return NULL;
	}
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
		mi = gop->Mode->Info;
		format = pixel_format(mi, &fb, &why);
		fb.base = (volatile uint32_t *)(uintptr_t)gop->Mode->FrameBufferBase;
		fb.width = mi->HorizontalResolution;
		fb.height = mi->VerticalResolution;
		fb.stride = mi->PixelsPerScanLine;
		if (format && (!fb.base || fb.stride < fb.width ||
			       gop->Mode->FrameBufferSize <
			       (uint64_t)fb.stride * fb.height * 4)) {
			why = "bad-framebuffer";
			format = NULL;
		}
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
	if (!bound || !bound->cfg.exit)
		return 0;	/* a halt keeps the picture anyway */
	return bound->cfg.hold_s < 0 ? CONFIG_HOLD_MAX_S :
	       (unsigned)bound->cfg.hold_s;
}

void efi_screen_before_end(void)
{
	bool uart = false;
	unsigned s = hold_seconds();

	screen_before_end();
	if (!screen_active())
		return;
	efi_uart_key(&uart);
	if (bound && !bound->cfg.exit)
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
