/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The framebuffer a firmware's video mode describes (UEFI GOP: mode
 * information, base and size), checked before anything is drawn on it:
 * the firmware's numbers are hostile like every other table of its.
 */
#ifndef SBM_FB_MODE_H
#define SBM_FB_MODE_H

#include <stdint.h>

#include "output/fb.h"

/* EFI_GRAPHICS_PIXEL_FORMAT's values (UEFI 2.10, 12.9) */
enum fb_mode_format {
	FB_MODE_RGBX = 0,	/* PixelRedGreenBlueReserved8BitPerColor */
	FB_MODE_BGRX = 1,	/* PixelBlueGreenRedReserved8BitPerColor */
	FB_MODE_BITMASK = 2,	/* PixelBitMask */
	FB_MODE_BLT_ONLY = 3,	/* PixelBltOnly: no linear framebuffer */
};

struct fb_mode {
	uint64_t base, size;		/* FrameBufferBase, FrameBufferSize */
	uint32_t width, height;		/* Horizontal-, VerticalResolution */
	uint32_t stride;		/* PixelsPerScanLine */
	uint32_t format;		/* enum fb_mode_format, or anything */
	uint32_t rmask, gmask, bmask, xmask;	/* PixelBitMask only */
};

/*
 * Fill @fb from @m: returns the pixel layout's name ("rgbx", "bgrx",
 * "bitmask"), or NULL with *why set ("blt-only", "unknown-format",
 * "bitmask-not-32bpp", "bad-framebuffer") when there is no screen to use.
 */
const char *fb_from_mode(const struct fb_mode *m, struct fb *fb,
			 const char **why);

#endif
