/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target: the screen set up from any video mode a firmware may
 * report (UEFI GOP mode information: pixel format, masks, resolution,
 * pixels per scan line, framebuffer size), then drawn on as the UEFI
 * images do: console text from the same bytes, a repaint, the band of QR
 * codes planned and drawn at the end.  The framebuffer is exactly the
 * size the mode claims, in a buffer whose bytes past it are poisoned, so
 * AddressSanitizer stops any store outside it.
 */
#include <sanitizer/asan_interface.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/fb_mode.h"
#include "output/keep.h"
#include "output/record.h"
#include "output/report.h"
#include "output/screen.h"

/* Small screens (512 KiB) keep the runs fast; the codes of the qr and
 * end records need about 220 x 360 pixels (text above), which fits. */
#define FB_CAP		(512u * 1024)
#define RUN_ID		0x5c7ee2u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint32_t fbmem[FB_CAP / 4];

static __attribute__((noreturn)) void fail(const char *what)
{
	fprintf(stderr, "fuzz_screen: %s\n", what);
	abort();
}

/* What screen.c calls of report.c: the console goes to the screen, as
 * the UEFI images' console does; nothing is kept (the kept records stay
 * the ones made once below, so every run plans the same). */
void report_printf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > 0)
		screen_write(buf, (size_t)n < sizeof(buf) ? (size_t)n :
			     sizeof(buf) - 1);
}

void report_rec_start(struct rec *r, const char *kind)
{
	rec_start(r, kind, RUN_ID);
}

void report_record(struct rec *r)
{
	size_t n = rec_finish(r);

	screen_write(r->buf, n);
}

/* A run's kept records, as keep.c holds them: kinds of every rank. */
static void keep_some(void)
{
	static const char *const kinds[] = { "hello", "config", "result",
					     "result", "group", "cpu" };
	struct rec r;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		rec_start(&r, kinds[i], RUN_ID);
		rec_u64(&r, "id", i);
		rec_str(&r, "note", "a few bytes of a record");
		keep_record(r.buf, rec_finish(&r));
	}
}

static uint32_t take32(const uint8_t **p, size_t *n)
{
	uint32_t v = 0;

	for (int i = 0; i < 4 && *n; i++, ++*p, --*n)
		v |= (uint32_t)**p << (8 * i);
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int kept;
	struct fb_mode m;
	struct fb fb;
	const char *format, *why = NULL;
	struct rec end;
	uint32_t flags;

	if (!kept++)
		keep_some();
	m.format = take32(&data, &size);
	m.rmask = take32(&data, &size);
	m.gmask = take32(&data, &size);
	m.bmask = take32(&data, &size);
	m.xmask = take32(&data, &size);
	m.width = take32(&data, &size);
	m.height = take32(&data, &size);
	m.stride = take32(&data, &size);
	m.size = take32(&data, &size) % (FB_CAP + 1);
	flags = take32(&data, &size);
	/* a firmware may say there is no framebuffer at all */
	m.base = flags & 1 ? 0 : (uint64_t)(uintptr_t)fbmem;

	format = fb_from_mode(&m, &fb, &why);
	if (!format) {
		if (!why)
			fail("refused without a reason");
		return 0;
	}
	/* what was accepted lies within the framebuffer it claims */
	if (!fb.base || fb.stride < fb.width ||
	    (fb.stride && fb.height > m.size / 4 / fb.stride))
		fail("a mode accepted that its framebuffer cannot hold");

	ASAN_POISON_MEMORY_REGION((char *)fbmem + m.size, FB_CAP - m.size);
	if (!screen_init(&fb)) {
		screen_write((const char *)data, size);
		if (flags & 2)
			screen_repaint();
		screen_before_end();
		rec_start(&end, "end", RUN_ID);
		rec_u64(&end, "status", 0);
		screen_end_record(end.buf, rec_finish(&end));
	}
	ASAN_UNPOISON_MEMORY_REGION(fbmem, FB_CAP);
	return 0;
}
