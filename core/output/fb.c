/* SPDX-License-Identifier: BSD-2-Clause */
#include "output/fb.h"

/* An 8-bit channel scaled into @mask's bits. */
static uint32_t channel(uint32_t v, uint32_t mask)
{
	unsigned shift = 0, bits = 0;

	if (!mask)
		return 0;
	while (!(mask >> shift & 1))
		shift++;
	while (shift + bits < 32 && (mask >> (shift + bits) & 1))
		bits++;
	if (bits < 8)
		v >>= 8 - bits;
	else
		v <<= bits - 8;	/* a wider channel: the top bits */
	return (v << shift) & mask;
}

uint32_t fb_color(const struct fb *fb, uint32_t rgb)
{
	return channel(rgb >> 16 & 0xff, fb->rmask) |
	       channel(rgb >> 8 & 0xff, fb->gmask) |
	       channel(rgb & 0xff, fb->bmask);
}

void fb_fill(const struct fb *fb, uint32_t x, uint32_t y, uint32_t w,
	     uint32_t h, uint32_t pixel)
{
	if (x >= fb->width || y >= fb->height)
		return;
	if (w > fb->width - x)
		w = fb->width - x;
	if (h > fb->height - y)
		h = fb->height - y;
	for (uint32_t r = 0; r < h; r++) {
		volatile uint32_t *p = fb->base + (uint64_t)(y + r) * fb->stride + x;

		for (uint32_t c = 0; c < w; c++)
			p[c] = pixel;
	}
}

uint32_t fb_qr(const struct fb *fb, uint32_t x, uint32_t y,
	       const uint8_t *modules, int size, int quiet, uint32_t px,
	       uint32_t dark, uint32_t light)
{
	uint32_t n = (uint32_t)(size + 2 * quiet), side;

	if (size < 21 || quiet < 0 || !px || n > fb->width / px)
		return 0;
	side = n * px;
	if (x > fb->width - side || side > fb->height || y > fb->height - side)
		return 0;
	fb_fill(fb, x, y, side, side, light);
	for (int my = 0; my < size; my++)
		for (int mx = 0; mx < size; mx++)
			if (modules[my * size + mx])
				fb_fill(fb, x + (uint32_t)(mx + quiet) * px,
					y + (uint32_t)(my + quiet) * px, px, px,
					dark);
	return side;
}
