/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The screen console's bitmap font: printable ASCII, 5x9 glyphs (a 5x7
 * body, two rows for descenders) in a 6x10 cell.  The glyphs are this
 * project's own, drawn as text art in font.c.
 */
#ifndef SBM_FONT_H
#define SBM_FONT_H

#include <stdbool.h>

#define FONT_GLYPH_W	5
#define FONT_GLYPH_H	9
#define FONT_CELL_W	6	/* a blank column between characters */
#define FONT_CELL_H	10	/* a blank row above each line */

/* Whether pixel (@x, @y) of the cell of @c is lit (x < FONT_CELL_W,
 * y < FONT_CELL_H).  A character outside printable ASCII draws as '?'. */
bool font_pixel(char c, unsigned x, unsigned y);

#endif
