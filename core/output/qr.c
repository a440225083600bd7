/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * QR code model 2 symbol construction (ISO/IEC 18004): byte-mode data
 * stream, Reed-Solomon blocks and their interleaving, function patterns,
 * data placement, the eight masks and their penalty, format and version
 * information.
 *
 * Each module is a byte of the caller's buffer: bit 0 dark, bit 1 a
 * function module (never masked), bit 7 the codeword store (bit b of
 * codeword k in module 8k + b; the codewords fill fewer than size^2 bits).
 */
#include "output/qr.h"

#define M_DARK	0x01
#define M_FUNC	0x02
#define M_STORE	0x80

/* Table 9, levels L and M: EC codewords per block and number of blocks. */
static const uint8_t ecc_per_block[2][QR_VERSION_MAX] = {
	{ 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28,
	  30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30,
	  30, 30, 30, 30, 30, 30 },
	{ 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28,
	  26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
	  28, 28, 28, 28, 28, 28 },
};

static const uint8_t num_blocks[2][QR_VERSION_MAX] = {
	{ 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9,
	  9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24,
	  25 },
	{ 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
	  17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43,
	  45, 47, 49 },
};

/* Alignment pattern centres per axis: 6, then evenly up to size - 7. */
static int align_count(int ver)
{
	return ver == 1 ? 0 : ver / 7 + 2;
}

static int align_pos(int ver, int i)
{
	int n = align_count(ver), size = QR_SIZE(ver), step;

	if (i == 0)
		return 6;
	/* even spacing, rounded up to even; version 32 is the exception */
	step = ver == 32 ? 26 :
	       ((size - 13 + 2 * (n - 1) - 1) / (2 * (n - 1))) * 2;
	return size - 7 - (n - 1 - i) * step;
}

/*
 * Codewords of a version: every module less the function patterns
 * (finders with separators and format areas, timing, alignment, version
 * areas), in whole bytes; the leftover remainder bits stay light.
 */
static int total_codewords(int ver)
{
	int size = QR_SIZE(ver), n = align_count(ver);
	int bits = size * size;

	bits -= 3 * 64 + 2 * 15 + 1;	/* finders, format, dark module */
	bits -= 2 * (size - 16);		/* timing between finders */
	if (n) {
		/* n*n - 3 patterns of 25; those on row/column 6 cross timing */
		bits -= (n * n - 3) * 25;
		bits += 2 * (n - 2) * 5;
	}
	if (ver >= 7)
		bits -= 2 * 18;
	return bits / 8;
}

static int data_codewords(int ver, enum qr_ecc ecc)
{
	return total_codewords(ver) -
	       ecc_per_block[ecc][ver - 1] * num_blocks[ecc][ver - 1];
}

size_t qr_capacity(int ver, enum qr_ecc ecc)
{
	int header;

	if (ver < 1 || ver > QR_VERSION_MAX ||
	    (ecc != QR_ECC_L && ecc != QR_ECC_M))
		return 0;
	header = 4 + (ver < 10 ? 8 : 16);	/* mode, character count */
	return (size_t)(data_codewords(ver, ecc) * 8 - header) / 8;
}

/* The codeword store in bit 7 of the modules. */
static void store_put(uint8_t *m, int k, uint8_t v)
{
	for (int b = 0; b < 8; b++)
		m[8 * k + b] = (uint8_t)((m[8 * k + b] & ~M_STORE) |
					 ((v >> (7 - b)) & 1 ? M_STORE : 0));
}

static uint8_t store_get(const uint8_t *m, int k)
{
	uint8_t v = 0;

	for (int b = 0; b < 8; b++)
		v = (uint8_t)(v << 1 | (m[8 * k + b] & M_STORE ? 1 : 0));
	return v;
}

struct bitw {
	uint8_t *m;
	int bit;
};

static void put_bits(struct bitw *w, uint32_t v, int n)
{
	for (int i = n - 1; i >= 0; i--, w->bit++)
		if ((v >> i) & 1)
			w->m[w->bit] |= M_STORE;
}

