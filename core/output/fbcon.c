/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include "output/fbcon.h"
#include "output/font.h"

#define REC_TAG		"@sbm "
#define COLS_WANTED	100	/* the widest table lines fit */
#define ROWS_WANTED	40
#define MAX_SCALE	8

int fbcon_init(struct fbcon *con, const struct fb *fb)
{
	uint32_t px = fb->width / (FONT_CELL_W * COLS_WANTED);

	if (px > fb->height / (FONT_CELL_H * ROWS_WANTED))
		px = fb->height / (FONT_CELL_H * ROWS_WANTED);
	if (px < 1)
		px = 1;
	if (px > MAX_SCALE)
		px = MAX_SCALE;
	memset(con, 0, sizeof(*con));
	con->fb = *fb;
	con->px = px;
	con->cols = fb->width / (FONT_CELL_W * px);
	con->rows = fb->height / (FONT_CELL_H * px);
	if (con->cols > FBCON_MAX_COLS)
		con->cols = FBCON_MAX_COLS;
	if (con->rows > FBCON_MAX_ROWS)
		con->rows = FBCON_MAX_ROWS;
	if (con->cols < 20 || con->rows < 4)
		return -1;
	con->text_rows = con->rows;
	con->jump = con->rows / 4;
	con->fg = fb_color(fb, 0xd0d0d0);
	con->bg = fb_color(fb, 0x000000);
	memset(con->cell, ' ', sizeof(con->cell));
	memset(con->shown, ' ', sizeof(con->shown));
	fb_fill(fb, 0, 0, fb->width, fb->height, con->bg);
	return 0;
}

/* A cell lies inside the screen (the grid was cut to fit), so its rows
 * are written straight: this is most of what the console costs. */
static void draw_cell(struct fbcon *con, uint32_t r, uint32_t c, char ch)
{
	uint32_t px = con->px, w = FONT_CELL_W * px;
	uint32_t x0 = c * w, y0 = r * FONT_CELL_H * px;
	uint32_t row[FONT_CELL_W * MAX_SCALE];

	for (uint32_t fy = 0; fy < FONT_CELL_H; fy++) {
		for (uint32_t x = 0; x < w; x++)
			row[x] = font_pixel(ch, x / px, fy) ? con->fg : con->bg;
		for (uint32_t y = 0; y < px; y++) {
			volatile uint32_t *p = con->fb.base +
				(uint64_t)(y0 + fy * px + y) * con->fb.stride + x0;

			for (uint32_t x = 0; x < w; x++)
				p[x] = row[x];
		}
	}
}

/* Draw what changed. */
static void flush(struct fbcon *con)
{
	for (uint32_t r = 0; r < con->text_rows; r++)
		for (uint32_t c = 0; c < con->cols; c++)
			if (con->cell[r][c] != con->shown[r][c]) {
				draw_cell(con, r, c, con->cell[r][c]);
				con->shown[r][c] = con->cell[r][c];
			}
}

static void scroll(struct fbcon *con, uint32_t n)
{
	uint32_t keep = con->text_rows - n;

	memmove(con->cell[0], con->cell[n], (size_t)keep * FBCON_MAX_COLS);
	memset(con->cell[keep], ' ', (size_t)n * FBCON_MAX_COLS);
	con->cy -= n;
}

/* A full screen jumps up a quarter of its rows: every scroll redraws
 * most cells, and one line at a time costs an emulated machine seconds
 * a run.  Above the band (a few last lines) one at a time. */
static void newline(struct fbcon *con)
{
	uint32_t jump = con->jump;

	con->cx = 0;
	if (++con->cy < con->text_rows)
		return;
	if (jump < con->cy - con->text_rows + 1)
		jump = con->cy - con->text_rows + 1;
	scroll(con, jump);
}

static void put(struct fbcon *con, char ch)
{
	if (ch == '\r')
		return;
	if (ch == '\t') {
		do
			put(con, ' ');
		while (con->cx % 8);
		return;
	}
	if (con->cx >= con->cols)
		newline(con);	/* a long line wraps */
	con->cell[con->cy][con->cx++] = ch;
}

/* Show the pending line, unless it is a record. */
static void commit(struct fbcon *con, bool end_of_line)
{
	if (!con->in_record)
		for (size_t i = 0; i < con->nline; i++)
			put(con, con->line[i]);
	if (end_of_line) {
		if (!con->in_record)
			newline(con);
		con->in_record = false;
	}
	con->nline = 0;
	flush(con);
}

void fbcon_write(struct fbcon *con, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n') {
			commit(con, true);
			continue;
		}
		con->line[con->nline++] = s[i];
		/* decided once the tag's length is in */
		if (con->nline == sizeof(REC_TAG) - 1 && !con->cx &&
		    !memcmp(con->line, REC_TAG, con->nline))
			con->in_record = true;
		if (con->nline == sizeof(con->line))
			commit(con, false);
	}
}

void fbcon_repaint(struct fbcon *con)
{
	fb_fill(&con->fb, 0, 0, con->fb.width, con->fb.height, con->bg);
	memset(con->shown, ' ', sizeof(con->shown));
	flush(con);
}

uint32_t fbcon_band(struct fbcon *con, uint32_t rows)
{
	if (rows < 1)
		rows = 1;
	if (rows < con->text_rows) {
		if (con->cy >= rows)
			scroll(con, con->cy - rows + 1);
		flush(con);
		con->text_rows = rows;
	}
	con->jump = 1;
	return con->text_rows * FONT_CELL_H * con->px;
}
