/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ACPI table parsers.  See acpi.h for the contract.  Layouts follow the
 * ACPI specification (6.5); offsets are spelled out next to each read.
 *
 * Every parser first runs acpi_table_check(), after which the table's own
 * length (tlen) is known to be <= the caller's byte count; all reads below
 * are then checked against tlen.  Offsets are kept in size_t or uint32_t
 * and compared by subtraction (tlen - off) so that no sum can wrap.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acpi.h"

/* Tables are unaligned and little-endian: byte loads only. */
static uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] | (uint16_t)p[1] << 8);
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p)
{
	return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

/* Does [off, off + size) lie inside a region of len bytes? */
static bool fits(size_t len, size_t off, size_t size)
{
	return off <= len && size <= len - off;
}

static int fail(const char **why, const char *msg)
{
	if (why)
		*why = msg;
	return -1;
}

static void warn_if(acpi_warn_fn warn, void *arg, const char *table,
		    const char *msg)
{
	if (warn)
		warn(arg, table, msg);
}

/*
 * Step over one subtable (type, length, body) of the list that runs to
 * tlen.  Returns the entry and advances *off, or NULL at the end of the
 * list.  A length that cannot advance the walk (0 or 1), one that runs past
 * the table, or a stray trailing byte ends the list with a warning.
 */
static const uint8_t *sub_next(const uint8_t *t, uint32_t tlen, size_t *off,
			       acpi_warn_fn warn, void *arg, const char *table)
{
	const uint8_t *e = t + *off;

	if (*off >= tlen)
		return NULL;
	if (tlen - *off < 2) {
		warn_if(warn, arg, table, "truncated trailing entry");
		return NULL;
	}
	if (e[1] < 2) {
		warn_if(warn, arg, table, "zero-length entry, rest ignored");
		return NULL;
	}
	if (e[1] > tlen - *off) {
		warn_if(warn, arg, table, "entry runs past table end");
		return NULL;
	}
	*off += e[1];
	return e;
}

uint8_t acpi_checksum(const void *p, size_t n)
{
	const uint8_t *b = p;
	uint8_t sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum = (uint8_t)(sum + b[i]);
	return sum;
}

uint32_t acpi_table_length(const void *hdr36)
{
	return rd32((const uint8_t *)hdr36 + 4);
}

uint8_t acpi_table_revision(const void *hdr36)
{
	return ((const uint8_t *)hdr36)[8];
}

void acpi_table_sig(const void *hdr36, char out[5])
{
	const uint8_t *h = hdr36;
	int i;

	for (i = 0; i < 4; i++)
		out[i] = (char)h[i];
	out[4] = '\0';
}

bool acpi_sig_is(const void *hdr36, const char *sig)
{
	const uint8_t *h = hdr36;
	int i;

	/* Stop at a short sig's NUL: it never equals a 4-byte field. */
	for (i = 0; i < 4; i++)
		if (sig[i] == '\0' || h[i] != (uint8_t)sig[i])
			return false;
	return true;
}

int acpi_table_check(const void *tbl, size_t avail, const char *sig,
		     const char **why)
{
	uint32_t len;

	if (!tbl)
		return fail(why, "null table");
	if (avail < ACPI_HDR_LEN)
		return fail(why, "fewer than 36 bytes available");
	if (sig && !acpi_sig_is(tbl, sig))
		return fail(why, "bad signature");
	len = acpi_table_length(tbl);
	if (len < ACPI_HDR_LEN)
		return fail(why, "length shorter than header");
	if (len > avail)
		return fail(why, "length beyond available bytes");
	if (acpi_checksum(tbl, len) != 0)
		return fail(why, "bad checksum");
	return 0;
}

/* ---- RSDP -------------------------------------------------------------- */

int acpi_rsdp_parse(const void *p, size_t avail, struct acpi_rsdp_info *out,
		    const char **why)
{
	static const char rsdp_sig[8] = "RSD PTR ";
	const uint8_t *r = p;
	struct acpi_rsdp_info ri = { 0 };
	uint32_t len;
	int i;

	if (!r)
		return fail(why, "null rsdp");
	if (avail < 20)
		return fail(why, "rsdp truncated");
	for (i = 0; i < 8; i++)
		if (r[i] != (uint8_t)rsdp_sig[i])
			return fail(why, "bad rsdp signature");
	if (acpi_checksum(r, 20) != 0)
		return fail(why, "bad rsdp checksum");

	ri.revision = r[15];
	ri.rsdt = rd32(r + 16);
	ri.length = 20;
	for (i = 0; i < 6; i++) {
		uint8_t c = r[9 + i];

		/* It ends up on a console: keep it printable. */
		ri.oem_id[i] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	ri.oem_id[6] = '\0';

	/* Revision 0 is ACPI 1.0; 2 and later carry the XSDT fields. */
	if (ri.revision >= 2) {
		if (avail < 36)
			return fail(why, "rsdp v2 truncated");
		len = rd32(r + 20);
		if (len < 36)
			return fail(why, "rsdp length below 36");
		if (len > avail)
			return fail(why, "rsdp length beyond available bytes");
		if (acpi_checksum(r, len) != 0)
			return fail(why, "bad rsdp extended checksum");
		ri.length = len;
		ri.xsdt = rd64(r + 24);
	}
	if (out)
		*out = ri;
	return 0;
}

/* ---- RSDT / XSDT ------------------------------------------------------- */

int acpi_root_entries(const void *tbl, size_t len, uint64_t *addrs,
		      size_t max, size_t *n, const char **why)
{
	const uint8_t *t = tbl;
	size_t esz, off, cnt = 0;
	uint32_t tlen;

	if (n)
		*n = 0;
	if (acpi_table_check(tbl, len, NULL, why))
		return -1;
	if (acpi_sig_is(t, "RSDT"))
		esz = 4;
	else if (acpi_sig_is(t, "XSDT"))
		esz = 8;
	else
		return fail(why, "not an rsdt or xsdt");
	if (max && !addrs)
		return fail(why, "null output array");

	tlen = acpi_table_length(t);
	/* A trailing partial entry fails fits() and is ignored. */
	for (off = ACPI_HDR_LEN; fits(tlen, off, esz) && cnt < max;
	     off += esz) {
		uint64_t a = esz == 4 ? rd32(t + off) : rd64(t + off);

		if (a)
			addrs[cnt++] = a;
	}
	if (n)
		*n = cnt;
	return 0;
}

/* ---- MADT -------------------------------------------------------------- */

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
static bool madt_lapic_online_capable(uint8_t revision)
{
	return revision >= 5 && revision != 45;
}

static void madt_lapic(const uint8_t *e, uint8_t revision,
		       struct madt_entry *m)
{
	m->cpu.uid = e[LAPIC_UID];
	m->cpu.id = e[LAPIC_ID];
	m->cpu.raw_flags = rd32(e + LAPIC_FLAGS);
	m->cpu.flags = madt_cpu_flags(m->cpu.raw_flags,
				      madt_lapic_online_capable(revision) &&
				      (m->cpu.raw_flags & LAPIC_ONLINE_CAPABLE));
	m->id_none = m->cpu.id == LAPIC_ID_NONE;
}

static void madt_x2apic(const uint8_t *e, uint8_t revision,
			struct madt_entry *m)
{
	m->cpu.id = rd32(e + X2APIC_ID);
	m->cpu.raw_flags = rd32(e + X2APIC_FLAGS);
	m->cpu.uid = rd32(e + X2APIC_UID);
	m->cpu.flags = madt_cpu_flags(m->cpu.raw_flags,
				      madt_lapic_online_capable(revision) &&
				      (m->cpu.raw_flags & LAPIC_ONLINE_CAPABLE));
	m->id_none = m->cpu.id == X2APIC_ID_NONE;
}

static void madt_gicc(const uint8_t *e, uint8_t revision,
		      struct madt_entry *m)
{
	(void)revision;	/* GICC online capable has one meaning (6.5) */
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
		warn_if(w->warn, w->arg, MADT, "invalid apic id skipped");
		w->info.nentries_skipped++;
		return;
	}
	if (madt_is_dup(w->cpus, w->cnt, c)) {
		warn_if(w->warn, w->arg, MADT, c->kind == ACPI_MADT_GICC ?
			"duplicate mpidr skipped" :
			"duplicate apic id skipped");
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
	while ((e = sub_next(t, tlen, &off, warn, arg, MADT)))
		madt_dispatch(&w, e);

	/* One line, not one per slot: servers list hundreds of these. */
	if (w.info.nunusable)
		warn_if(warn, arg, MADT, "disabled cpu entries skipped");
	if (n)
		*n = w.cnt;
	if (info)
		*info = w.info;
	return 0;
}

/* ---- SRAT -------------------------------------------------------------- */

int acpi_srat_parse(const void *tbl, size_t len, struct acpi_srat_cpu *cpus,
		    size_t maxc, size_t *nc, struct acpi_srat_mem *mem,
		    size_t maxm, size_t *nm, acpi_warn_fn warn, void *arg,
		    const char **why)
{
	static const char T[] = "SRAT";
	const uint8_t *t = tbl, *e;
	size_t off, ccnt = 0, mcnt = 0;
	bool cdrop = false, mdrop = false;
	uint32_t tlen;
	uint8_t rev;

	if (nc)
		*nc = 0;
	if (nm)
		*nm = 0;
	if (acpi_table_check(tbl, len, T, why))
		return -1;
	tlen = acpi_table_length(t);
	if (tlen < 48)
		return fail(why, "srat shorter than 48 bytes");
	if ((maxc && !cpus) || (maxm && !mem))
		return fail(why, "null output array");
	rev = t[8];

	off = 48;
	while ((e = sub_next(t, tlen, &off, warn, arg, T))) {
		struct acpi_srat_cpu c = { 0 };
		uint8_t type = e[0], elen = e[1];

		switch (type) {
		case ACPI_SRAT_LAPIC:
			if (elen < 16) {
				warn_if(warn, arg, T,
					"short lapic entry skipped");
				continue;
			}
			c.domain = e[2];
			/* Domain bits 31:8 were reserved before revision 2. */
			if (rev >= 2)
				c.domain |= (uint32_t)e[9] << 8 |
					    (uint32_t)e[10] << 16 |
					    (uint32_t)e[11] << 24;
			c.apic_id = e[3];
			c.flags = rd32(e + 4);
			break;
		case ACPI_SRAT_X2APIC:
			if (elen < 24) {
				warn_if(warn, arg, T,
					"short x2apic entry skipped");
				continue;
			}
			c.domain = rd32(e + 4);
			c.apic_id = rd32(e + 8);
			c.flags = rd32(e + 12);
			break;
		case ACPI_SRAT_GICC:
			if (elen < 18) {
				warn_if(warn, arg, T,
					"short gicc entry skipped");
				continue;
			}
			c.domain = rd32(e + 2);
			c.apic_id = rd32(e + 6);
			c.flags = rd32(e + 10);
			break;
		case ACPI_SRAT_MEM: {
			struct acpi_srat_mem m;

			if (elen < 40) {
				warn_if(warn, arg, T,
					"short memory entry skipped");
				continue;
			}
			m.domain = rd32(e + 2);
			if (rev < 2)
				m.domain &= 0xff;
			m.base = rd64(e + 8);
			m.length = rd64(e + 16);
			m.flags = rd32(e + 28);
			if (!(m.flags & ACPI_SRAT_ENABLED))
				continue;
			if (mcnt >= maxm) {
				if (!mdrop && mem)
					warn_if(warn, arg, T,
						"more memory ranges than room");
				mdrop = true;
				continue;
			}
			mem[mcnt++] = m;
			continue;
		}
		default:
			/* ITS, generic initiator/port, RINTC: not ours. */
			continue;
		}
		c.kind = type;
		if (!(c.flags & ACPI_SRAT_ENABLED))
			continue;
		if (ccnt >= maxc) {
			if (!cdrop && cpus)
				warn_if(warn, arg, T, "more cpus than room");
			cdrop = true;
			continue;
		}
		cpus[ccnt++] = c;
	}
	if (nc)
		*nc = ccnt;
	if (nm)
		*nm = mcnt;
	return 0;
}

/* ---- SLIT -------------------------------------------------------------- */

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
	if (tlen < 44)
		return fail(why, "slit shorter than 44 bytes");
	cnt = rd64(t + 36);
	if (cnt == 0)
		return fail(why, "zero localities");
	/* Divide instead of multiplying: cnt is 64 bits of firmware. */
	room = tlen - 44;
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
			d = t[44 + k];
			if (i == j && d != ACPI_SLIT_LOCAL)
				return fail(why, "diagonal distance not 10");
			if (i != j && d < ACPI_SLIT_LOCAL)
				return fail(why, "distance below 10");
		}
	}
	/* Copy only a matrix that passed: no half-written output. */
	for (k = 0; k < cnt * cnt; k++)
		dist[k] = t[44 + k];
	if (n)
		*n = cnt;
	return 0;
}