/* Mode 0100, count, bytes, terminator, pad to byte, 0xec 0x11 ... */
static void write_data(uint8_t *m, const uint8_t *data, size_t len, int ver,
		       int ndata)
{
	struct bitw w = { m, 0 };
	int cap = ndata * 8, k;

	put_bits(&w, 4, 4);
	put_bits(&w, (uint32_t)len, ver < 10 ? 8 : 16);
	for (size_t i = 0; i < len; i++)
		put_bits(&w, data[i], 8);
	put_bits(&w, 0, cap - w.bit < 4 ? cap - w.bit : 4);
	w.bit = (w.bit + 7) & ~7;
	for (k = w.bit / 8; k < ndata; k++)
		store_put(m, k, (k - w.bit / 8) & 1 ? 0x11 : 0xec);
}

/*
 * Block layout in the store: all data codewords block after block (the
 * short blocks first), then each block's EC codewords.  Blocks are
 * short (nshort data codewords) or long (one more).
 */
struct blocks {
	int nb, ne, ndata, nshort, nlong_from;
};

static int block_start(const struct blocks *b, int i)
{
	return i * b->nshort + (i > b->nlong_from ? i - b->nlong_from : 0);
}

static int block_len(const struct blocks *b, int i)
{
	return b->nshort + (i >= b->nlong_from ? 1 : 0);
}

static void add_ecc(uint8_t *m, const struct blocks *b)
{
	uint8_t buf[255], ecc[30];	/* a block is at most 255 codewords */

	for (int i = 0; i < b->nb; i++) {
		int s = block_start(b, i), n = block_len(b, i);

		for (int k = 0; k < n; k++)
			buf[k] = store_get(m, s + k);
		qr_rs_ecc(buf, (size_t)n, ecc, b->ne);
		for (int k = 0; k < b->ne; k++)
			store_put(m, b->ndata + i * b->ne + k, ecc[k]);
	}
}

/* Store index of the n-th codeword in transmission (interleaved) order. */
static int interleaved(const struct blocks *b, int n)
{
	int full = b->nshort * b->nb;

	if (n < full)
		return block_start(b, n % b->nb) + n / b->nb;
	n -= full;
	if (n < b->nb - b->nlong_from)
		return block_start(b, b->nlong_from + n) + b->nshort;
	n -= b->nb - b->nlong_from;
	return b->ndata + (n % b->nb) * b->ne + n / b->nb;
}

static void set_func(uint8_t *m, int size, int x, int y, int dark)
{
	m[y * size + x] = (uint8_t)((m[y * size + x] & M_STORE) | M_FUNC |
				    (dark ? M_DARK : 0));
}

/* Finder with top left (x0, y0), and its light separator where in range. */
static void draw_finder(uint8_t *m, int size, int x0, int y0)
{
	for (int dy = -1; dy <= 7; dy++)
		for (int dx = -1; dx <= 7; dx++) {
			int x = x0 + dx, y = y0 + dy;
			int ax = dx > 3 ? dx - 3 : 3 - dx;
			int ay = dy > 3 ? dy - 3 : 3 - dy;
			int d = ax > ay ? ax : ay;	/* ring, 0 = centre */

			if (x < 0 || y < 0 || x >= size || y >= size)
				continue;
			set_func(m, size, x, y, d != 2 && d != 4);
		}
}

