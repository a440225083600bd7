/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A linear 32-bit framebuffer that the platform found (UEFI GOP) or a test
 * made in memory, and the few ways the screen console draws on it.  Every
 * pixel is one aligned 32-bit store through a volatile pointer: video
 * memory may be mapped as device memory, where wider, unaligned or
 * cache-zeroing stores (a library memset) fault.  Nothing here reads the
 * framebuffer back (reads from video memory are slow).
 */
#ifndef SBM_FB_H
#define SBM_FB_H

#include <stdint.h>

struct fb {
	volatile uint32_t *base;
	uint32_t width, height;	/* pixels */
	uint32_t stride;	/* pixels from one row to the next */
	/* where each 8-bit channel goes in a pixel */
	uint32_t rmask, gmask, bmask;
};

/* The pixel for a colour given as 0xRRGGBB. */
uint32_t fb_color(const struct fb *fb, uint32_t rgb);

/* Fill a rectangle (clipped to the screen). */
void fb_fill(const struct fb *fb, uint32_t x, uint32_t y, uint32_t w,
	     uint32_t h, uint32_t pixel);

/* Draw a QR module matrix (@size x @size, 1 = dark) with @quiet light
 * modules around it, @px pixels a module, its top left corner at (x, y).
 * Returns the side drawn in pixels, or 0 when it does not fit. */
uint32_t fb_qr(const struct fb *fb, uint32_t x, uint32_t y,
	       const uint8_t *modules, int size, int quiet, uint32_t px,
	       uint32_t dark, uint32_t light);

#endif
