/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host tests for core/fw/acpi_topo.c (the MADT/SRAT/SLIT glue the UEFI
 * images and preflight share) and core/fw/acpi_text.c (acpidump's text,
 * read back by tools/preflight/acpi_dump.c as preflight --from reads it).  Tables
 * are built here byte by byte from the ACPI spec's layouts (MADT type 0
 * and 11, SRAT type 0 and 3, SLIT), checksummed here.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "preflight/acpi_dump.h"
#include "check.h"
#include "fw/acpi_text.h"
#include "fw/acpi_topo.h"
#include "topo/topo.h"

struct tb {
	uint8_t b[1024];
	size_t len;
};

static void tb_init(struct tb *t, const char *sig, size_t hdr)
{
	memset(t, 0, sizeof(*t));
	memcpy(t->b, sig, 4);
	t->b[8] = 4;			/* revision */
	memcpy(t->b + 10, "SBMTST", 6);
	t->len = hdr;
}

static uint8_t *tb_entry(struct tb *t, uint8_t type, uint8_t len)
{
	uint8_t *e = t->b + t->len;

	e[0] = type;
	e[1] = len;
	t->len += len;
	return e;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void tb_fix(struct tb *t)
{
	uint8_t s = 0;

	put32(t->b + 4, (uint32_t)t->len);
	t->b[9] = 0;
	for (size_t i = 0; i < t->len; i++)
		s = (uint8_t)(s + t->b[i]);
	t->b[9] = (uint8_t)-s;
}

/* MADT local APIC entry: UID, APIC id, flags (bit 0 enabled, 1 online
 * capable) */
static void madt_lapic(struct tb *t, uint8_t uid, uint8_t id, uint32_t fl)
{
	uint8_t *e = tb_entry(t, 0, 8);

	e[2] = uid;
	e[3] = id;
	put32(e + 4, fl);
}

/* SRAT processor local APIC affinity: domain, APIC id, enabled */
static void srat_lapic(struct tb *t, uint8_t dom, uint8_t id)
{
	uint8_t *e = tb_entry(t, 0, 16);

	e[2] = dom;
	e[3] = id;
	put32(e + 4, 1);
}

static int nwarn;
static char last_warn[128];

static void table_warn(const char *sig, const char *msg)
{
	nwarn++;
	snprintf(last_warn, sizeof(last_warn), "%s: %s", sig, msg);
}

static struct topo_cpu cpus[TOPO_MAX_CPUS];

/* APIC ids 0, 2, a hot-plug slot 4, 6; the boot CPU is 2. */
static void madt4(struct tb *m)
{
	tb_init(m, "APIC", 44);
	m->b[8] = 5;			/* online capable from revision 5 */
	madt_lapic(m, 0, 0, 1);
	madt_lapic(m, 1, 2, 1);
	madt_lapic(m, 2, 4, 2);
	madt_lapic(m, 3, 6, 1);
	tb_fix(m);
}

static void test_x86(void)
{
	struct topo t;
	struct acpi_topo a;
	struct tb m, s, l;
	const char *why;

	madt4(&m);
	tb_init(&s, "SRAT", 48);
	srat_lapic(&s, 0, 0);
	srat_lapic(&s, 0, 2);
	srat_lapic(&s, 1, 6);
	tb_fix(&s);
	tb_init(&l, "SLIT", 44);
	memcpy(l.b + l.len, "\x0a\x1c\x1c\x0a", 4);
	l.b[36] = 2;			/* localities */
	l.len += 4;
	tb_fix(&l);

	topo_init(&t, cpus);
	CHECK(!acpi_topo_init(&a, &t, false, table_warn, NULL));
	CHECK(!acpi_topo_madt(&a, m.b, m.len, true, 2, NULL));
	/* usable CPUs first, in table order, then the slot */
	CHECK_EQ_U64(t.ncpus, 4);
	CHECK_EQ_U64(t.cpus[0].hwid, 0);
	CHECK_EQ_U64(t.cpus[1].hwid, 2);
	CHECK_EQ_U64(t.cpus[1].flags, TOPO_CPU_BSP);
	CHECK_EQ_U64(t.cpus[2].hwid, 6);
	CHECK_EQ_U64(t.cpus[3].hwid, 4);
	CHECK_EQ_U64(t.cpus[3].flags, TOPO_CPU_DISABLED);
	CHECK_EQ_U64(a.uids[3], 2);
	CHECK(!acpi_topo_slit(&a, l.b, l.len));
	/* the slot unplaced: every usable CPU is, so the map holds */
	CHECK_EQ_U64(acpi_topo_srat(&a, s.b, s.len, false), 3);
	CHECK_STR(t.node_source, "srat");
	CHECK(!topo_finalize(&t, &why));
	acpi_topo_distances(&a, &t);
	CHECK_EQ_U64(t.nnodes, 2);
	CHECK_EQ_U64(topo_distance(&t, 0, 1), 28);
	CHECK_EQ_U64(nwarn, 0);
	acpi_topo_free(&a);

	/* a usable CPU left out: no map at all, and a warning saying so */
	tb_init(&s, "SRAT", 48);
	srat_lapic(&s, 0, 0);
	srat_lapic(&s, 1, 6);
	tb_fix(&s);
	topo_init(&t, cpus);
	CHECK(!acpi_topo_init(&a, &t, false, table_warn, NULL));
	/* no boot CPU known (preflight --from): the first enabled entry */
	CHECK(!acpi_topo_madt(&a, m.b, m.len, false, 0, NULL));
	CHECK_EQ_U64(t.cpus[0].flags, TOPO_CPU_BSP);
	CHECK_EQ_U64(t.cpus[1].flags, 0);
	CHECK_EQ_U64(acpi_topo_srat(&a, s.b, s.len, false), 0);
	CHECK_EQ_U64(nwarn, 1);
	CHECK_STR(last_warn, "SRAT: does not place every CPU");
	for (uint32_t i = 0; i < t.ncpus; i++)
		CHECK_EQ_U64(t.cpus[i].raw_node, TOPO_NONE);
	CHECK_STR(t.node_source, "unknown");
	/* a bad checksum: refused, named */
	m.b[9]++;
	CHECK(acpi_topo_madt(&a, m.b, m.len, false, 0, NULL) == -1);
	CHECK_EQ_U64(nwarn, 2);
	CHECK(!strncmp(last_warn, "APIC: ", 6));
	acpi_topo_free(&a);
}

/* GICC entries, an SRAT keyed by ACPI processor UID, not MPIDR */
static void test_gicc(void)
{
	struct topo t;
	struct acpi_topo a;
	struct tb m, s;

	tb_init(&m, "APIC", 44);
	for (uint32_t i = 0; i < 2; i++) {
		uint8_t *e = tb_entry(&m, 11, 80);

		put32(e + 8, 100 + i);		/* ACPI processor UID */
		put32(e + 12, 1);		/* enabled */
		put32(e + 68, i << 8);		/* MPIDR: Aff1 = i */
	}
	tb_fix(&m);
	tb_init(&s, "SRAT", 48);
	for (uint32_t i = 0; i < 2; i++) {
		uint8_t *e = tb_entry(&s, 3, 18);

		put32(e + 2, 7 - i);		/* domain */
		put32(e + 6, 101 - i);		/* UID */
		put32(e + 10, 1);
	}
	tb_fix(&s);
	topo_init(&t, cpus);
	CHECK(!acpi_topo_init(&a, &t, true, table_warn, NULL));
	CHECK(!acpi_topo_madt(&a, m.b, m.len, true, 0x100, NULL));
	CHECK_EQ_U64(t.ncpus, 2);
	CHECK_EQ_U64(t.cpus[1].hwid, 0x100);
	CHECK_EQ_U64(t.cpus[1].flags, TOPO_CPU_BSP);
	CHECK_EQ_U64(acpi_topo_srat(&a, s.b, s.len, true), 2);
	CHECK_EQ_U64(t.cpus[0].raw_node, 6);	/* UID 100 */
	CHECK_EQ_U64(t.cpus[1].raw_node, 7);	/* UID 101 */
	acpi_topo_free(&a);
}

struct text {
	char buf[16384];
	size_t len;
};

static void collect(void *arg, const char *line)
{
	struct text *x = arg;
	size_t n = strlen(line);

	CHECK(n < ACPI_TEXT_LINE);
	if (x->len + n < sizeof(x->buf)) {
		memcpy(x->buf + x->len, line, n);
		x->len += n;
	}
}

/* What the image prints, acpidump's reader takes back byte for byte. */
static void test_text(void)
{
	static struct acpi_dump d;
	static struct text x;
	struct tb m;
	char err[160];

	madt4(&m);
	acpi_text_dump((const char *)m.b, 0x7fb78000, m.b, m.len, collect,
		       &x);
	CHECK(!strncmp(x.buf, "APIC @ 0x000000007fb78000\n    0000: 41 50 "
		       "49 43 ", 42));
	CHECK(!acpi_dump_parse_text(x.buf, x.len, &d, err, sizeof(err)));
	CHECK_EQ_U64(d.n, 1);
	CHECK_STR(d.t[0].sig, "APIC");
	CHECK_EQ_U64(d.t[0].len, m.len);
	CHECK(!memcmp(d.t[0].data, m.b, m.len));
	acpi_dump_free(&d);
}

int main(void)
{
	test_x86();
	test_gicc();
	test_text();
	return check_done("test_acpi_topo");
}