static void draw_function(uint8_t *m, int size, int ver)
{
	int n = align_count(ver);

	for (int i = 0; i < size; i++) {
		set_func(m, size, i, 6, !(i & 1));
		set_func(m, size, 6, i, !(i & 1));
	}
	draw_finder(m, size, 0, 0);
	draw_finder(m, size, size - 7, 0);
	draw_finder(m, size, 0, size - 7);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int cx = align_pos(ver, i), cy = align_pos(ver, j);

			if ((i == 0 && j == 0) || (i == 0 && j == n - 1) ||
			    (i == n - 1 && j == 0))
				continue;	/* would overlap a finder */
			for (int dy = -2; dy <= 2; dy++)
				for (int dx = -2; dx <= 2; dx++) {
					int ax = dx < 0 ? -dx : dx;
					int ay = dy < 0 ? -dy : dy;
					int d = ax > ay ? ax : ay;

					set_func(m, size, cx + dx, cy + dy,
						 d != 1);
				}
		}
	/* reserve format areas (drawn per mask) and the dark module */
	for (int i = 0; i < 9; i++) {
		if (i == 6)
			continue;	/* timing crosses there */
		set_func(m, size, 8, i, 0);
		set_func(m, size, i, 8, 0);
	}
	for (int i = 0; i < 8; i++) {
		set_func(m, size, size - 1 - i, 8, 0);
		set_func(m, size, 8, size - 1 - i, 0);
	}
	set_func(m, size, 8, size - 8, 1);
	if (ver >= 7) {
		uint32_t v = qr_version_bits(ver);

		for (int i = 0; i < 18; i++) {
			int a = size - 11 + i % 3, b = i / 3;
			int bit = (v >> i) & 1;

			set_func(m, size, a, b, bit);
			set_func(m, size, b, a, bit);
		}
	}
}

/* Format information: bit i of the 15, both copies (Figure 25). */
static void draw_format(uint8_t *m, int size, enum qr_ecc ecc, int mask)
{
	uint16_t f = qr_format_bits(ecc, mask);

	for (int i = 0; i < 15; i++) {
		int bit = (f >> i) & 1;

		if (i < 6)
			set_func(m, size, 8, i, bit);
		else if (i < 8)
			set_func(m, size, 8, i + 1, bit);
		else if (i == 8)
			set_func(m, size, 7, 8, bit);
		else
			set_func(m, size, 14 - i, 8, bit);
		if (i < 8)
			set_func(m, size, size - 1 - i, 8, bit);
		else
			set_func(m, size, 8, size - 15 + i, bit);
	}
}

/* Zigzag two columns wide from the bottom right, skipping column 6. */
static void place_data(uint8_t *m, int size, const struct blocks *b,
		       int ncw)
{
	int n = 0, nbits = ncw * 8, up = 1;

	for (int right = size - 1; right >= 1; right -= 2, up = !up) {
		if (right == 6)
			right = 5;
		for (int k = 0; k < size; k++) {
			int y = up ? size - 1 - k : k;

			for (int c = 0; c < 2; c++) {
				int x = right - c;
				uint8_t *mod = &m[y * size + x];

				if (*mod & M_FUNC)
					continue;
				if (n < nbits) {
					int k8 = interleaved(b, n / 8);

					if (m[8 * k8 + n % 8] & M_STORE)
						*mod |= M_DARK;
				}
				n++;
			}
		}
	}
}

/* Table 10: the module at row i, column j is flipped when this holds. */
static int mask_bit(int mask, int i, int j)
{
	switch (mask) {
	case 0: return (i + j) % 2 == 0;
	case 1: return i % 2 == 0;
	case 2: return j % 3 == 0;
	case 3: return (i + j) % 3 == 0;
	case 4: return (i / 2 + j / 3) % 2 == 0;
	case 5: return (i * j) % 2 + (i * j) % 3 == 0;
	case 6: return ((i * j) % 2 + (i * j) % 3) % 2 == 0;
	default: return ((i + j) % 2 + (i * j) % 3) % 2 == 0;
	}
}

static void apply_mask(uint8_t *m, int size, int mask)
{
	for (int i = 0; i < size; i++)
		for (int j = 0; j < size; j++)
			if (!(m[i * size + j] & M_FUNC) && mask_bit(mask, i, j))
				m[i * size + j] ^= M_DARK;
}

static int dark(const uint8_t *m, int size, int x, int y, int vert)
{
	return vert ? m[x * size + y] & M_DARK : m[y * size + x] & M_DARK;
}

/*
 * Penalty of one line (a row, or a column when vert): N1 = 3 for a run of
 * five same-colour modules, plus one a module beyond; N3 = 40 for each
 * 1:1:3:1:1 finder-like pattern with four light modules on a side.
 */
