/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SRAT and SLIT: which proximity domain holds each CPU and memory
 * range, and the distances between domains.  See acpi_numa.h.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/acpi.h"
#include "fw/acpi_numa.h"
#include "fw/acpi_parse.h"

/* ---- SRAT -------------------------------------------------------------- */

/* ACPI 6.5 table "Static Resource Affinity Table Format". */
enum {
	SRAT_ENTRIES = 48,	/* Static Resource Allocation Structure[n] */
};

/* ACPI 6.5 table "Processor Local APIC/SAPIC Affinity Structure" (type 0). */
enum {
	SRAT_LAPIC_DOMAIN_LO = 2,	/* Proximity Domain [7:0] */
	SRAT_LAPIC_ID = 3,		/* APIC ID, one byte */
	SRAT_LAPIC_FLAGS = 4,
	SRAT_LAPIC_DOMAIN_HI = 9,	/* Proximity Domain [31:8], 3 bytes */
	SRAT_LAPIC_LEN = 16,
};

/* ACPI 6.5 table "Memory Affinity Structure" (type 1). */
enum {
	SRAT_MEM_DOMAIN = 2,
	SRAT_MEM_BASE = 8,		/* Base Address Low, then High */
	SRAT_MEM_LENGTH = 16,		/* Length Low, then High */
	SRAT_MEM_FLAGS = 28,
	SRAT_MEM_LEN = 40,
};

/* ACPI 6.5 table "Processor Local x2APIC Affinity Structure" (type 2). */
enum {
	SRAT_X2APIC_DOMAIN = 4,
	SRAT_X2APIC_ID = 8,
	SRAT_X2APIC_FLAGS = 12,
	SRAT_X2APIC_LEN = 24,
};

/* ACPI 6.5 table "GICC Affinity Structure" (type 3). */
enum {
	SRAT_GICC_DOMAIN = 2,
	SRAT_GICC_UID = 6,		/* ACPI Processor UID */
	SRAT_GICC_FLAGS = 10,
	SRAT_GICC_LEN = 18,
};

static const char SRAT[] = "SRAT";

/* Where acpi_srat_parse() puts what it keeps. */
struct srat_walk {
	struct acpi_srat_cpu *cpus;
	size_t maxc, ccnt;
	bool cdrop;
	struct acpi_srat_mem *mem;
	size_t maxm, mcnt;
	bool mdrop;
	uint8_t revision;
	acpi_warn_fn warn;
	void *arg;
};

static void srat_lapic(const uint8_t *e, uint8_t revision,
		       struct acpi_srat_cpu *c)
{
	c->domain = e[SRAT_LAPIC_DOMAIN_LO];
	/* Domain bits 31:8 were reserved before revision 2. */
	if (revision >= 2)
		c->domain |= (uint32_t)e[SRAT_LAPIC_DOMAIN_HI] << 8 |
			     (uint32_t)e[SRAT_LAPIC_DOMAIN_HI + 1] << 16 |
			     (uint32_t)e[SRAT_LAPIC_DOMAIN_HI + 2] << 24;
	c->apic_id = e[SRAT_LAPIC_ID];
	c->flags = rd32(e + SRAT_LAPIC_FLAGS);
}

static void srat_x2apic(const uint8_t *e, uint8_t revision,
			struct acpi_srat_cpu *c)
{
	(void)revision;	/* the x2APIC structure came with a 32-bit domain */
	c->domain = rd32(e + SRAT_X2APIC_DOMAIN);
	c->apic_id = rd32(e + SRAT_X2APIC_ID);
	c->flags = rd32(e + SRAT_X2APIC_FLAGS);
}

static void srat_gicc(const uint8_t *e, uint8_t revision,
		      struct acpi_srat_cpu *c)
{
	(void)revision;	/* so did GICC affinity */
	c->domain = rd32(e + SRAT_GICC_DOMAIN);
	c->apic_id = rd32(e + SRAT_GICC_UID);
	c->flags = rd32(e + SRAT_GICC_FLAGS);
}

/* One decoder per CPU affinity type. */
static const struct srat_cpu_decoder {
	uint8_t type;
	uint8_t min_len;
	const char *too_short;
	void (*decode)(const uint8_t *e, uint8_t revision,
		       struct acpi_srat_cpu *c);
} srat_cpu_decoders[] = {
	{ ACPI_SRAT_LAPIC, SRAT_LAPIC_LEN, "short lapic entry skipped",
	  srat_lapic },
	{ ACPI_SRAT_X2APIC, SRAT_X2APIC_LEN, "short x2apic entry skipped",
	  srat_x2apic },
	{ ACPI_SRAT_GICC, SRAT_GICC_LEN, "short gicc entry skipped",
	  srat_gicc },
};

static const struct srat_cpu_decoder *srat_cpu_decoder_of(uint8_t type)
{
	size_t i;

	for (i = 0; i < sizeof(srat_cpu_decoders) /
			sizeof(srat_cpu_decoders[0]); i++)
		if (srat_cpu_decoders[i].type == type)
			return &srat_cpu_decoders[i];
	return NULL;
}

