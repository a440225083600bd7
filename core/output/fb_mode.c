/* SPDX-License-Identifier: BSD-2-Clause */
#include <stddef.h>

#include "output/fb_mode.h"

/* The pixel layout, or NULL with *why set when there is none to use. */
static const char *pixel_format(const struct fb_mode *m, struct fb *fb,
				const char **why)
{
	switch (m->format) {
	case FB_MODE_RGBX:
		fb->rmask = 0xff, fb->gmask = 0xff00, fb->bmask = 0xff0000;
		return "rgbx";
	case FB_MODE_BGRX:
		fb->rmask = 0xff0000, fb->gmask = 0xff00, fb->bmask = 0xff;
		return "bgrx";
	case FB_MODE_BITMASK:
		/* 32-bit pixels only: a mask in the top byte says so */
		if (!((m->rmask | m->gmask | m->bmask | m->xmask) >> 24)) {
			*why = "bitmask-not-32bpp";
			return NULL;
		}
		fb->rmask = m->rmask, fb->gmask = m->gmask;
		fb->bmask = m->bmask;
		return "bitmask";
	case FB_MODE_BLT_ONLY:
		*why = "blt-only";
		return NULL;
	default:
		*why = "unknown-format";
		return NULL;
	}
}

const char *fb_from_mode(const struct fb_mode *m, struct fb *fb,
			 const char **why)
{
	const char *format = pixel_format(m, fb, why);

	fb->base = (volatile uint32_t *)(uintptr_t)m->base;
	fb->width = m->width;
	fb->height = m->height;
	fb->stride = m->stride;
	/* every row, stride pixels of 4 bytes, within the size; divided,
	 * not multiplied: stride x height x 4 can pass 2^64 and wrap */
	if (format && (!fb->base || fb->stride < fb->width ||
		       (fb->stride && fb->height > m->size / 4 / fb->stride))) {
		*why = "bad-framebuffer";
		return NULL;
	}
	return format;
}
