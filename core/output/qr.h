/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * QR code model 2 encoder (ISO/IEC 18004), byte mode, error correction
 * levels L and M, versions 1..40.  No allocation: the caller's module
 * buffer (size * size bytes, one module a byte, 1 = dark) doubles as the
 * encoder's scratch, so a 177 * 177 buffer holds any symbol.
 */
#ifndef SBM_QR_H
#define SBM_QR_H

#include <stddef.h>
#include <stdint.h>

enum qr_ecc { QR_ECC_L, QR_ECC_M };

#define QR_VERSION_MAX	40
#define QR_SIZE(ver)	(17 + 4 * (ver))
#define QR_MODULES_MAX	(QR_SIZE(QR_VERSION_MAX) * QR_SIZE(QR_VERSION_MAX))
#define QR_MASK_AUTO	(-1)

/*
 * Encode len bytes into the smallest version that holds them.  Writes
 * *size * *size modules, row-major, into modules (cap bytes).  Returns the
 * version, or -1 when the data does not fit version 40 or the buffer.
 */
int qr_encode(const uint8_t *data, size_t len, enum qr_ecc ecc,
	      uint8_t *modules, size_t cap, int *size);

/* As qr_encode with mask 0..7 forced, or QR_MASK_AUTO (lowest penalty). */
int qr_encode_mask(const uint8_t *data, size_t len, enum qr_ecc ecc, int mask,
		   uint8_t *modules, size_t cap, int *size);

/* Largest byte-mode payload of a version at a level (0 for a bad version). */
size_t qr_capacity(int version, enum qr_ecc ecc);

/*
 * Render to pixels with a quiet zone of quiet modules and scale pixels a
 * module.  bpp 8: one byte a pixel, 0x00 dark, 0xff light (PGM order).
 * bpp 1: MSB first, 1 = dark (PBM order).  Rows are stride bytes apart.
 * Returns the side in pixels, or -1 when cap or stride is too small.
 */
int qr_render(const uint8_t *modules, int size, int quiet, int scale, int bpp,
	      uint8_t *pixels, size_t stride, size_t cap);

/* Building blocks, exposed for the tests. */
/* necc (1..30) Reed-Solomon EC codewords of a block into ecc. */
void qr_rs_ecc(const uint8_t *data, size_t len, uint8_t *ecc, int necc);
uint16_t qr_format_bits(enum qr_ecc ecc, int mask);
uint32_t qr_version_bits(int version);

#endif
