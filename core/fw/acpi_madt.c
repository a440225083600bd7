/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MADT: the CPUs (local APIC, x2APIC, GICC).  See acpi_madt.h.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/acpi.h"
#include "fw/acpi_madt.h"
#include "fw/acpi_parse.h"

/* ACPI 6.5 table "Multiple APIC Description Table (MADT) Format". */
enum {
	MADT_LAPIC_ADDR = 36,	/* Local Interrupt Controller Address */
	MADT_FLAGS = 40,
	MADT_ENTRIES = 44,	/* Interrupt Controller Structure[n] */
};

/* ACPI 6.5 table "Processor Local APIC Structure" (type 0). */
enum {
	LAPIC_UID = 2,		/* ACPI Processor UID, one byte */
	LAPIC_ID = 3,		/* APIC ID, one byte */
	LAPIC_FLAGS = 4,
	LAPIC_LEN = 8,
};

/* ACPI 6.5 table "Processor Local x2APIC Structure" (type 9). */
enum {
	X2APIC_ID = 4,
	X2APIC_FLAGS = 8,
	X2APIC_UID = 12,
	X2APIC_LEN = 16,
};

/* ACPI 6.5 table "GICC Structure" (type 11). */
enum {
	GICC_IFACE = 4,		/* CPU Interface Number */
	GICC_UID = 8,
	GICC_FLAGS = 12,
	GICC_MPIDR = 68,
	GICC_LEN_5_1 = 76,	/* 76 bytes in ACPI 5.1, 80 in 6.0, 82 in 6.5 */
};

/*
 * Enabled is bit 0 in both; online capable is bit 1 of the "Local APIC
 * Flags" table (LAPIC and x2APIC) and bit 3 of "GICC CPU Interface Flags".
 */
#define LAPIC_ONLINE_CAPABLE	(1u << 1)
#define GICC_ONLINE_CAPABLE	(1u << 3)

/* The all-ones ids mean "no such APIC". */
#define LAPIC_ID_NONE		0xffu
#define X2APIC_ID_NONE		0xffffffffu

bool acpi_cpu_usable(uint32_t flags)
{
	return (flags & (ACPI_CPU_ENABLED | ACPI_CPU_ONLINE_CAPABLE)) != 0;
}

/* MPIDR bits that name a CPU: Aff3 [39:32], Aff2..Aff0 [23:0]. */
#define MPIDR_AFF_MASK	0xff00ffffffull

static bool madt_is_dup(const struct acpi_madt_cpu *cpus, size_t cnt,
			const struct acpi_madt_cpu *c)
{
	size_t i;

	for (i = 0; i < cnt; i++) {
		bool gicc = cpus[i].kind == ACPI_MADT_GICC;

		if (gicc != (c->kind == ACPI_MADT_GICC))
			continue;
		if (gicc && ((cpus[i].mpidr ^ c->mpidr) & MPIDR_AFF_MASK) == 0)
			return true;
		/* LAPIC and x2APIC ids live in one name space. */
		if (!gicc && cpus[i].id == c->id)
			return true;
	}
	return false;
}

/* Types the spec defines (through 6.5 and RISC-V/LoongArch additions). */
#define MADT_LAST_KNOWN_TYPE	0x1b
#define MADT_OEM_FIRST_TYPE	0x80

/* A CPU entry as its decoder read it. */
struct madt_entry {
	struct acpi_madt_cpu cpu;
	bool id_none;		/* the all-ones "no such APIC" id */
};

/* Normalised flags: online capable only means something while disabled. */
static uint32_t madt_cpu_flags(uint32_t raw, bool online_capable)
{
	if (raw & ACPI_CPU_ENABLED)
		return ACPI_CPU_ENABLED;
	return online_capable ? ACPI_CPU_ONLINE_CAPABLE : 0;
}

/*
 * LAPIC/x2APIC online capable is ACPI 6.3, MADT revision 5; before that
 * the bit was reserved.  Revision 45 is the ACPI 6.2b errata table, which
 * predates the bit.
 */
static bool lapic_online_capable(uint32_t raw, uint8_t revision)
{
	return revision >= 5 && revision != 45 &&
	       (raw & LAPIC_ONLINE_CAPABLE);
}

static void madt_lapic(const uint8_t *e, uint8_t revision,
		       struct madt_entry *m)
{
	uint32_t raw = rd32(e + LAPIC_FLAGS);

	m->cpu.uid = e[LAPIC_UID];
	m->cpu.id = e[LAPIC_ID];
	m->cpu.raw_flags = raw;
	m->cpu.flags = madt_cpu_flags(raw, lapic_online_capable(raw, revision));
	m->id_none = m->cpu.id == LAPIC_ID_NONE;
}

static void madt_x2apic(const uint8_t *e, uint8_t revision,
			struct madt_entry *m)
{
	uint32_t raw = rd32(e + X2APIC_FLAGS);

	m->cpu.id = rd32(e + X2APIC_ID);
	m->cpu.raw_flags = raw;
	m->cpu.uid = rd32(e + X2APIC_UID);
	m->cpu.flags = madt_cpu_flags(raw, lapic_online_capable(raw, revision));
	m->id_none = m->cpu.id == X2APIC_ID_NONE;
}

static void madt_gicc(const uint8_t *e, uint8_t revision,
		      struct madt_entry *m)
{
	(void)revision;	/* bit 3 was reserved, so zero, before ACPI 6.5 */
	m->cpu.id = rd32(e + GICC_IFACE);
	m->cpu.uid = rd32(e + GICC_UID);
	m->cpu.raw_flags = rd32(e + GICC_FLAGS);
	m->cpu.mpidr = rd64(e + GICC_MPIDR);
	m->cpu.flags = madt_cpu_flags(m->cpu.raw_flags,
				      m->cpu.raw_flags & GICC_ONLINE_CAPABLE);
}