static int line_penalty(const uint8_t *m, int size, int y, int vert)
{
	static const uint16_t finder_l = 0x5d0, finder_r = 0x05d;
	int score = 0, run = 0, prev = -1;
	uint16_t window = 0;

	for (int x = 0; x < size; x++) {
		int d = !!dark(m, size, x, y, vert);

		run = d == prev ? run + 1 : 1;
		prev = d;
		if (run == 5)
			score += 3;
		else if (run > 5)
			score++;
		/* last 11 modules, oldest in bit 10 */
		window = (uint16_t)(((window << 1) | d) & 0x7ff);
		if (x >= 10 && (window == finder_l || window == finder_r))
			score += 40;
	}
	return score;
}

static int penalty(const uint8_t *m, int size)
{
	int score = 0, ndark = 0, total = size * size, k;

	for (int y = 0; y < size; y++) {
		score += line_penalty(m, size, y, 0);
		score += line_penalty(m, size, y, 1);
	}
	/* N2 = 3 for each 2x2 block of one colour */
	for (int y = 0; y + 1 < size; y++)
		for (int x = 0; x + 1 < size; x++) {
			int c = !!dark(m, size, x, y, 0);

			if (c == !!dark(m, size, x + 1, y, 0) &&
			    c == !!dark(m, size, x, y + 1, 0) &&
			    c == !!dark(m, size, x + 1, y + 1, 0))
				score += 3;
		}
	/* N4 = 10 for each full 5 % the dark share is off 50 % */
	for (int i = 0; i < total; i++)
		ndark += m[i] & M_DARK;
	k = (ndark * 20 - total * 10);
	k = (k < 0 ? -k : k) / total;
	return score + k * 10;
}

int qr_encode_mask(const uint8_t *data, size_t len, enum qr_ecc ecc, int mask,
		   uint8_t *modules, size_t cap, int *size)
{
	struct blocks b;
	int ver, sz, ncw, best = 0, best_score = -1;

	if ((ecc != QR_ECC_L && ecc != QR_ECC_M) || mask < QR_MASK_AUTO ||
	    mask > 7 || !modules || (!data && len))
		return -1;
	for (ver = 1; ver <= QR_VERSION_MAX; ver++)
		if (len <= qr_capacity(ver, ecc))
			break;
	sz = QR_SIZE(ver);
	if (ver > QR_VERSION_MAX || cap < (size_t)(sz * sz))
		return -1;

	ncw = total_codewords(ver);
	b.nb = num_blocks[ecc][ver - 1];
	b.ne = ecc_per_block[ecc][ver - 1];
	b.ndata = data_codewords(ver, ecc);
	b.nshort = b.ndata / b.nb;
	b.nlong_from = b.nb - b.ndata % b.nb;

	for (int i = 0; i < sz * sz; i++)
		modules[i] = 0;
	write_data(modules, data, len, ver, b.ndata);
	add_ecc(modules, &b);
	draw_function(modules, sz, ver);
	place_data(modules, sz, &b, ncw);

	if (mask == QR_MASK_AUTO) {
		/* try all eight, keep the lowest penalty (first on a tie) */
		for (int k = 0; k < 8; k++) {
			int score;

			apply_mask(modules, sz, k);
			draw_format(modules, sz, ecc, k);
			score = penalty(modules, sz);
			apply_mask(modules, sz, k);	/* XOR undoes it */
			if (best_score < 0 || score < best_score) {
				best_score = score;
				best = k;
			}
		}
		mask = best;
	}
	apply_mask(modules, sz, mask);
	draw_format(modules, sz, ecc, mask);
	for (int i = 0; i < sz * sz; i++)
		modules[i] &= M_DARK;
	if (size)
		*size = sz;
	return ver;
}

int qr_encode(const uint8_t *data, size_t len, enum qr_ecc ecc,
	      uint8_t *modules, size_t cap, int *size)
{
	return qr_encode_mask(data, len, ecc, QR_MASK_AUTO, modules, cap, size);
}
