/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The screen of a platform that has a framebuffer (the UEFI images): the
 * console's human lines while the run goes (fbcon.h), and when it ends the
 * last lines (the table) above QR codes of the kept records (keep.h), so
 * that a machine without a serial cable still gives its result to a phone.
 * The platform calls screen_init() once it has the framebuffer, passes
 * console bytes to screen_write(), and calls screen_before_end() and
 * screen_end_record() from its end hooks (arch.h).
 */
#ifndef SBM_SCREEN_H
#define SBM_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include "output/fb.h"

/* 0, or -1 when the screen is too small to use. */
int screen_init(const struct fb *fb);
bool screen_active(void);
void screen_write(const char *s, size_t n);
/* Draw the text again: the firmware's console shared the screen. */
void screen_repaint(void);

/* After the run, before the end record: the text moves up, the QR codes
 * are planned and the "qr" record says what they will hold. */
void screen_before_end(void);
/* The finished end record, before it is printed: the codes are drawn
 * (the end record is in the last one). */
void screen_end_record(const char *line, size_t len);

#endif