/* ---- FADT -------------------------------------------------------------- */

/* A field read as 0 when the table is too short to hold all of it. */
static uint32_t opt32(const uint8_t *t, uint32_t tlen, size_t off)
{
	return fits(tlen, off, 4) ? rd32(t + off) : 0;
}

static uint16_t opt16(const uint8_t *t, uint32_t tlen, size_t off)
{
	return fits(tlen, off, 2) ? rd16(t + off) : 0;
}

static uint8_t opt8(const uint8_t *t, uint32_t tlen, size_t off)
{
	return fits(tlen, off, 1) ? t[off] : 0;
}

int acpi_fadt_parse(const void *tbl, size_t len, struct acpi_fadt_info *out,
		    const char **why)
{
	const uint8_t *t = tbl;
	struct acpi_fadt_info fi = { 0 };
	uint32_t tlen;

	if (acpi_table_check(tbl, len, "FACP", why))
		return -1;
	tlen = acpi_table_length(t);

	fi.revision = t[8];
	fi.pm_tmr_blk = opt32(t, tlen, 76);
	fi.pm_tmr_len = opt8(t, tlen, 91);
	fi.flags = opt32(t, tlen, 112);
	fi.tmr_val_ext = (fi.flags & ACPI_FADT_TMR_VAL_EXT) != 0;
	fi.hw_reduced = (fi.flags & ACPI_FADT_HW_REDUCED) != 0;
	fi.arm_boot_arch = opt16(t, tlen, 129);
	fi.minor_revision = opt8(t, tlen, 131);
	/* X_PM_TMR_BLK: a 12-byte GAS; take it only when wholly present. */
	if (fits(tlen, 208, 12)) {
		fi.x_pm_tmr_space = t[208];
		fi.x_pm_tmr_addr = rd64(t + 212);
	}
	if (out)
		*out = fi;
	return 0;
}

