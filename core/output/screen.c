/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <string.h>

#include "output/fbcon.h"
#include "output/keep.h"
#include "output/qr_plan.h"
#include "output/record_schema.h"
#include "output/report.h"
#include "output/screen.h"

#define QR_REC_RESERVE	160	/* bytes the qr record may take */
#define END_REC_RESERVE	160	/* and the end record */
/* Pixels a module takes at least: 4 for a phone to read a code off a
 * monitor; 3 in a mode narrower than 1024, whose pixels are large. */
#define MIN_PX(width)	((width) >= 1024 ? 4u : 3u)
#define LIGHT		0xffffff
#define DARK		0x000000

static struct {
	bool active, planned;
	struct fbcon con;
	uint32_t band_y;	/* first pixel row of the codes */
	struct qr_plan plan;
	size_t nitems;		/* kept records planned, then qr, end */
	size_t len[KEEP_MAX + 2];
	uint8_t rank[KEEP_MAX + 2], take[KEEP_MAX + 2];
	uint8_t modules[QR_MODULES_MAX];
	char text[3000];	/* one part: version 40-L holds 2953 bytes */
} scr;

int screen_init(const struct fb *fb)
{
	scr.active = !fbcon_init(&scr.con, fb);
	return scr.active ? 0 : -1;
}

bool screen_active(void)
{
	return scr.active;
}

void screen_write(const char *s, size_t n)
{
	if (scr.active)
		fbcon_write(&scr.con, s, n);
}

void screen_repaint(void)
{
	if (scr.active)
		fbcon_repaint(&scr.con);
}

/* Which records a QR code keeps when not all fit: the schema's QR rank,
 * 0 never left out, the highest left out first. */
static uint8_t rank_of(const char *kind)
{
	return rec_schema_rank(kind)->qr;
}

static uint32_t count_kind(const char *want, bool taken)
{
	uint32_t n = 0;
	char kind[16];

	for (size_t i = 0; i + 2 < scr.nitems; i++) {
		size_t len;
		const char *l = keep_line(i, &len);

		keep_kind(l, len, kind, sizeof(kind));
		n += !strcmp(kind, want) && (!taken || scr.take[i]);
	}
	return n;
}

void screen_before_end(void)
{
	const struct fb *fb = &scr.con.fb;
	uint32_t rows = scr.con.rows * 2 / 5, held = 0;
	struct rec r;
	int taken;

	if (!scr.active)
		return;
	if (rows < 8)
		rows = 8;
	scr.band_y = fbcon_band(&scr.con, rows);
	scr.nitems = keep_count() + 2;
	for (size_t i = 0; i + 2 < scr.nitems; i++) {
		char kind[16];
		const char *l = keep_line(i, &scr.len[i]);

		keep_kind(l, scr.len[i], kind, sizeof(kind));
		scr.rank[i] = rank_of(kind);
	}
	scr.len[scr.nitems - 2] = QR_REC_RESERVE;
	scr.len[scr.nitems - 1] = END_REC_RESERVE;
	scr.rank[scr.nitems - 2] = scr.rank[scr.nitems - 1] = 0;
	taken = -1;
	if (scr.band_y < fb->height)
		taken = qr_plan_choose(&scr.plan, fb->width,
				       fb->height - scr.band_y,
				       MIN_PX(fb->width), scr.len, scr.rank,
				       scr.take, scr.nitems);
	scr.planned = taken > 0;
	if (scr.planned)
		held = (uint32_t)taken - 1;	/* with the qr record */
	report_rec_start(&r, "qr");
	rec_u64(&r, "parts", scr.planned ? scr.plan.nparts : 0);
	rec_u64(&r, "held", held);
	rec_u64(&r, "results", count_kind("result", true));
	rec_u64(&r, "of_results", count_kind("result", false));
	if (scr.planned) {
		rec_u64(&r, "version", (uint64_t)scr.plan.version);
		rec_str(&r, "ecc", "L");
		rec_u64(&r, "module_px", scr.plan.px);
	}
	if (!scr.planned)
		report_printf("screen: no room for a QR code\n");
	else
		report_printf("screen: %u QR code%s below: %u records, %u of "
			      "%u results, and the end record\n",
			      scr.plan.nparts, scr.plan.nparts > 1 ? "s" : "",
			      held, count_kind("result", true),
			      count_kind("result", false));
	report_record(&r);
}

/* Part @k of @n: rows of codes, centred. */
static void draw_part(uint32_t k, uint32_t n, size_t len)
{
	const struct fb *fb = &scr.con.fb;
	uint32_t across = n < scr.plan.per_row ? n : scr.plan.per_row;
	uint32_t x = (fb->width - across * scr.plan.slot) / 2 +
		     (k % scr.plan.per_row) * scr.plan.slot;
	uint32_t y = scr.band_y + (k / scr.plan.per_row) * scr.plan.slot;
	int size;

	if (qr_encode((const uint8_t *)scr.text, len, QR_PLAN_ECC, scr.modules,
		      sizeof(scr.modules), &size) < 0)
		return;
	fb_qr(fb, x, y, scr.modules, size, QR_PLAN_QUIET, scr.plan.px,
	      fb_color(fb, DARK), fb_color(fb, LIGHT));
}

/* Item @i: a kept record planned, the qr record (kept after them), or
 * the end record; NULL when it is not taken. */
static const char *item(size_t i, const char *end, size_t end_len,
			size_t *len)
{
	const char *l = end;

	*len = end_len;
	if (i + 1 < scr.nitems)
		l = keep_line(i, len);
	if (!l || !scr.take[i] || *len > scr.plan.cap)
		return NULL;	/* longer than planned: never */
	return l;
}

void screen_end_record(const char *line, size_t len)
{
	const struct fb *fb = &scr.con.fb;
	size_t head = 0, recs = 0, used = 0, n = scr.nitems;
	uint32_t part = 0, nparts;

	if (!scr.active || !scr.planned)
		return;
	fb_fill(fb, 0, scr.band_y, fb->width, fb->height - scr.band_y,
		fb_color(fb, LIGHT));
	/* The parts are cut where the plan cut them: the qr and end records
	 * count as the room kept for them (they fit in it), so the codes
	 * are the ones the qr record announced. */
	for (size_t i = 0; i < n; i++) {
		size_t ll;

		if (!item(i, line, len, &ll))
			scr.take[i] = 0;
		else if (i + 2 < n || ll > scr.len[i])
			scr.len[i] = ll;
	}
	nparts = qr_plan_parts(scr.len, scr.take, n, scr.plan.cap);
	for (size_t i = 0; i < n; i++) {
		size_t ll;
		const char *l = item(i, line, len, &ll);

		if (!l)
			continue;
		/* the same cut as qr_plan_parts() */
		if (!head || used + scr.len[i] > scr.plan.cap) {
			if (head)
				draw_part(part++, nparts, head + recs);
			head = (size_t)snprintf(scr.text, QR_PLAN_HEAD,
						"sbmbench qr part %u of %u\n",
						part + 1, nparts);
			recs = used = 0;
		}
		memcpy(scr.text + head + recs, l, ll);
		recs += ll;
		used += scr.len[i];
	}
	if (head)
		draw_part(part, nparts, head + recs);
}
