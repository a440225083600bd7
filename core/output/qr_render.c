/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Scales a QR module matrix into a pixel buffer with a light quiet zone,
 * for a framebuffer or an image file (PGM / PBM bit and byte orders).
 */
#include "output/qr.h"

int qr_render(const uint8_t *modules, int size, int quiet, int scale, int bpp,
	      uint8_t *pixels, size_t stride, size_t cap)
{
	int side, n;
	size_t row_bytes;

	if (!modules || !pixels || size < 21 || quiet < 0 || scale < 1 ||
	    (bpp != 1 && bpp != 8))
		return -1;
	n = size + 2 * quiet;
	if (n > 0x7fff / scale)
		return -1;
	side = n * scale;
	row_bytes = bpp == 8 ? (size_t)side : ((size_t)side + 7) / 8;
	if (stride < row_bytes || cap < stride * (size_t)(side - 1) + row_bytes)
		return -1;

	for (int y = 0; y < side; y++) {
		uint8_t *row = pixels + (size_t)y * stride;
		int my = y / scale - quiet;

		for (size_t i = 0; i < row_bytes; i++)
			row[i] = bpp == 8 ? 0xff : 0;
		for (int x = 0; x < side; x++) {
			int mx = x / scale - quiet;
			int d = mx >= 0 && my >= 0 && mx < size && my < size &&
				modules[my * size + mx];

			if (!d)
				continue;
			if (bpp == 8)
				row[x] = 0;
			else
				row[x / 8] |= (uint8_t)(0x80 >> (x % 8));
		}
	}
	return side;
}
