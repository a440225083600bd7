/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The QR code's error-correcting codes: Reed-Solomon over GF(2^8) with
 * the field polynomial x^8 + x^4 + x^3 + x^2 + 1 and generator roots
 * alpha^0 .. alpha^(n-1), and the BCH codes of the format and version
 * information.  Multiplication by shift-and-add: no tables to build.
 */
#include "output/qr.h"

#define QR_GF_POLY	0x11d	/* x^8 + x^4 + x^3 + x^2 + 1 */
#define QR_FORMAT_GEN	0x537	/* BCH(15,5): x^10+x^8+x^5+x^4+x^2+x+1 */
#define QR_FORMAT_XOR	0x5412	/* keeps the format word from being all 0 */
/* BCH(18,6): x^12 + x^11 + x^10 + x^9 + x^8 + x^5 + x^2 + 1 */
#define QR_VERSION_GEN	0x1f25

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
	unsigned int r = 0, x = a;

	while (b) {
		if (b & 1)
			r ^= x;
		x <<= 1;
		if (x & 0x100)
			x ^= QR_GF_POLY;
		b >>= 1;
	}
	return (uint8_t)r;
}

/*
 * ecc = remainder of data(x) * x^necc divided by the generator
 * g(x) = (x - a^0)(x - a^1)...(x - a^(necc-1)); 1 <= necc <= 30 (Table 9).
 */
void qr_rs_ecc(const uint8_t *data, size_t len, uint8_t *ecc, int necc)
{
	uint8_t poly[31] = { 1 };	/* poly[i]: coefficient of x^i */
	uint8_t gen[30];		/* gen[j]: of x^(necc-1-j) */
	uint8_t root = 1;
	int i, j;

	if (necc < 1 || necc > 30)
		return;
	for (i = 0; i < necc; i++) {
		/* poly *= (x + root); minus is plus in GF(2^8) */
		for (j = i + 1; j > 0; j--)
			poly[j] = poly[j - 1] ^ gf_mul(poly[j], root);
		poly[0] = gf_mul(poly[0], root);
		root = gf_mul(root, 2);
	}
	for (j = 0; j < necc; j++)
		gen[j] = poly[necc - 1 - j];

	for (i = 0; i < necc; i++)
		ecc[i] = 0;
	for (size_t k = 0; k < len; k++) {
		uint8_t f = data[k] ^ ecc[0];

		for (j = 0; j < necc; j++) {
			uint8_t next = j + 1 < necc ? ecc[j + 1] : 0;

			ecc[j] = next ^ gf_mul(gen[j], f);
		}
	}
}

/* Remainder of value * x^bits modulo gen, appended to value. */
static uint32_t bch(uint32_t value, uint32_t gen, int bits)
{
	uint32_t r = value << bits;

	for (int i = 31; i >= bits; i--)
		if (r & (1u << i))
			r ^= gen << (i - bits);
	return (value << bits) | r;
}

uint16_t qr_format_bits(enum qr_ecc ecc, int mask)
{
	/* level indicators: L = 01, M = 00 (Table 12) */
	uint32_t level = ecc == QR_ECC_L ? 1 : 0;

	return (uint16_t)(bch(level << 3 | (uint32_t)(mask & 7),
			      QR_FORMAT_GEN, 10) ^ QR_FORMAT_XOR);
}

uint32_t qr_version_bits(int version)
{
	return bch((uint32_t)version, QR_VERSION_GEN, 12);
}