/* ---- SPCR -------------------------------------------------------------- */

int acpi_spcr_parse(const void *tbl, size_t len, struct acpi_spcr_info *out,
		    const char **why)
{
	const uint8_t *t = tbl;
	struct acpi_spcr_info si = { 0 };

	if (acpi_table_check(tbl, len, "SPCR", why))
		return -1;
	if (acpi_table_length(t) < 80)
		return fail(why, "spcr shorter than 80 bytes");
	si.revision = t[8];
	si.interface_type = t[36];
	si.space_id = t[40];
	si.bit_width = t[41];
	si.access_size = t[43];
	si.address = rd64(t + 44);
	si.baud_code = t[58];
	if (out)
		*out = si;
	return 0;
}

uint32_t acpi_spcr_baud(uint8_t baud_code)
{
	switch (baud_code) {
	case 3:
		return 9600;
	case 4:
		return 19200;
	case 6:
		return 57600;
	case 7:
		return 115200;
	default:
		return 0;
	}
}

/* ---- PPTT -------------------------------------------------------------- */

#define PPTT_PROC	0
#define PPTT_CACHE	1
#define PPTT_PROC_LEN	20u
#define PPTT_CACHE_LEN	24u

/*
 * Read and validate the processor node at off: inside the table, type 0,
 * its length covers the fixed part and the private resource array.
 */