static void srat_cpu(struct srat_walk *w, const struct srat_cpu_decoder *d,
		     const uint8_t *e)
{
	struct acpi_srat_cpu c = { 0 };

	if (e[1] < d->min_len) {
		warn_if(w->warn, w->arg, SRAT, d->too_short);
		return;
	}
	d->decode(e, w->revision, &c);
	c.kind = d->type;
	if (!(c.flags & ACPI_SRAT_ENABLED))
		return;
	if (w->ccnt >= w->maxc) {
		if (!w->cdrop && w->cpus)
			warn_if(w->warn, w->arg, SRAT, "more cpus than room");
		w->cdrop = true;
		return;
	}
	w->cpus[w->ccnt++] = c;
}

static void srat_memory(struct srat_walk *w, const uint8_t *e)
{
	struct acpi_srat_mem m;

	if (e[1] < SRAT_MEM_LEN) {
		warn_if(w->warn, w->arg, SRAT, "short memory entry skipped");
		return;
	}
	m.domain = rd32(e + SRAT_MEM_DOMAIN);
	if (w->revision < 2)
		m.domain &= 0xff;
	m.base = rd64(e + SRAT_MEM_BASE);
	m.length = rd64(e + SRAT_MEM_LENGTH);
	m.flags = rd32(e + SRAT_MEM_FLAGS);
	if (!(m.flags & ACPI_SRAT_ENABLED))
		return;
	if (w->mcnt >= w->maxm) {
		if (!w->mdrop && w->mem)
			warn_if(w->warn, w->arg, SRAT,
				"more memory ranges than room");
		w->mdrop = true;
		return;
	}
	w->mem[w->mcnt++] = m;
}

/* ITS, generic initiator/port, RINTC and the rest: not ours. */
static void srat_dispatch(struct srat_walk *w, const uint8_t *e)
{
	const struct srat_cpu_decoder *d = srat_cpu_decoder_of(e[0]);

	if (d)
		srat_cpu(w, d, e);
	else if (e[0] == ACPI_SRAT_MEM)
		srat_memory(w, e);
}

int acpi_srat_parse(const void *tbl, size_t len, struct acpi_srat_cpu *cpus,
		    size_t maxc, size_t *nc, struct acpi_srat_mem *mem,
		    size_t maxm, size_t *nm, acpi_warn_fn warn, void *arg,
		    const char **why)
{
	struct srat_walk w = { .cpus = cpus, .maxc = maxc, .mem = mem,
			       .maxm = maxm, .warn = warn, .arg = arg };
	const uint8_t *t = tbl, *e;
	size_t off;
	uint32_t tlen;

	if (nc)
		*nc = 0;
	if (nm)
		*nm = 0;
	if (acpi_table_check(tbl, len, SRAT, why))
		return -1;
	tlen = acpi_table_length(t);
	if (tlen < SRAT_ENTRIES)
		return fail(why, "srat shorter than 48 bytes");
	if ((maxc && !cpus) || (maxm && !mem))
		return fail(why, "null output array");
	w.revision = acpi_table_revision(t);

	off = SRAT_ENTRIES;
	while ((e = acpi_sub_next(t, tlen, &off, warn, arg, SRAT)))
		srat_dispatch(&w, e);
	if (nc)
		*nc = w.ccnt;
	if (nm)
		*nm = w.mcnt;
	return 0;
}

/* ---- SLIT -------------------------------------------------------------- */

/* ACPI 6.5 table "SLIT Format". */
enum {
	SLIT_LOCALITIES = 36,	/* Number of System Localities, 8 bytes */
	SLIT_ENTRIES = 44,	/* Entry[0][0], row by row */
};

int acpi_slit_parse(const void *tbl, size_t len, uint8_t *dist,
		    size_t max_localities, size_t *n, const char **why)
{
	const uint8_t *t = tbl;
	uint64_t cnt, room;
	uint32_t tlen;
	size_t i, j, k;

	if (n)
		*n = 0;
	if (acpi_table_check(tbl, len, "SLIT", why))
		return -1;
	tlen = acpi_table_length(t);
	if (tlen < SLIT_ENTRIES)
		return fail(why, "slit shorter than 44 bytes");
	cnt = rd64(t + SLIT_LOCALITIES);
	if (cnt == 0)
		return fail(why, "zero localities");
	/* Divide instead of multiplying: cnt is 64 bits of firmware. */
	room = tlen - SLIT_ENTRIES;
	if (cnt > room / cnt)
		return fail(why, "matrix runs past table end");
	if (cnt > max_localities)
		return fail(why, "more localities than room");
	if (!dist)
		return fail(why, "null output array");

	for (i = 0; i < cnt; i++) {
		for (j = 0; j < cnt; j++) {
			uint8_t d;

			k = i * cnt + j;
			d = t[SLIT_ENTRIES + k];
			if (i == j && d != ACPI_SLIT_LOCAL)
				return fail(why, "diagonal distance not 10");
			if (i != j && d < ACPI_SLIT_LOCAL)
				return fail(why, "distance below 10");
		}
	}
	/* Copy only a matrix that passed: no half-written output. */
	for (k = 0; k < cnt * cnt; k++)
		dist[k] = t[SLIT_ENTRIES + k];
	if (n)
		*n = cnt;
	return 0;
}