/* One decoder per CPU entry type; the other types carry no CPU. */
static const struct madt_decoder {
	uint8_t type;
	uint8_t min_len;
	const char *too_short;
	void (*decode)(const uint8_t *e, uint8_t revision,
		       struct madt_entry *m);
} madt_decoders[] = {
	{ ACPI_MADT_LAPIC, LAPIC_LEN, "short lapic entry skipped",
	  madt_lapic },
	{ ACPI_MADT_X2APIC, X2APIC_LEN, "short x2apic entry skipped",
	  madt_x2apic },
	{ ACPI_MADT_GICC, GICC_LEN_5_1, "short gicc entry skipped",
	  madt_gicc },
};

static const struct madt_decoder *madt_decoder_of(uint8_t type)
{
	size_t i;

	for (i = 0; i < sizeof(madt_decoders) / sizeof(madt_decoders[0]); i++)
		if (madt_decoders[i].type == type)
			return &madt_decoders[i];
	return NULL;
}

/* Where acpi_madt_parse() puts what it keeps, and what it counts. */
struct madt_walk {
	struct acpi_madt_cpu *cpus;
	size_t max, cnt;
	struct acpi_madt_info info;
	acpi_warn_fn warn;
	void *arg;
	/* said once after the walk: servers repeat these per CPU */
	size_t ninvalid, ndup_apic, ndup_gicc;
};

static const char MADT[] = "APIC";

/* Keep a decoded CPU, or count why it is left out. */
static void madt_keep(struct madt_walk *w, const struct madt_entry *m)
{
	const struct acpi_madt_cpu *c = &m->cpu;

	if (!acpi_cpu_usable(c->flags)) {
		w->info.nunusable++;
		w->info.nentries_skipped++;
		return;
	}
	/* Warn about a missing APIC only when the entry was usable. */
	if (m->id_none) {
		w->ninvalid++;
		w->info.nentries_skipped++;
		return;
	}
	if (madt_is_dup(w->cpus, w->cnt, c)) {
		if (c->kind == ACPI_MADT_GICC)
			w->ndup_gicc++;
		else
			w->ndup_apic++;
		w->info.nduplicate++;
		w->info.nentries_skipped++;
		return;
	}
	if (w->cnt >= w->max) {
		if (w->info.ndropped == 0 && w->cpus)
			warn_if(w->warn, w->arg, MADT,
				"more cpus than room, extra dropped");
		w->info.ndropped++;
		w->info.nentries_skipped++;
		return;
	}
	if (!(c->flags & ACPI_CPU_ENABLED))
		w->info.nonline_capable++;
	w->cpus[w->cnt++] = *c;
}

/* Dispatch one entry to its decoder; entries of other types are skipped. */
static void madt_dispatch(struct madt_walk *w, const uint8_t *e)
{
	const struct madt_decoder *d = madt_decoder_of(e[0]);
	struct madt_entry m = { 0 };

	if (!d) {
		if (e[0] > MADT_LAST_KNOWN_TYPE && e[0] < MADT_OEM_FIRST_TYPE) {
			w->info.nunknown++;
			warn_if(w->warn, w->arg, MADT,
				"unknown entry type ignored");
		}
		return;
	}
	if (e[1] < d->min_len) {
		warn_if(w->warn, w->arg, MADT, d->too_short);
		w->info.nentries_skipped++;
		return;
	}
	d->decode(e, w->info.revision, &m);
	m.cpu.kind = d->type;
	madt_keep(w, &m);
}

int acpi_madt_parse(const void *tbl, size_t len, struct acpi_madt_cpu *cpus,
		    size_t max, size_t *n, struct acpi_madt_info *info,
		    acpi_warn_fn warn, void *arg, const char **why)
{
	struct madt_walk w = { .cpus = cpus, .max = max, .warn = warn,
			       .arg = arg };
	const uint8_t *t = tbl, *e;
	size_t off;
	uint32_t tlen;

	if (n)
		*n = 0;
	if (acpi_table_check(tbl, len, MADT, why))
		return -1;
	tlen = acpi_table_length(t);
	if (tlen < MADT_ENTRIES)
		return fail(why, "madt shorter than 44 bytes");
	if (max && !cpus)
		return fail(why, "null output array");

	w.info.revision = acpi_table_revision(t);
	w.info.lapic_addr = rd32(t + MADT_LAPIC_ADDR);
	w.info.flags = rd32(t + MADT_FLAGS);

	/* A broken entry ends the walk; the CPUs before it are kept. */
	off = MADT_ENTRIES;
	while ((e = acpi_sub_next(t, tlen, &off, warn, arg, MADT)))
		madt_dispatch(&w, e);

	/* One line each, not one per slot: servers list hundreds. */
	if (w.info.nunusable)
		warn_if(warn, arg, MADT, "disabled cpu entries skipped");
	if (w.ninvalid)
		warn_if(warn, arg, MADT, "invalid apic id entries skipped");
	if (w.ndup_apic)
		warn_if(warn, arg, MADT, "duplicate apic id entries skipped");
	if (w.ndup_gicc)
		warn_if(warn, arg, MADT, "duplicate mpidr entries skipped");
	if (n)
		*n = w.cnt;
	if (info)
		*info = w.info;
	return 0;
}