static int pptt_node(const uint8_t *t, uint32_t tlen, uint32_t off,
		     struct acpi_pptt_node *nd)
{
	const uint8_t *e;
	uint8_t elen;
	uint32_t nres;

	if (off < ACPI_HDR_LEN || !fits(tlen, off, PPTT_PROC_LEN))
		return -1;
	e = t + off;
	elen = e[1];
	if (e[0] != PPTT_PROC || elen < PPTT_PROC_LEN || elen > tlen - off)
		return -1;
	nres = rd32(e + 16);
	if (nres > (elen - PPTT_PROC_LEN) / 4u)
		return -1;
	nd->offset = off;
	nd->flags = rd32(e + 4);
	nd->parent = rd32(e + 8);
	nd->uid = rd32(e + 12);
	nd->nres = nres;
	return 0;
}

/* Walk the structure list; fails on a length that cannot advance it. */
static int pptt_next(const uint8_t *t, uint32_t tlen, size_t *off,
		     const char **why)
{
	uint8_t elen;

	if (tlen - *off < 2)
		return fail(why, "truncated trailing structure");
	elen = t[*off + 1];
	if (elen < 2)
		return fail(why, "zero-length structure");
	if (elen > tlen - *off)
		return fail(why, "structure runs past table end");
	*off += elen;
	return 0;
}

