/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The screen console on a framebuffer in memory: the font's glyphs, pixel
 * formats, clipped fills, the text grid (scale, records kept off the
 * screen, wrapping, scrolling, the band below the text), asserted pixel by
 * pixel.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "output/fb.h"
#include "output/fbcon.h"
#include "output/font.h"

#define W	1280
#define H	800
#define PAD	64	/* canary pixels around the screen */

static uint32_t mem[(H + 2) * (W + PAD) + 2 * PAD];

static struct fb make_fb(uint32_t w, uint32_t h, uint32_t stride)
{
	struct fb fb = {
		.base = mem + PAD, .width = w, .height = h, .stride = stride,
		.rmask = 0xff0000, .gmask = 0xff00, .bmask = 0xff,
	};

	for (size_t i = 0; i < sizeof(mem) / sizeof(mem[0]); i++)
		mem[i] = 0x12345678;
	return fb;
}

static uint32_t pixel(const struct fb *fb, uint32_t x, uint32_t y)
{
	return fb->base[(size_t)y * fb->stride + x];
}

static void glyph_bits(char c, char *bits)
{
	for (unsigned y = 0; y < FONT_CELL_H; y++)
		for (unsigned x = 0; x < FONT_CELL_W; x++)
			bits[y * FONT_CELL_W + x] = font_pixel(c, x, y);
}

static void test_font(void)
{
	char a[FONT_CELL_W * FONT_CELL_H], b[sizeof(a)];
	int lit;

	/* 'A' row 1 is ".###.": the cell's row 0 is spacing */
	CHECK(!font_pixel('A', 0, 0) && !font_pixel('A', 2, 0));
	CHECK(!font_pixel('A', 0, 1) && font_pixel('A', 1, 1) &&
	      font_pixel('A', 3, 1) && !font_pixel('A', 4, 1));
	CHECK(!font_pixel('A', 5, 4));	/* the spacing column */
	CHECK(font_pixel('g', 1, 9) && font_pixel('y', 4, 8));	/* descenders */
	CHECK(!font_pixel('A', 0, FONT_CELL_H) && !font_pixel('A', 9, 1));
	for (int c = 0x21; c < 0x7f; c++) {
		glyph_bits((char)c, a);
		lit = 0;
		for (size_t i = 0; i < sizeof(a); i++)
			lit += a[i];
		CHECK(lit > 0);
		/* no two glyphs alike: each was drawn on its own */
		for (int d = c + 1; d < 0x7f; d++) {
			glyph_bits((char)d, b);
			if (!memcmp(a, b, sizeof(a))) {
				fprintf(stderr, "'%c' and '%c' look alike\n", c, d);
				CHECK(0);
			}
		}
	}
	glyph_bits(' ', a);
	CHECK(!memchr(a, 1, sizeof(a)));
	glyph_bits('?', a);
	glyph_bits('\x01', b);
	CHECK(!memcmp(a, b, sizeof(a)));	/* unprintable: '?' */
	glyph_bits('\xe9', b);
	CHECK(!memcmp(a, b, sizeof(a)));
}

static void test_colors(void)
{
	struct fb fb = make_fb(8, 8, 8);

	CHECK_EQ_U64(fb_color(&fb, 0xff8001), 0xff8001);	/* bgrx */
	fb.rmask = 0xff, fb.gmask = 0xff00, fb.bmask = 0xff0000;
	CHECK_EQ_U64(fb_color(&fb, 0xff8001), 0x0180ff);	/* rgbx */
	/* 5-6-5, and a 10-bit channel: the top bits */
	fb.rmask = 0xf800, fb.gmask = 0x07e0, fb.bmask = 0x001f;
	CHECK_EQ_U64(fb_color(&fb, 0xffffff), 0xffff);
	CHECK_EQ_U64(fb_color(&fb, 0x080400), 0x0820);
	fb.rmask = 0x3ff00000, fb.gmask = 0xffc00, fb.bmask = 0x3ff;
	CHECK_EQ_U64(fb_color(&fb, 0xff0000), 0x3fc00000);
}

static void test_fill_clips(void)
{
	struct fb fb = make_fb(100, 50, 120);
	size_t inside = 0, outside = 0;

	fb_fill(&fb, 90, 40, 50, 50, 0xabcdef);
	fb_fill(&fb, 100, 0, 5, 5, 0xabcdef);	/* starts off screen */
	for (size_t i = 0; i < sizeof(mem) / sizeof(mem[0]); i++) {
		size_t off = i - PAD;
		bool on = i >= PAD && off / 120 < 50 && off % 120 < 100;

		if (mem[i] == 0xabcdef)
			on ? inside++ : outside++;
	}
	CHECK_EQ_U64(inside, 10 * 10);
	CHECK_EQ_U64(outside, 0);
	CHECK_EQ_U64(pixel(&fb, 89, 40), 0x12345678);
	CHECK_EQ_U64(pixel(&fb, 99, 49), 0xabcdef);
}

/* The pixels of text row 0, column @col, at the console's scale. */
static bool cell_is(const struct fbcon *con, uint32_t row, uint32_t col,
		    char c)
{
	uint32_t px = con->px;

	for (uint32_t y = 0; y < FONT_CELL_H * px; y++)
		for (uint32_t x = 0; x < FONT_CELL_W * px; x++) {
			uint32_t want = font_pixel(c, x / px, y / px) ? con->fg
								       : con->bg;

			if (pixel(&con->fb, col * FONT_CELL_W * px + x,
				  row * FONT_CELL_H * px + y) != want)
				return false;
		}
	return true;
}

