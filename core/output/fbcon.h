/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A text console on a framebuffer: the human lines of the console stream
 * (records, lines that start with "@sbm ", stay off the screen: serial is
 * their channel) in a grid of font cells that scrolls.  The grid keeps
 * what each cell should show and what it shows, so a scroll or a new line
 * redraws only the cells that changed.  The bottom of the screen can be
 * handed to other drawing (the QR codes at the end) with fbcon_band().
 */
#ifndef SBM_FBCON_H
#define SBM_FBCON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "output/fb.h"

#define FBCON_MAX_COLS	256
#define FBCON_MAX_ROWS	128
#define FBCON_LINE_MAX	512	/* a longer line is shown in pieces */

struct fbcon {
	struct fb fb;
	uint32_t px;		/* screen pixels a font pixel */
	uint32_t cols, rows;	/* the grid the screen holds */
	uint32_t text_rows;	/* rows the text uses; below: fbcon_band() */
	uint32_t jump;		/* rows a full screen scrolls at once */
	uint32_t cx, cy;	/* the cursor */
	uint32_t fg, bg;	/* pixels */
	char cell[FBCON_MAX_ROWS][FBCON_MAX_COLS];	/* what should show */
	char shown[FBCON_MAX_ROWS][FBCON_MAX_COLS];	/* what does */
	char line[FBCON_LINE_MAX];	/* the line being written */
	size_t nline;
	bool in_record;		/* the line is a record: dropped */
};

/* Take @fb: pick the font scale (2x and more on large screens), clear
 * it.  -1 when the screen is too small for a useful grid. */
int fbcon_init(struct fbcon *con, const struct fb *fb);

/* Console bytes, as they go to serial. */
void fbcon_write(struct fbcon *con, const char *s, size_t n);

/* Draw every cell again (something else drew on the screen). */
void fbcon_repaint(struct fbcon *con);

/* Keep the last @rows text lines at the top and return the first pixel
 * row below them: from there down the screen is the caller's.  The text
 * scrolls a line at a time from then on. */
uint32_t fbcon_band(struct fbcon *con, uint32_t rows);

#endif