static int pptt_has_child(const uint8_t *t, uint32_t tlen, uint32_t node,
			  bool *child, const char **why)
{
	size_t off;

	*child = false;
	for (off = ACPI_HDR_LEN; off < tlen;) {
		struct acpi_pptt_node nd;

		if (pptt_node(t, tlen, (uint32_t)off, &nd) == 0 &&
		    nd.parent == node) {
			*child = true;
			return 0;
		}
		if (pptt_next(t, tlen, &off, why))
			return -1;
	}
	return 0;
}

static int pptt_find_leaf(const uint8_t *t, uint32_t tlen, uint32_t uid,
			  struct acpi_pptt_node *leaf, const char **why)
{
	size_t off;

	for (off = ACPI_HDR_LEN; off < tlen;) {
		struct acpi_pptt_node nd;
		size_t cur = off;

		if (pptt_next(t, tlen, &off, why))
			return -1;
		if (t[cur] != PPTT_PROC)
			continue;
		if (pptt_node(t, tlen, (uint32_t)cur, &nd))
			return fail(why, "bad processor node");
		if (!(nd.flags & ACPI_PPTT_ID_VALID) || nd.uid != uid)
			continue;
		/*
		 * Package nodes may carry a valid ID too (QEMU numbers its
		 * sockets), so only a leaf counts.  Revision 1 has no leaf
		 * flag: a node without children is a leaf.
		 */
		if (!(nd.flags & ACPI_PPTT_LEAF)) {
			bool child;

			if (pptt_has_child(t, tlen, nd.offset, &child, why))
				return -1;
			if (child)
				continue;
		}
		*leaf = nd;
		return 0;
	}
	return fail(why, "no leaf node for this uid");
}

int acpi_pptt_cpu_chain(const void *tbl, size_t len, uint32_t uid,
			struct acpi_pptt_node *chain, size_t max, size_t *n,
			const char **why)
{
	const uint8_t *t = tbl;
	struct acpi_pptt_node nd;
	size_t cnt = 0, i;
	uint32_t tlen;

	if (n)
		*n = 0;
	if (acpi_table_check(tbl, len, "PPTT", why))
		return -1;
	if (!chain || !max)
		return fail(why, "no room for the chain");
	tlen = acpi_table_length(t);
	if (pptt_find_leaf(t, tlen, uid, &nd, why))
		return -1;

	for (;;) {
		chain[cnt++] = nd;
		if (nd.parent == 0)
			break;
		/* Check for a cycle first so a loop is named as one. */
		for (i = 0; i < cnt; i++)
			if (chain[i].offset == nd.parent)
				return fail(why, "parent cycle");
		if (cnt >= ACPI_PPTT_MAX_DEPTH)
			return fail(why, "hierarchy deeper than 8 levels");
		if (cnt >= max)
			return fail(why, "chain longer than room");
		if (pptt_node(t, tlen, nd.parent, &nd))
			return fail(why, "bad parent offset");
	}
	if (n)
		*n = cnt;
	return 0;
}

static int pptt_cache(const uint8_t *t, uint32_t tlen, uint32_t off,
		      struct acpi_pptt_cache *c, uint32_t *next)
{
	const uint8_t *e;
	uint8_t elen;
	uint32_t f;