static void test_scale(void)
{
	static struct fbcon con;
	struct fb fb = make_fb(W, H, W + PAD);

	CHECK(!fbcon_init(&con, &fb));
	CHECK_EQ_U64(con.px, 2);	/* 1280x800: 2x */
	CHECK_EQ_U64(con.cols, W / 12);
	CHECK_EQ_U64(con.rows, H / 20);
	CHECK_EQ_U64(pixel(&fb, W - 1, H - 1), con.bg);	/* cleared */
	CHECK_EQ_U64(mem[PAD + W], 0x12345678);	/* the stride's padding */
	fb = make_fb(640, 480, 640);
	CHECK(!fbcon_init(&con, &fb));
	CHECK_EQ_U64(con.px, 1);
	fb = make_fb(100, 30, 100);
	CHECK(fbcon_init(&con, &fb) == -1);	/* too small for a grid */
}

static void test_text(void)
{
	static struct fbcon con;
	struct fb fb = make_fb(W, H, W + PAD);
	char line[300];

	fbcon_init(&con, &fb);
	fbcon_write(&con, "Ab\n", 3);
	CHECK(cell_is(&con, 0, 0, 'A') && cell_is(&con, 0, 1, 'b'));
	CHECK(cell_is(&con, 0, 2, ' '));
	/* records stay off the screen, even when written in pieces */
	fbcon_write(&con, "@sbm hello v=1 run=1  #0\n@sb", 28);
	fbcon_write(&con, "m end v=1  #0\nxy", 16);
	CHECK(!cell_is(&con, 1, 0, 'x'));	/* no newline yet */
	fbcon_write(&con, "\n", 1);
	CHECK(cell_is(&con, 1, 0, 'x') && cell_is(&con, 1, 1, 'y'));
	/* a line that starts otherwise is shown even if "@sbm" follows */
	fbcon_write(&con, "> @sbm x\n", 9);
	CHECK(cell_is(&con, 2, 2, '@'));
	/* a long line wraps */
	memset(line, 'w', sizeof(line));
	line[con.cols] = 'Z';
	line[con.cols + 1] = '\n';
	fbcon_write(&con, line, con.cols + 2);
	CHECK(cell_is(&con, 3, con.cols - 1, 'w') && cell_is(&con, 4, 0, 'Z'));
	/* scroll: a full screen jumps up a quarter (10 of 40 rows), the
	 * lines stay in order, the rows below the cursor are blank */
	for (uint32_t i = 0; i < con.rows; i++) {
		int n = snprintf(line, sizeof(line), "L%u\n", i);

		fbcon_write(&con, line, (size_t)n);
	}
	/* the cursor was on row 5: L34's newline reached row 40 and jumped
	 * to 30, L35..L39 took it to 35 */
	CHECK_EQ_U64(con.cy, 35);
	snprintf(line, sizeof(line), "L%u ", 39 - (con.cy - 1));
	CHECK(!memcmp(con.cell[0], line, strlen(line)));
	CHECK(!memcmp(con.cell[con.cy - 1], "L39", 3));
	CHECK(con.cell[con.cy][0] == ' ' && con.cell[con.rows - 1][0] == ' ');
	/* only changed cells are redrawn: the pixels still match */
	CHECK(cell_is(&con, 0, 0, 'L') && cell_is(&con, 0, 1, line[1]));
	CHECK(cell_is(&con, 0, 3, ' '));	/* and nothing after it */
	CHECK(cell_is(&con, con.cy - 1, 2, '9'));	/* "L39" */
	CHECK(cell_is(&con, con.rows - 1, 0, ' '));
	/* the band: the last 5 lines stay on top, the rest is the caller's */
	CHECK_EQ_U64(fbcon_band(&con, 5), 5 * FONT_CELL_H * con.px);
	CHECK(!memcmp(con.cell[3], "L39", 3));
	CHECK(cell_is(&con, 3, 2, '9'));
	fbcon_write(&con, "tail\n", 5);
	/* the text scrolls inside its 5 rows, never into the band */
	CHECK(!memcmp(con.cell[3], "tail", 4) && con.cy == 4);
	CHECK(!memcmp(con.cell[2], "L39", 3));
	CHECK(cell_is(&con, 3, 0, 't'));
	fb_fill(&fb, 0, 5 * FONT_CELL_H * con.px, W, 1, 0xabcdef);
	fbcon_write(&con, "more\n", 5);
	CHECK_EQ_U64(pixel(&fb, 0, 5 * FONT_CELL_H * con.px), 0xabcdef);
	/* a repaint: whatever else drew there goes, the text comes back */
	fb_fill(&fb, 0, 0, W, H, 0x777777);
	fbcon_repaint(&con);
	CHECK(cell_is(&con, 3, 0, 'm') && cell_is(&con, 2, 0, 't'));
	CHECK_EQ_U64(pixel(&fb, W - 1, H - 1), con.bg);
}

int main(void)
{
	test_font();
	test_colors();
	test_fill_clips();
	test_scale();
	test_text();
	return check_done("test_fbcon");
}