	if (off < ACPI_HDR_LEN || !fits(tlen, off, PPTT_CACHE_LEN))
		return -1;
	e = t + off;
	elen = e[1];
	if (e[0] != PPTT_CACHE || elen < PPTT_CACHE_LEN || elen > tlen - off)
		return -1;
	f = rd32(e + 4);
	/* The cache ID field exists only in 28-byte (revision 3) entries. */
	if (elen < 28)
		f &= ~ACPI_PPTT_CACHE_ID_VALID;
	c->offset = off;
	c->flags = f;
	c->size = f & ACPI_PPTT_CACHE_SIZE_VALID ? rd32(e + 12) : 0;
	c->sets = f & ACPI_PPTT_CACHE_SETS_VALID ? rd32(e + 16) : 0;
	c->ways = f & ACPI_PPTT_CACHE_WAYS_VALID ? e[20] : 0;
	c->attributes = e[21];
	c->line_size = f & ACPI_PPTT_CACHE_LINE_VALID ? rd16(e + 22) : 0;
	c->cache_id = f & ACPI_PPTT_CACHE_ID_VALID ? rd32(e + 24) : 0;
	if (!(f & ACPI_PPTT_CACHE_TYPE_VALID))
		c->type = ACPI_CACHE_UNKNOWN;
	else if (e[21] & 0x08)	/* attributes bits 3:2 = 2 or 3 */
		c->type = ACPI_CACHE_UNIFIED;
	else
		c->type = (e[21] >> 2) & 1;
	*next = rd32(e + 8);
	return 0;
}

struct pptt_cache_walk {
	const uint8_t *t;
	uint32_t tlen;
	struct acpi_pptt_cache *caches;
	size_t max, cnt;
};

/*
 * Record the cache at off and its next-level chain, listed by node, with
 * levels from base + 1.  Returns the chain's depth, or -1.
 */
static int pptt_cache_chain(struct pptt_cache_walk *w, uint32_t off,
			    uint32_t node, unsigned int base, const char **why)
{
	int depth = 0;
	size_t j;

	while (off) {
		struct acpi_pptt_cache c;
		uint32_t next;
		bool seen = false;

		/* Bounds the walk: a next-level cycle ends here too. */
		if (++depth > ACPI_PPTT_MAX_DEPTH)
			return fail(why, "cache chain too deep");
		if (pptt_cache(w->t, w->tlen, off, &c, &next))
			return fail(why, "bad cache structure");
		c.node = node;
		c.level = (uint8_t)(base + (unsigned int)depth);
		/* L1D and L1I share their L2: keep it once, first found. */
		for (j = 0; j < w->cnt; j++)
			if (w->caches[j].offset == off)
				seen = true;
		if (!seen) {
			if (w->cnt >= w->max)
				return fail(why, "more caches than room");
			w->caches[w->cnt++] = c;
		}
		off = next;
	}
	return depth;
}

int acpi_pptt_caches(const void *tbl, size_t len, uint32_t uid,
		     struct acpi_pptt_cache *caches, size_t max, size_t *n,
		     const char **why)
{
	struct acpi_pptt_node chain[ACPI_PPTT_MAX_DEPTH];
	struct pptt_cache_walk w = { tbl, 0, caches, max, 0 };
	unsigned int base = 0;
	size_t nchain, i, r;

	if (n)
		*n = 0;
	if (acpi_pptt_cpu_chain(tbl, len, uid, chain, ACPI_PPTT_MAX_DEPTH,
				&nchain, why))
		return -1;
	if (max && !caches)
		return fail(why, "null output array");
	w.tlen = acpi_table_length(tbl);

	for (i = 0; i < nchain; i++) {
		/* pptt_node() checked that the resource array fits. */
		const uint8_t *res = w.t + chain[i].offset + PPTT_PROC_LEN;
		unsigned int deepest = base;

		for (r = 0; r < chain[i].nres; r++) {
			uint32_t off = rd32(res + 4 * r);
			int depth;

			if (off < ACPI_HDR_LEN || off >= w.tlen)
				return fail(why, "bad private resource offset");
			/* Private resources may also be ID structures. */
			if (w.t[off] != PPTT_CACHE)
				continue;
			depth = pptt_cache_chain(&w, off, chain[i].offset,
						 base, why);
			if (depth < 0)
				return -1;
			if (base + (unsigned int)depth > deepest)
				deepest = base + (unsigned int)depth;
		}
		/* A node's caches start past the deepest level below it. */
		base = deepest;
	}
	if (n)
		*n = w.cnt;
	return 0;
}
