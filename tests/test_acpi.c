/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host tests for core/fw/acpi*.c.  Tables are built in memory field by field,
 * checksummed here (independently of the code under test), and handed to
 * the parsers in a heap buffer of exactly their length so that AddressSanitizer
 * catches any read past the end.  Given a directory, it tests the tables
 * tests/acpi-tables.sh compiled there with iasl from the .asl sources in
 * tests/acpi/ instead (written from ACPICA's templates, not from our enums).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fw/acpi.h"
#include "fw/acpi_madt.h"
#include "fw/acpi_numa.h"
#include "fw/acpi_platform.h"
#include "fw/acpi_pptt.h"
#include "fw/io_ports.h"
#include "fw/ipmi_kcs.h"
#include "fw/ipmi_kcs_layout.h"
#include "check.h"
#include "fw/pptt_topo.h"
#include "topo/topo.h"

/* ---- table builder ----------------------------------------------------- */

struct tb {
	uint8_t buf[8192];
	size_t len;
};

static void wr16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void wr32(uint8_t *p, uint32_t v)
{
	wr16(p, (uint16_t)v);
	wr16(p + 2, (uint16_t)(v >> 16));
}

static void wr64(uint8_t *p, uint64_t v)
{
	wr32(p, (uint32_t)v);
	wr32(p + 4, (uint32_t)(v >> 32));
}

static uint8_t sum8(const uint8_t *p, size_t n)
{
	uint8_t s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s = (uint8_t)(s + p[i]);
	return s;
}

static void tb_init(struct tb *b, const char *sig, uint8_t rev)
{
	memset(b, 0, sizeof(*b));
	memcpy(b->buf, sig, 4);
	b->buf[8] = rev;
	memcpy(b->buf + 10, "SBMTST", 6);
	memcpy(b->buf + 16, "SBMBENCH", 8);
	b->len = 36;
}

/* Reserve n zeroed bytes at the end; returns their offset. */
static size_t tb_add(struct tb *b, size_t n)
{
	size_t off = b->len;

	b->len += n;
	return off;
}

/* Append an entry header (type, length) plus zeroed body. */
static size_t tb_entry(struct tb *b, uint8_t type, uint8_t len)
{
	size_t off = tb_add(b, len);

	b->buf[off] = type;
	b->buf[off + 1] = len;
	return off;
}

/* Set the length field to the bytes written and fix the checksum. */
static void tb_fix(struct tb *b)
{
	wr32(b->buf + 4, (uint32_t)b->len);
	b->buf[9] = 0;
	b->buf[9] = (uint8_t)(0 - sum8(b->buf, b->len));
}

/* Exact-size heap copy: the previous one is freed. */
static uint8_t *exact_buf;

static const uint8_t *exact(const void *p, size_t n)
{
	free(exact_buf);
	exact_buf = malloc(n ? n : 1);
	if (!exact_buf)
		abort();
	memcpy(exact_buf, p, n);
	return exact_buf;
}

static const uint8_t *tb_done(struct tb *b)
{
	tb_fix(b);
	return exact(b->buf, b->len);
}

/* ---- warnings ---------------------------------------------------------- */

struct wlog {
	int count;
	const char *table[32];
	const char *msg[32];
};

static void wlog_fn(void *arg, const char *table, const char *msg)
{
	struct wlog *w = arg;

	if (w->count < 32) {
		w->table[w->count] = table;
		w->msg[w->count] = msg;
	}
	w->count++;
}

static int wlog_has(const struct wlog *w, const char *msg)
{
	int i, hits = 0;

	for (i = 0; i < w->count && i < 32; i++)
		if (!strcmp(w->msg[i], msg))
			hits++;
	return hits;
}

/* ---- generic header ---------------------------------------------------- */

static void test_header(void)
{
	struct tb b;
	const uint8_t *t;
	const char *why = NULL;
	char sig[5];

	tb_init(&b, "WAET", 1);
	tb_add(&b, 4);
	t = tb_done(&b);
	CHECK(acpi_table_check(t, b.len, "WAET", &why) == 0);
	CHECK(acpi_table_check(t, b.len, NULL, &why) == 0);
	CHECK(acpi_table_check(t, b.len, NULL, NULL) == 0);
	CHECK_EQ_U64(acpi_table_length(t), 40);
	CHECK_EQ_U64(acpi_table_revision(t), 1);
	acpi_table_sig(t, sig);
	CHECK_STR(sig, "WAET");
	CHECK(acpi_sig_is(t, "WAET"));
	CHECK(!acpi_sig_is(t, "WAE"));
	CHECK(!acpi_sig_is(t, "APIC"));

	CHECK(acpi_table_check(t, b.len, "APIC", &why) < 0);
	CHECK_STR(why, "bad signature");
	CHECK(acpi_table_check(t, b.len, "WA", &why) < 0);

	/* Length larger than what the caller could map. */
	t = exact(b.buf, 39);
	CHECK(acpi_table_check(t, 39, "WAET", &why) < 0);
	CHECK_STR(why, "length beyond available bytes");

	/* Fewer bytes than a header. */
	t = exact(b.buf, 20);
	CHECK(acpi_table_check(t, 20, NULL, &why) < 0);
	CHECK_STR(why, "fewer than 36 bytes available");

	/* Bad checksum. */
	tb_fix(&b);
	b.buf[38] ^= 0x40;
	t = exact(b.buf, b.len);
	CHECK(acpi_table_check(t, b.len, NULL, &why) < 0);
	CHECK_STR(why, "bad checksum");

	/* Length field below the header size (checksum still right). */
	tb_init(&b, "WAET", 1);
	tb_fix(&b);
	wr32(b.buf + 4, 12);
	b.buf[9] = 0;
	b.buf[9] = (uint8_t)(0 - sum8(b.buf, 12));
	t = exact(b.buf, 36);
	CHECK(acpi_table_check(t, 36, NULL, &why) < 0);
	CHECK_STR(why, "length shorter than header");

	CHECK(acpi_table_check(NULL, 100, NULL, &why) < 0);

	CHECK_EQ_U64(acpi_checksum(b.buf, 0), 0);
}

/* ---- RSDP -------------------------------------------------------------- */

static void rsdp_build(uint8_t *r, uint8_t rev, uint32_t rsdt, uint64_t xsdt)
{
	memset(r, 0, 36);
	memcpy(r, "RSD PTR ", 8);
	memcpy(r + 9, "BOCHS\x01", 6);
	r[15] = rev;
	wr32(r + 16, rsdt);
	r[8] = (uint8_t)(0 - sum8(r, 20));
	if (rev >= 2) {
		wr32(r + 20, 36);
		wr64(r + 24, xsdt);
		r[32] = (uint8_t)(0 - sum8(r, 36));
	}
}

static void test_rsdp(void)
{
	uint8_t r[36];
	struct acpi_rsdp_info ri;
	const char *why = NULL;

	/* ACPI 1.0: 20 bytes are enough, no XSDT. */
	rsdp_build(r, 0, 0x7ffe1234, 0);
	memset(&ri, 0xaa, sizeof(ri));
	CHECK(acpi_rsdp_parse(exact(r, 20), 20, &ri, &why) == 0);
	CHECK_EQ_U64(ri.revision, 0);
	CHECK_EQ_U64(ri.rsdt, 0x7ffe1234);
	CHECK_EQ_U64(ri.xsdt, 0);
	CHECK_EQ_U64(ri.length, 20);
	CHECK_STR(ri.oem_id, "BOCHS?");

	rsdp_build(r, 0, 0x7ffe1234, 0);
	r[16] ^= 1;
	CHECK(acpi_rsdp_parse(exact(r, 20), 20, &ri, &why) < 0);
	CHECK_STR(why, "bad rsdp checksum");

	rsdp_build(r, 0, 0x7ffe1234, 0);
	r[3] = 'x';
	CHECK(acpi_rsdp_parse(exact(r, 20), 20, &ri, &why) < 0);
	CHECK_STR(why, "bad rsdp signature");

	CHECK(acpi_rsdp_parse(exact(r, 19), 19, &ri, &why) < 0);
	CHECK_STR(why, "rsdp truncated");

	/* ACPI 2.0+. */
	rsdp_build(r, 2, 0x7ffe1234, 0x17ffe0000ull);
	CHECK(acpi_rsdp_parse(exact(r, 36), 36, &ri, &why) == 0);
	CHECK_EQ_U64(ri.revision, 2);
	CHECK_EQ_U64(ri.rsdt, 0x7ffe1234);
	CHECK_EQ_U64(ri.xsdt, 0x17ffe0000ull);
	CHECK_EQ_U64(ri.length, 36);

	/* v1 checksum fine, extended one broken. */
	rsdp_build(r, 2, 0x7ffe1234, 0x17ffe0000ull);
	r[33] = 1;
	CHECK(acpi_rsdp_parse(exact(r, 36), 36, &ri, &why) < 0);
	CHECK_STR(why, "bad rsdp extended checksum");

	/* v1 checksum broken on a v2 RSDP. */
	rsdp_build(r, 2, 0x7ffe1234, 0x17ffe0000ull);
	r[8] ^= 0x10;
	CHECK(acpi_rsdp_parse(exact(r, 36), 36, &ri, &why) < 0);
	CHECK_STR(why, "bad rsdp checksum");

	/* v2 with only the v1 part mapped. */
	rsdp_build(r, 2, 0x7ffe1234, 0x17ffe0000ull);
	CHECK(acpi_rsdp_parse(exact(r, 20), 20, &ri, &why) < 0);
	CHECK_STR(why, "rsdp v2 truncated");

	/* Length field claiming more than is there. */
	rsdp_build(r, 2, 0x7ffe1234, 0x17ffe0000ull);
	wr32(r + 20, 4096);
	r[8] = 0;
	r[8] = (uint8_t)(0 - sum8(r, 20));
	CHECK(acpi_rsdp_parse(exact(r, 36), 36, &ri, &why) < 0);
	CHECK_STR(why, "rsdp length beyond available bytes");

	rsdp_build(r, 2, 0x7ffe1234, 0x17ffe0000ull);
	wr32(r + 20, 20);
	r[8] = 0;
	r[8] = (uint8_t)(0 - sum8(r, 20));
	CHECK(acpi_rsdp_parse(exact(r, 36), 36, &ri, &why) < 0);
	CHECK_STR(why, "rsdp length below 36");
}

/* ---- RSDT / XSDT ------------------------------------------------------- */

static void test_root(void)
{
	struct tb b;
	const uint8_t *t;
	uint64_t a[8];
	size_t n = 99, off;
	const char *why = NULL;

	tb_init(&b, "RSDT", 1);
	off = tb_add(&b, 12 + 3);	/* three entries and odd bytes */
	wr32(b.buf + off, 0x7ffe0100);
	wr32(b.buf + off + 4, 0x7ffe0200);
	wr32(b.buf + off + 8, 0x7ffe0300);
	b.buf[off + 12] = 0xee;
	t = tb_done(&b);
	CHECK(acpi_root_entries(t, b.len, a, 8, &n, &why) == 0);
	CHECK_EQ_U64(n, 3);
	CHECK_EQ_U64(a[0], 0x7ffe0100);
	CHECK_EQ_U64(a[2], 0x7ffe0300);

	/* Fewer slots than entries: the first ones are kept. */
	CHECK(acpi_root_entries(t, b.len, a, 2, &n, &why) == 0);
	CHECK_EQ_U64(n, 2);
	CHECK_EQ_U64(a[1], 0x7ffe0200);

	tb_init(&b, "XSDT", 1);
	off = tb_add(&b, 24 + 7);
	wr64(b.buf + off, 0x100000000ull);
	wr64(b.buf + off + 8, 0);	/* null entries are dropped */
	wr64(b.buf + off + 16, 0xfedcba9876543210ull);
	memset(b.buf + off + 24, 0xff, 7);
	t = tb_done(&b);
	CHECK(acpi_root_entries(t, b.len, a, 8, &n, &why) == 0);
	CHECK_EQ_U64(n, 2);
	CHECK_EQ_U64(a[0], 0x100000000ull);
	CHECK_EQ_U64(a[1], 0xfedcba9876543210ull);

	/* Empty XSDT. */
	tb_init(&b, "XSDT", 1);
	t = tb_done(&b);
	CHECK(acpi_root_entries(t, b.len, a, 8, &n, &why) == 0);
	CHECK_EQ_U64(n, 0);

	tb_init(&b, "FACP", 1);
	tb_add(&b, 8);
	t = tb_done(&b);
	CHECK(acpi_root_entries(t, b.len, a, 8, &n, &why) < 0);
	CHECK_STR(why, "not an rsdt or xsdt");

	tb_init(&b, "XSDT", 1);
	tb_add(&b, 8);
	tb_fix(&b);
	b.buf[40] ^= 1;
	t = exact(b.buf, b.len);
	CHECK(acpi_root_entries(t, b.len, a, 8, &n, &why) < 0);
	CHECK_STR(why, "bad checksum");
	CHECK_EQ_U64(n, 0);
}

/*
 * Lookup by signature over a root table of more than 64 entries.  Entry
 * addresses are fake physical addresses 0x1000 * (i + 1); the map callback
 * turns them into the tables of an array, as the image's identity map does.
 */
#define MANY 80

struct many {
	struct tb t[MANY];
	const uint8_t *p[MANY];
	int mapped;
};

static const void *many_map(void *arg, uint64_t addr, const char *sig,
			    size_t *len)
{
	struct many *m = arg;
	uint64_t i = addr / 0x1000 - 1;

	m->mapped++;
	if (addr % 0x1000 || i >= MANY)
		return NULL;
	if (acpi_table_check(m->p[i], m->t[i].len, sig, NULL))
		return NULL;
	*len = m->t[i].len;
	return m->p[i];
}

static void test_root_many(void)
{
	static struct many m;
	static struct tb root;
	const void *p;
	size_t pos, len, off, n;
	char sig[5];
	int i;

	for (i = 0; i < MANY; i++) {
		snprintf(sig, sizeof(sig), "X%03d", i);
		if (i == 70)
			memcpy(sig, "SRAT", 4);	/* made bad below */
		if (i == 75)
			memcpy(sig, "SLIT", 4);
		if (i == 78)
			memcpy(sig, "SRAT", 4);
		tb_init(&m.t[i], sig, 1);
		tb_add(&m.t[i], 4);
		tb_fix(&m.t[i]);
		if (i == 70)
			m.t[i].buf[36] ^= 1;	/* bad checksum: skipped */
		m.p[i] = m.t[i].buf;
	}
	for (int esz = 4; esz <= 8; esz += 4) {
		tb_init(&root, esz == 4 ? "RSDT" : "XSDT", 1);
		for (i = 0; i < MANY; i++) {
			off = tb_add(&root, (size_t)esz);
			if (esz == 4)
				wr32(root.buf + off, 0x1000u * (uint32_t)(i + 1));
			else
				wr64(root.buf + off, 0x1000ull * (uint64_t)(i + 1));
		}
		off = tb_add(&root, (size_t)esz);	/* a null entry */
		tb_add(&root, 3);	/* and a partial one */
		tb_fix(&root);

		pos = 0;
		m.mapped = 0;
		p = acpi_root_find(root.buf, root.len, "SLIT", many_map, &m,
				   &pos, &len);
		CHECK(p == m.p[75]);
		CHECK_EQ_U64(pos, 76);
		CHECK_EQ_U64(len, 40);
		/* The first good SRAT is past the bad one at entry 70. */
		pos = 0;
		p = acpi_root_find(root.buf, root.len, "SRAT", many_map, &m,
				   &pos, &len);
		CHECK(p == m.p[78]);
		/* Every good table once, in order: 79 of 80. */
		pos = 0;
		n = 0;
		m.mapped = 0;
		while ((p = acpi_root_find(root.buf, root.len, NULL, many_map,
					   &m, &pos, &len)))
			n++;
		CHECK_EQ_U64(n, MANY - 1);
		CHECK_EQ_U64(m.mapped, MANY);	/* the null entry is not mapped */
		CHECK_EQ_U64(pos, MANY + 1);
		CHECK(!acpi_root_find(root.buf, root.len, "SLIT", many_map, &m,
				      &pos, &len));
		/* No such table; a bad root table finds nothing. */
		pos = 0;
		CHECK(!acpi_root_find(root.buf, root.len, "PPTT", many_map, &m,
				      &pos, &len));
		root.buf[40] ^= 1;
		pos = 0;
		CHECK(!acpi_root_find(root.buf, root.len, "SLIT", many_map, &m,
				      &pos, &len));
	}
	/* Not a root table. */
	pos = 0;
	CHECK(!acpi_root_find(m.p[0], m.t[0].len, NULL, many_map, &m, &pos,
			      &len));
}

/* ---- MADT -------------------------------------------------------------- */

static void madt_init(struct tb *b, uint8_t rev)
{
	size_t off;

	tb_init(b, "APIC", rev);
	off = tb_add(b, 8);
	wr32(b->buf + off, 0xfee00000);
	wr32(b->buf + off + 4, 1);	/* PCAT_COMPAT */
}

static void madt_lapic(struct tb *b, uint8_t uid, uint8_t id, uint32_t flags)
{
	size_t off = tb_entry(b, 0, 8);

	b->buf[off + 2] = uid;
	b->buf[off + 3] = id;
	wr32(b->buf + off + 4, flags);
}

static void madt_x2apic(struct tb *b, uint32_t id, uint32_t flags,
			uint32_t uid)
{
	size_t off = tb_entry(b, 9, 16);

	wr32(b->buf + off + 4, id);
	wr32(b->buf + off + 8, flags);
	wr32(b->buf + off + 12, uid);
}

static void madt_gicc(struct tb *b, uint8_t len, uint32_t cpuif, uint32_t uid,
		      uint32_t flags, uint64_t mpidr)
{
	size_t off = tb_entry(b, 11, len);

	wr32(b->buf + off + 4, cpuif);
	wr32(b->buf + off + 8, uid);
	wr32(b->buf + off + 12, flags);
	wr64(b->buf + off + 32, 0x8010000);	/* GICC base, noise */
	if (len >= 76)
		wr64(b->buf + off + 68, mpidr);
}

/* The non-CPU entries QEMU emits on q35. */
static void madt_qemu_noise(struct tb *b)
{
	size_t off;

	off = tb_entry(b, 1, 12);	/* I/O APIC */
	wr32(b->buf + off + 4, 0xfec00000);
	off = tb_entry(b, 2, 10);	/* interrupt source override */
	b->buf[off + 3] = 2;
	off = tb_entry(b, 4, 6);	/* local APIC NMI */
	b->buf[off + 2] = 0xff;
	b->buf[off + 5] = 1;
}

static void test_madt_qemu(void)
{
	struct tb b;
	const uint8_t *t;
	struct acpi_madt_cpu c[8];
	struct acpi_madt_info mi;
	struct wlog w = { 0 };
	size_t n = 99;
	const char *why = NULL;

	madt_init(&b, 5);
	madt_lapic(&b, 0, 0, 1);
	madt_lapic(&b, 1, 1, 1);
	madt_lapic(&b, 2, 2, 0);	/* disabled */
	madt_lapic(&b, 3, 3, 2);	/* online capable only */
	madt_qemu_noise(&b);
	t = tb_done(&b);
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, wlog_fn, &w, &why) == 0);
	CHECK_EQ_U64(n, 3);
	CHECK_EQ_U64(c[0].id, 0);
	CHECK_EQ_U64(c[0].kind, ACPI_MADT_LAPIC);
	CHECK_EQ_U64(c[0].flags, ACPI_CPU_ENABLED);
	CHECK_EQ_U64(c[1].id, 1);
	CHECK_EQ_U64(c[1].uid, 1);
	CHECK_EQ_U64(c[2].id, 3);
	CHECK_EQ_U64(c[2].uid, 3);
	CHECK_EQ_U64(c[2].flags, ACPI_CPU_ONLINE_CAPABLE);
	CHECK_EQ_U64(c[2].mpidr, 0);
	CHECK(acpi_cpu_usable(c[2].flags));
	CHECK(!acpi_cpu_usable(0));
	CHECK_EQ_U64(mi.lapic_addr, 0xfee00000);
	CHECK_EQ_U64(mi.flags, 1);
	CHECK_EQ_U64(mi.revision, 5);
	CHECK_EQ_U64(mi.nunusable, 1);
	CHECK_EQ_U64(mi.nentries_skipped, 1);
	CHECK_EQ_U64(mi.nonline_capable, 1);
	CHECK_EQ_U64(mi.nunknown, 0);
	CHECK_EQ_U64(mi.nduplicate, 0);
	CHECK_EQ_U64(w.count, 1);
	CHECK_EQ_U64(wlog_has(&w, "disabled cpu entries skipped"), 1);
	CHECK_STR(w.table[0], "APIC");

	/* Before MADT revision 5 bit 1 was reserved: not online capable. */
	b.buf[8] = 3;
	t = tb_done(&b);
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, NULL, NULL, &why) == 0);
	CHECK_EQ_U64(n, 2);
	CHECK_EQ_U64(mi.nunusable, 2);
	CHECK_EQ_U64(mi.nonline_capable, 0);

	/* The ACPI 6.2b errata revision 45 predates the bit as well. */
	b.buf[8] = 45;
	t = tb_done(&b);
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, NULL, NULL, &why) == 0);
	CHECK_EQ_U64(n, 2);

	/* Count only, every optional pointer NULL. */
	b.buf[8] = 5;
	t = tb_done(&b);
	CHECK(acpi_madt_parse(t, b.len, NULL, 0, NULL, NULL, NULL, NULL,
			      NULL) == 0);
	CHECK(acpi_madt_parse(t, b.len, NULL, 4, &n, NULL, NULL, NULL,
			      &why) < 0);
}

static void test_madt_x2apic_dup(void)
{
	struct tb b;
	const uint8_t *t;
	struct acpi_madt_cpu c[8];
	struct acpi_madt_info mi;
	struct wlog w = { 0 };
	size_t n;
	const char *why = NULL;

	madt_init(&b, 5);
	madt_lapic(&b, 0, 0, 1);
	madt_lapic(&b, 1, 1, 1);
	madt_x2apic(&b, 0x100, 1, 2);
	madt_x2apic(&b, 0x101, 3, 3);	/* enabled + reserved bit: enabled */
	madt_x2apic(&b, 1, 1, 4);	/* same APIC id as a LAPIC entry */
	madt_lapic(&b, 5, 0, 1);	/* duplicate LAPIC */
	madt_lapic(&b, 6, 0xff, 1);	/* "no APIC" */
	madt_x2apic(&b, 0xffffffffu, 1, 7);
	madt_lapic(&b, 8, 0xff, 0);	/* placeholder: quietly unusable */
	t = tb_done(&b);
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, wlog_fn, &w, &why) == 0);
	CHECK_EQ_U64(n, 4);
	CHECK_EQ_U64(c[2].kind, ACPI_MADT_X2APIC);
	CHECK_EQ_U64(c[2].id, 0x100);
	CHECK_EQ_U64(c[2].uid, 2);
	CHECK_EQ_U64(c[3].id, 0x101);
	CHECK_EQ_U64(c[3].flags, ACPI_CPU_ENABLED);
	CHECK_EQ_U64(c[3].raw_flags, 3);
	CHECK_EQ_U64(mi.nduplicate, 2);
	CHECK_EQ_U64(mi.nunusable, 1);
	CHECK_EQ_U64(mi.nentries_skipped, 5);
	/* one warning each, however many entries */
	CHECK_EQ_U64(wlog_has(&w, "duplicate apic id entries skipped"), 1);
	CHECK_EQ_U64(wlog_has(&w, "invalid apic id entries skipped"), 1);
	CHECK_EQ_U64(w.count, 3);

	/* More CPUs than room: not fatal, warned once. */
	w.count = 0;
	CHECK(acpi_madt_parse(t, b.len, c, 2, &n, &mi, wlog_fn, &w, &why) == 0);
	CHECK_EQ_U64(n, 2);
	CHECK_EQ_U64(mi.ndropped, 2);
	CHECK_EQ_U64(wlog_has(&w, "more cpus than room, extra dropped"), 1);
}

static void test_madt_broken_entries(void)
{
	struct tb b;
	const uint8_t *t;
	struct acpi_madt_cpu c[8];
	struct acpi_madt_info mi;
	struct wlog w = { 0 };
	size_t n, off;
	const char *why = NULL;

	/* Zero-length entry: the walk must stop, not spin. */
	madt_init(&b, 5);
	madt_lapic(&b, 0, 0, 1);
	tb_entry(&b, 0, 8);
	b.buf[b.len - 7] = 0;		/* length 0 */
	madt_lapic(&b, 2, 2, 1);
	t = tb_done(&b);
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, wlog_fn, &w, &why) == 0);
	CHECK_EQ_U64(n, 1);
	CHECK_EQ_U64(wlog_has(&w, "zero-length entry, rest ignored"), 1);

	/* Length 1: same. */
	b.buf[44 + 8 + 1] = 1;
	t = tb_done(&b);
	w.count = 0;
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, wlog_fn, &w, &why) == 0);
	CHECK_EQ_U64(n, 1);
	CHECK_EQ_U64(wlog_has(&w, "zero-length entry, rest ignored"), 1);

	/* Last entry claims more bytes than the table has. */
	madt_init(&b, 5);
	madt_lapic(&b, 0, 0, 1);
	madt_lapic(&b, 1, 1, 1);
	off = tb_entry(&b, 9, 12);
	b.buf[off + 1] = 16;		/* x2APIC needs 16, 12 are there */
	t = tb_done(&b);
	w.count = 0;
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, wlog_fn, &w, &why) == 0);
	CHECK_EQ_U64(n, 2);
	CHECK_EQ_U64(wlog_has(&w, "entry runs past table end"), 1);

	/* A single stray trailing byte. */
	madt_init(&b, 5);
	madt_lapic(&b, 0, 0, 1);
	tb_add(&b, 1);
	b.buf[b.len - 1] = 0;
	t = tb_done(&b);
	w.count = 0;
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, wlog_fn, &w, &why) == 0);
	CHECK_EQ_U64(n, 1);
	CHECK_EQ_U64(wlog_has(&w, "truncated trailing entry"), 1);

	/* Short LAPIC, unknown and OEM types: skipped, walk goes on. */
	madt_init(&b, 5);
	off = tb_entry(&b, 0, 6);
	b.buf[off + 3] = 7;
	tb_entry(&b, 0x50, 4);
	tb_entry(&b, 0x80, 4);
	madt_x2apic(&b, 9, 1, 9);
	t = tb_done(&b);
	w.count = 0;
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, wlog_fn, &w, &why) == 0);
	CHECK_EQ_U64(n, 1);
	CHECK_EQ_U64(c[0].id, 9);
	CHECK_EQ_U64(mi.nunknown, 1);
	CHECK_EQ_U64(mi.nentries_skipped, 1);
	CHECK_EQ_U64(wlog_has(&w, "short lapic entry skipped"), 1);
	CHECK_EQ_U64(wlog_has(&w, "unknown entry type ignored"), 1);
	CHECK_EQ_U64(w.count, 2);

	/* Whole-table failures. */
	madt_init(&b, 5);
	madt_lapic(&b, 0, 0, 1);
	tb_fix(&b);
	b.buf[47] ^= 1;
	t = exact(b.buf, b.len);
	n = 99;
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, NULL, NULL, &why) < 0);
	CHECK_STR(why, "bad checksum");
	CHECK_EQ_U64(n, 0);

	madt_init(&b, 5);
	madt_lapic(&b, 0, 0, 1);
	tb_fix(&b);
	t = exact(b.buf, b.len - 4);
	CHECK(acpi_madt_parse(t, b.len - 4, c, 8, &n, &mi, NULL, NULL,
			      &why) < 0);
	CHECK_STR(why, "length beyond available bytes");

	tb_init(&b, "APIC", 5);
	tb_add(&b, 4);
	t = tb_done(&b);
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, NULL, NULL, &why) < 0);
	CHECK_STR(why, "madt shorter than 44 bytes");

	/* Empty but valid MADT. */
	madt_init(&b, 5);
	t = tb_done(&b);
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, NULL, NULL, &why) == 0);
	CHECK_EQ_U64(n, 0);
}

static void test_madt_gicc(void)
{
	struct tb b;
	const uint8_t *t;
	struct acpi_madt_cpu c[8];
	struct acpi_madt_info mi;
	struct wlog w = { 0 };
	size_t n;
	const char *why = NULL;

	madt_init(&b, 4);
	madt_gicc(&b, 76, 0, 0, 1, 0x0);
	madt_gicc(&b, 80, 1, 1, 1, 0x1);
	madt_gicc(&b, 82, 2, 2, 1, 0x100);
	madt_gicc(&b, 80, 3, 3, 1u << 3, 0x101);	/* online capable */
	madt_gicc(&b, 80, 4, 4, 0, 0x102);		/* unusable */
	/* Bit 31 is RES1: same affinity as 0x1, so a duplicate. */
	madt_gicc(&b, 80, 5, 5, 1, 0x80000001ull);
	madt_gicc(&b, 72, 6, 6, 1, 0);			/* too short */
	madt_gicc(&b, 80, 7, 7, 1, 0x100000000ull);	/* Aff3 = 1 */
	t = tb_done(&b);
	CHECK(acpi_madt_parse(t, b.len, c, 8, &n, &mi, wlog_fn, &w, &why) == 0);
	CHECK_EQ_U64(n, 5);
	CHECK_EQ_U64(c[0].kind, ACPI_MADT_GICC);
	CHECK_EQ_U64(c[0].mpidr, 0);
	CHECK_EQ_U64(c[1].mpidr, 1);
	CHECK_EQ_U64(c[1].uid, 1);
	CHECK_EQ_U64(c[2].mpidr, 0x100);
	CHECK_EQ_U64(c[2].id, 2);
	CHECK_EQ_U64(c[3].mpidr, 0x101);
	CHECK_EQ_U64(c[3].flags, ACPI_CPU_ONLINE_CAPABLE);
	CHECK_EQ_U64(c[3].raw_flags, 8);
	CHECK_EQ_U64(c[4].mpidr, 0x100000000ull);
	CHECK_EQ_U64(c[4].uid, 7);
	CHECK_EQ_U64(mi.nunusable, 1);
	CHECK_EQ_U64(mi.nduplicate, 1);
	CHECK_EQ_U64(mi.nonline_capable, 1);
	CHECK_EQ_U64(mi.nentries_skipped, 3);
	CHECK_EQ_U64(wlog_has(&w, "duplicate mpidr entries skipped"), 1);
	CHECK_EQ_U64(wlog_has(&w, "short gicc entry skipped"), 1);
	CHECK_EQ_U64(wlog_has(&w, "disabled cpu entries skipped"), 1);
}

/* ---- SRAT -------------------------------------------------------------- */

static void srat_init(struct tb *b, uint8_t rev)
{
	size_t off;

	tb_init(b, "SRAT", rev);
	off = tb_add(b, 12);
	wr32(b->buf + off, 1);	/* reserved, "1" for compatibility */
}

static void srat_lapic(struct tb *b, uint32_t dom, uint8_t id, uint32_t flags)
{
	size_t off = tb_entry(b, 0, 16);

	b->buf[off + 2] = (uint8_t)dom;
	b->buf[off + 3] = id;
	wr32(b->buf + off + 4, flags);
	b->buf[off + 9] = (uint8_t)(dom >> 8);
	b->buf[off + 10] = (uint8_t)(dom >> 16);
	b->buf[off + 11] = (uint8_t)(dom >> 24);
}

static void srat_mem(struct tb *b, uint32_t dom, uint64_t base, uint64_t len,
		     uint32_t flags)
{
	size_t off = tb_entry(b, 1, 40);

	wr32(b->buf + off + 2, dom);
	wr64(b->buf + off + 8, base);
	wr64(b->buf + off + 16, len);
	wr32(b->buf + off + 28, flags);
}

static void srat_x2apic(struct tb *b, uint32_t dom, uint32_t id,
			uint32_t flags)
{
	size_t off = tb_entry(b, 2, 24);

	wr32(b->buf + off + 4, dom);
	wr32(b->buf + off + 8, id);
	wr32(b->buf + off + 12, flags);
}

static void srat_gicc(struct tb *b, uint32_t dom, uint32_t uid, uint32_t flags)
{
	size_t off = tb_entry(b, 3, 18);

	wr32(b->buf + off + 2, dom);
	wr32(b->buf + off + 6, uid);
	wr32(b->buf + off + 10, flags);
}

static void test_srat(void)
{
	struct tb b;
	const uint8_t *t;
	struct acpi_srat_cpu c[8];
	struct acpi_srat_mem m[8];
	struct wlog w = { 0 };
	size_t nc, nm;
	const char *why = NULL;

	srat_init(&b, 3);
	srat_lapic(&b, 0x00000201, 4, 1);	/* domain split 2 | 1 << 8 */
	srat_lapic(&b, 0, 5, 0);		/* disabled */
	srat_mem(&b, 0, 0, 0xa0000, 1);
	srat_mem(&b, 0x10001, 0x100000000ull, 0x40000000ull, 3);
	srat_mem(&b, 2, 0x200000000ull, 0x1000, 0);	/* disabled */
	srat_x2apic(&b, 7, 0x1234, 1);
	srat_x2apic(&b, 8, 0x1235, 2);		/* not enabled */
	srat_gicc(&b, 2, 5, 1);
	tb_entry(&b, 5, 32);			/* generic initiator */
	t = tb_done(&b);
	CHECK(acpi_srat_parse(t, b.len, c, 8, &nc, m, 8, &nm, wlog_fn, &w,
			      &why) == 0);
	CHECK_EQ_U64(nc, 3);
	CHECK_EQ_U64(c[0].kind, ACPI_SRAT_LAPIC);
	CHECK_EQ_U64(c[0].apic_id, 4);
	CHECK_EQ_U64(c[0].domain, 0x201);
	CHECK_EQ_U64(c[0].flags, 1);
	CHECK_EQ_U64(c[1].kind, ACPI_SRAT_X2APIC);
	CHECK_EQ_U64(c[1].apic_id, 0x1234);
	CHECK_EQ_U64(c[1].domain, 7);
	CHECK_EQ_U64(c[2].kind, ACPI_SRAT_GICC);
	CHECK_EQ_U64(c[2].apic_id, 5);
	CHECK_EQ_U64(c[2].domain, 2);
	CHECK_EQ_U64(nm, 2);
	CHECK_EQ_U64(m[0].base, 0);
	CHECK_EQ_U64(m[0].length, 0xa0000);
	CHECK_EQ_U64(m[1].domain, 0x10001);
	CHECK_EQ_U64(m[1].base, 0x100000000ull);
	CHECK_EQ_U64(m[1].length, 0x40000000ull);
	CHECK_EQ_U64(m[1].flags, ACPI_SRAT_ENABLED | ACPI_SRAT_MEM_HOTPLUG);
	CHECK_EQ_U64(w.count, 0);

	/* Revision 1: the high domain bytes were reserved. */
	b.buf[8] = 1;
	t = tb_done(&b);
	CHECK(acpi_srat_parse(t, b.len, c, 8, &nc, m, 8, &nm, NULL, NULL,
			      &why) == 0);
	CHECK_EQ_U64(c[0].domain, 1);
	CHECK_EQ_U64(m[1].domain, 1);

	/* Capacity: warned once per array, not fatal. */
	b.buf[8] = 3;
	t = tb_done(&b);
	w.count = 0;
	CHECK(acpi_srat_parse(t, b.len, c, 1, &nc, m, 1, &nm, wlog_fn, &w,
			      &why) == 0);
	CHECK_EQ_U64(nc, 1);
	CHECK_EQ_U64(nm, 1);
	CHECK_EQ_U64(wlog_has(&w, "more cpus than room"), 1);
	CHECK_EQ_U64(wlog_has(&w, "more memory ranges than room"), 1);

	/* Memory only: no CPU array and no warning about it. */
	w.count = 0;
	CHECK(acpi_srat_parse(t, b.len, NULL, 0, NULL, m, 8, &nm, wlog_fn, &w,
			      &why) == 0);
	CHECK_EQ_U64(nm, 2);
	CHECK_EQ_U64(w.count, 0);

	/* Zero-length entry in the middle; short entry before it. */
	srat_init(&b, 3);
	srat_x2apic(&b, 1, 1, 1);
	tb_entry(&b, 2, 20);			/* too short for x2APIC */
	tb_entry(&b, 0, 16);
	b.buf[b.len - 15] = 0;
	srat_x2apic(&b, 1, 2, 1);
	t = tb_done(&b);
	w.count = 0;
	CHECK(acpi_srat_parse(t, b.len, c, 8, &nc, m, 8, &nm, wlog_fn, &w,
			      &why) == 0);
	CHECK_EQ_U64(nc, 1);
	CHECK_EQ_U64(nm, 0);
	CHECK_EQ_U64(wlog_has(&w, "short x2apic entry skipped"), 1);
	CHECK_EQ_U64(wlog_has(&w, "zero-length entry, rest ignored"), 1);

	/* Entry past the end. */
	srat_init(&b, 3);
	srat_gicc(&b, 1, 1, 1);
	tb_entry(&b, 1, 20);
	b.buf[b.len - 19] = 40;
	t = tb_done(&b);
	w.count = 0;
	CHECK(acpi_srat_parse(t, b.len, c, 8, &nc, m, 8, &nm, wlog_fn, &w,
			      &why) == 0);
	CHECK_EQ_U64(nc, 1);
	CHECK_EQ_U64(wlog_has(&w, "entry runs past table end"), 1);

	tb_init(&b, "SRAT", 3);
	tb_add(&b, 8);
	t = tb_done(&b);
	CHECK(acpi_srat_parse(t, b.len, c, 8, &nc, m, 8, &nm, NULL, NULL,
			      &why) < 0);
	CHECK_STR(why, "srat shorter than 48 bytes");
}

/* ---- SLIT -------------------------------------------------------------- */

static const uint8_t *slit_build(struct tb *b, uint64_t n,
				 const uint8_t *mat, size_t matlen)
{
	size_t off;

	tb_init(b, "SLIT", 1);
	off = tb_add(b, 8);
	wr64(b->buf + off, n);
	off = tb_add(b, matlen);
	memcpy(b->buf + off, mat, matlen);
	return tb_done(b);
}

static void test_slit(void)
{
	static const uint8_t two[] = { 10, 21, 21, 10 };
	static const uint8_t three[] = { 10, 20, 0xff, 20, 10, 30, 0xff, 30,
					 10 };
	static const uint8_t baddiag[] = { 10, 21, 21, 11 };
	static const uint8_t lowoff[] = { 10, 9, 21, 10 };
	struct tb b;
	const uint8_t *t;
	uint8_t d[16];
	size_t n;
	const char *why = NULL;

	t = slit_build(&b, 2, two, sizeof(two));
	memset(d, 0, sizeof(d));
	CHECK(acpi_slit_parse(t, b.len, d, 4, &n, &why) == 0);
	CHECK_EQ_U64(n, 2);
	CHECK(!memcmp(d, two, 4));

	t = slit_build(&b, 3, three, sizeof(three));
	CHECK(acpi_slit_parse(t, b.len, d, 4, &n, &why) == 0);
	CHECK_EQ_U64(n, 3);
	CHECK_EQ_U64(d[2], ACPI_SLIT_UNREACHABLE);
	CHECK_EQ_U64(d[5], 30);

	/* More localities than the caller's matrix holds. */
	CHECK(acpi_slit_parse(t, b.len, d, 2, &n, &why) < 0);
	CHECK_STR(why, "more localities than room");

	/* n * n past the table: 3 localities, 8 bytes of matrix. */
	t = slit_build(&b, 3, three, 8);
	CHECK(acpi_slit_parse(t, b.len, d, 4, &n, &why) < 0);
	CHECK_STR(why, "matrix runs past table end");

	t = slit_build(&b, 2, baddiag, sizeof(baddiag));
	CHECK(acpi_slit_parse(t, b.len, d, 4, &n, &why) < 0);
	CHECK_STR(why, "diagonal distance not 10");

	t = slit_build(&b, 2, lowoff, sizeof(lowoff));
	memset(d, 0x55, sizeof(d));
	CHECK(acpi_slit_parse(t, b.len, d, 4, &n, &why) < 0);
	CHECK_STR(why, "distance below 10");
	CHECK_EQ_U64(n, 0);
	CHECK_EQ_U64(d[0], 0x55);	/* nothing written on failure */

	t = slit_build(&b, 0, two, 0);
	CHECK(acpi_slit_parse(t, b.len, d, 4, &n, &why) < 0);
	CHECK_STR(why, "zero localities");

	/*
	 * 2^32 * 2^32 and 2^63 * 2^63 wrap to 0 in 64 bits: a naive
	 * "44 + n * n <= len" would pass them.
	 */
	t = slit_build(&b, 1ull << 32, two, sizeof(two));
	CHECK(acpi_slit_parse(t, b.len, d, SIZE_MAX, &n, &why) < 0);
	CHECK_STR(why, "matrix runs past table end");
	t = slit_build(&b, 1ull << 63, two, sizeof(two));
	CHECK(acpi_slit_parse(t, b.len, d, SIZE_MAX, &n, &why) < 0);
	CHECK_STR(why, "matrix runs past table end");
	t = slit_build(&b, UINT64_MAX, two, sizeof(two));
	CHECK(acpi_slit_parse(t, b.len, d, SIZE_MAX, &n, &why) < 0);

	/* Header but no locality count. */
	tb_init(&b, "SLIT", 1);
	tb_add(&b, 4);
	t = tb_done(&b);
	CHECK(acpi_slit_parse(t, b.len, d, 4, &n, &why) < 0);
	CHECK_STR(why, "slit shorter than 44 bytes");
}

/* ---- FADT -------------------------------------------------------------- */

static void test_fadt(void)
{
	struct tb b;
	const uint8_t *t;
	struct acpi_fadt_info f;
	const char *why = NULL;

	/* ACPI 1.0 FADT: 116 bytes, port-I/O PM timer. */
	tb_init(&b, "FACP", 1);
	tb_add(&b, 116 - 36);
	wr32(b.buf + 76, 0x608);
	b.buf[91] = 4;
	wr32(b.buf + 112, 1u << 8);
	t = tb_done(&b);
	memset(&f, 0xaa, sizeof(f));
	CHECK(acpi_fadt_parse(t, b.len, &f, &why) == 0);
	CHECK_EQ_U64(f.pm_tmr_blk, 0x608);
	CHECK_EQ_U64(f.pm_tmr_len, 4);
	CHECK(f.tmr_val_ext);
	CHECK(!f.hw_reduced);
	CHECK_EQ_U64(f.arm_boot_arch, 0);
	CHECK_EQ_U64(f.x_pm_tmr_addr, 0);
	CHECK_EQ_U64(f.x_pm_tmr_space, 0);
	CHECK_EQ_U64(f.revision, 1);
	CHECK_EQ_U64(f.minor_revision, 0);

	/* Shorter than the flags field: flags read as 0. */
	tb_init(&b, "FACP", 1);
	tb_add(&b, 114 - 36);
	wr32(b.buf + 76, 0x608);
	b.buf[112] = 0xff;
	b.buf[113] = 0xff;
	t = tb_done(&b);
	CHECK(acpi_fadt_parse(t, b.len, &f, &why) == 0);
	CHECK_EQ_U64(f.pm_tmr_blk, 0x608);
	CHECK_EQ_U64(f.flags, 0);

	/* arm64 QEMU virt style, ACPI 6.x, 276 bytes. */
	tb_init(&b, "FACP", 6);
	tb_add(&b, 276 - 36);
	wr32(b.buf + 112, 1u << 20);
	wr16(b.buf + 129, ACPI_ARM_PSCI_COMPLIANT | ACPI_ARM_PSCI_USE_HVC);
	b.buf[131] = 3;
	b.buf[208] = ACPI_GAS_SYSTEM_IO;
	b.buf[209] = 32;
	wr64(b.buf + 212, 0x1234567808ull);
	t = tb_done(&b);
	CHECK(acpi_fadt_parse(t, b.len, &f, &why) == 0);
	CHECK(f.hw_reduced);
	CHECK(!f.tmr_val_ext);
	CHECK_EQ_U64(f.arm_boot_arch, 3);
	CHECK_EQ_U64(f.minor_revision, 3);
	CHECK_EQ_U64(f.x_pm_tmr_space, ACPI_GAS_SYSTEM_IO);
	CHECK_EQ_U64(f.x_pm_tmr_addr, 0x1234567808ull);
	CHECK_EQ_U64(f.pm_tmr_blk, 0);

	/* Cut inside X_PM_TMR_BLK and inside ARM_BOOT_ARCH. */
	b.len = 215;
	t = tb_done(&b);
	CHECK(acpi_fadt_parse(t, b.len, &f, &why) == 0);
	CHECK_EQ_U64(f.x_pm_tmr_addr, 0);
	CHECK_EQ_U64(f.arm_boot_arch, 3);
	b.len = 130;
	t = tb_done(&b);
	CHECK(acpi_fadt_parse(t, b.len, &f, &why) == 0);
	CHECK_EQ_U64(f.arm_boot_arch, 0);
	CHECK(f.hw_reduced);

	tb_init(&b, "FACS", 1);
	tb_add(&b, 80);
	t = tb_done(&b);
	CHECK(acpi_fadt_parse(t, b.len, &f, &why) < 0);
	CHECK_STR(why, "bad signature");
}

/* ---- SPCR -------------------------------------------------------------- */

static void test_spcr(void)
{
	struct tb b;
	const uint8_t *t;
	struct acpi_spcr_info s;
	const char *why = NULL;

	/* QEMU arm virt: PL011 at 0x9000000, 32-bit MMIO, 9600. */
	tb_init(&b, "SPCR", 2);
	tb_add(&b, 80 - 36);
	b.buf[36] = ACPI_SPCR_PL011;
	b.buf[40] = ACPI_GAS_SYSTEM_MEMORY;
	b.buf[41] = 32;
	b.buf[43] = 3;
	wr64(b.buf + 44, 0x9000000);
	b.buf[58] = 3;
	t = tb_done(&b);
	CHECK(acpi_spcr_parse(t, b.len, &s, &why) == 0);
	CHECK_EQ_U64(s.interface_type, ACPI_SPCR_PL011);
	CHECK_EQ_U64(s.space_id, ACPI_GAS_SYSTEM_MEMORY);
	CHECK_EQ_U64(s.bit_width, 32);
	CHECK_EQ_U64(s.access_size, 3);
	CHECK_EQ_U64(s.address, 0x9000000);
	CHECK_EQ_U64(s.baud_code, 3);
	CHECK_EQ_U64(acpi_spcr_baud(s.baud_code), 9600);
	CHECK_EQ_U64(acpi_spcr_baud(7), 115200);
	CHECK_EQ_U64(acpi_spcr_baud(0), 0);
	CHECK_EQ_U64(acpi_spcr_baud(5), 0);

	b.len = 60;
	t = tb_done(&b);
	CHECK(acpi_spcr_parse(t, b.len, &s, &why) < 0);
	CHECK_STR(why, "spcr shorter than 80 bytes");
}

/* An SPCR of revision @rev (3: the clock at 76; 4: 88 bytes, the
 * precise baud rate at 80, the namespace string's length at 84). */
static const uint8_t *spcr_build(struct tb *b, uint8_t rev, uint8_t type,
				 uint8_t space, uint8_t bits, uint8_t access,
				 uint64_t addr, uint8_t baud_code)
{
	tb_init(b, "SPCR", rev);
	tb_add(b, (rev >= 4 ? 88 : 80) - 36);
	b->buf[36] = type;
	b->buf[40] = space;
	b->buf[41] = bits;
	b->buf[43] = access;
	wr64(b->buf + 44, addr);
	b->buf[58] = baud_code;
	if (rev >= 3)
		wr32(b->buf + 76, 48000000);
	if (rev >= 4) {
		wr32(b->buf + 80, 1500000);
		wr16(b->buf + 84, 2);		/* "." and its NUL */
		wr16(b->buf + 86, 88);
	}
	return tb_done(b);
}

static int spcr_uart(struct tb *b, struct acpi_spcr_uart *u, const char **why)
{
	struct acpi_spcr_info si;

	if (acpi_spcr_parse(exact(b->buf, b->len), b->len, &si, why))
		return -2;
	return acpi_spcr_uart(&si, u, why);
}

static void test_spcr_uart(void)
{
	struct acpi_spcr_uart u;
	struct acpi_spcr_info si;
	struct tb b;
	const char *why = NULL;

	/* COM2 on I/O ports, 16550, baud code 0: the firmware's rate. */
	spcr_build(&b, 2, ACPI_SPCR_16550, ACPI_GAS_SYSTEM_IO, 8, 1, 0x2f8, 0);
	CHECK(spcr_uart(&b, &u, &why) == 0);
	CHECK_EQ_U64(u.kind, ACPI_UART_16550);
	CHECK(u.io);
	CHECK_EQ_U64(u.base, 0x2f8);
	CHECK_EQ_U64(u.width, 1);
	CHECK_EQ_U64(u.stride, 1);
	CHECK_EQ_U64(u.baud, 0);
	CHECK_EQ_U64(u.clock_hz, 0);
	/* A 16450 is the same driver; a port GAS claiming 32 bits is still
	 * bytes at consecutive ports. */
	spcr_build(&b, 2, ACPI_SPCR_16450, ACPI_GAS_SYSTEM_IO, 32, 3, 0x3f8, 7);
	CHECK(spcr_uart(&b, &u, &why) == 0);
	CHECK_EQ_U64(u.type, ACPI_SPCR_16450);
	CHECK(u.io && u.width == 1 && u.stride == 1);
	CHECK_EQ_U64(u.baud, 115200);
	/* Graviton-style MMIO 16550 (type 0x12), 32-bit registers 4 apart,
	 * SPCR 4: UART clock and precise baud rate win over the code. */
	spcr_build(&b, 4, ACPI_SPCR_16550_GAS, ACPI_GAS_SYSTEM_MEMORY, 32, 3,
		   0x90a0000, 7);
	CHECK(spcr_uart(&b, &u, &why) == 0);
	CHECK_EQ_U64(u.kind, ACPI_UART_16550);
	CHECK(!u.io);
	CHECK_EQ_U64(u.base, 0x90a0000);
	CHECK_EQ_U64(u.width, 4);
	CHECK_EQ_U64(u.stride, 4);
	CHECK_EQ_U64(u.clock_hz, 48000000);
	CHECK_EQ_U64(u.baud, 1500000);
	/* Byte accesses (access size 1) to registers 4 bytes apart (bit
	 * width 32), SPCR 3: clock, baud from the code. */
	spcr_build(&b, 3, ACPI_SPCR_16550, ACPI_GAS_SYSTEM_MEMORY, 32, 1,
		   0xfe000000, 6);
	CHECK(spcr_uart(&b, &u, &why) == 0);
	CHECK_EQ_U64(u.width, 1);
	CHECK_EQ_U64(u.stride, 4);
	CHECK_EQ_U64(u.clock_hz, 48000000);
	CHECK_EQ_U64(u.baud, 57600);
	/* No access size: the bit width gives both. */
	spcr_build(&b, 2, ACPI_SPCR_16550_GAS, ACPI_GAS_SYSTEM_MEMORY, 16, 0,
		   0xfe001000, 0);
	CHECK(spcr_uart(&b, &u, &why) == 0);
	CHECK(u.width == 2 && u.stride == 2);
	spcr_build(&b, 2, ACPI_SPCR_16550, ACPI_GAS_SYSTEM_MEMORY, 8, 0,
		   0xfe002000, 0);
	CHECK(spcr_uart(&b, &u, &why) == 0);
	CHECK(u.width == 1 && u.stride == 1);
	/* PL011 and the SBSA generic UART: 32-bit MMIO whatever the GAS. */
	spcr_build(&b, 2, ACPI_SPCR_PL011, ACPI_GAS_SYSTEM_MEMORY, 8, 1,
		   0x9000000, 3);
	CHECK(spcr_uart(&b, &u, &why) == 0);
	CHECK_EQ_U64(u.kind, ACPI_UART_PL011);
	CHECK(u.width == 4 && u.stride == 4 && u.baud == 9600);
	spcr_build(&b, 2, ACPI_SPCR_SBSA, ACPI_GAS_SYSTEM_MEMORY, 32, 3,
		   0x9000000, 0);
	CHECK(spcr_uart(&b, &u, &why) == 0);
	CHECK_EQ_U64(u.kind, ACPI_UART_PL011);
	CHECK_EQ_U64(u.type, ACPI_SPCR_SBSA);
	/* Refused, each with its reason. */
	spcr_build(&b, 2, ACPI_SPCR_PL011, ACPI_GAS_SYSTEM_IO, 8, 1, 0x3f8, 0);
	CHECK(spcr_uart(&b, &u, &why) == -1);
	CHECK_STR(why, "pl011/sbsa uart not in memory space");
	spcr_build(&b, 2, 0x0f /* ARM DCC: no driver */,
		   ACPI_GAS_SYSTEM_MEMORY, 32, 3, 0xfe201000, 0);
	CHECK(spcr_uart(&b, &u, &why) == -1);
	CHECK_STR(why, "spcr interface type without a driver here");
	/* The BCM2835 mini-UART: 32-bit registers 4 apart, whatever the
	 * GAS claims (the iasl fixture has the rest). */
	spcr_build(&b, 2, ACPI_SPCR_BCM2835, ACPI_GAS_SYSTEM_MEMORY, 8, 1,
		   0xfe215040, 7);
	CHECK(spcr_uart(&b, &u, &why) == 0);
	CHECK(u.mini_uart && u.width == 4 && u.stride == 4);
	CHECK_EQ_U64(u.kind, ACPI_UART_16550);
	spcr_build(&b, 2, ACPI_SPCR_16550, ACPI_GAS_SYSTEM_MEMORY, 64, 4,
		   0xfe000000, 0);
	CHECK(spcr_uart(&b, &u, &why) == -1);
	CHECK_STR(why, "uart access width of 8 bytes");
	spcr_build(&b, 2, ACPI_SPCR_16550, 2 /* PCI config */, 8, 1, 0x10, 0);
	CHECK(spcr_uart(&b, &u, &why) == -1);
	CHECK_STR(why, "uart in neither memory nor i/o space");
	spcr_build(&b, 2, ACPI_SPCR_16550, ACPI_GAS_SYSTEM_IO, 8, 1, 0, 0);
	CHECK(spcr_uart(&b, &u, &why) == -1);
	CHECK_STR(why, "no uart address");
	spcr_build(&b, 2, ACPI_SPCR_16550, ACPI_GAS_SYSTEM_IO, 8, 1, 0x1fffc, 0);
	CHECK(spcr_uart(&b, &u, &why) == -1);
	CHECK_STR(why, "uart i/o port beyond 0xfff8");
	/* Revision 2 has no clock even where the table is longer. */
	spcr_build(&b, 4, ACPI_SPCR_16550, ACPI_GAS_SYSTEM_IO, 8, 1, 0x3f8, 7);
	b.buf[8] = 2;
	tb_fix(&b);
	CHECK(acpi_spcr_parse(exact(b.buf, b.len), b.len, &si, &why) == 0);
	CHECK_EQ_U64(si.clock_hz, 0);
	CHECK_EQ_U64(si.precise_baud, 0);
	/* Revision 4 cut at 80 bytes: the clock, no precise baud. */
	spcr_build(&b, 4, ACPI_SPCR_16550, ACPI_GAS_SYSTEM_IO, 8, 1, 0x3f8, 7);
	b.len = 80;
	tb_fix(&b);
	CHECK(acpi_spcr_parse(exact(b.buf, b.len), b.len, &si, &why) == 0);
	CHECK_EQ_U64(si.clock_hz, 48000000);
	CHECK_EQ_U64(si.precise_baud, 0);
}

/* ---- SPMI -------------------------------------------------------------- */

static void test_spmi(void)
{
	struct acpi_spmi_info si;
	struct tb b;
	const char *why = NULL;

	/* A KCS BMC at I/O 0xca2, IPMI 2.0: the 65-byte table. */
	tb_init(&b, "SPMI", 5);
	tb_add(&b, 65 - 36);
	b.buf[36] = 1;
	b.buf[37] = 1;
	wr16(b.buf + 38, 0x0200);
	b.buf[48] = ACPI_GAS_SYSTEM_IO;
	b.buf[49] = 8;
	b.buf[51] = 1;
	wr64(b.buf + 52, 0xca2);
	CHECK(acpi_spmi_parse(tb_done(&b), b.len, &si, &why) == 0);
	CHECK_EQ_U64(si.interface_type, 1);
	CHECK_STR(acpi_spmi_interface_name(si.interface_type), "KCS");
	CHECK_EQ_U64(si.spec_revision, 0x0200);
	CHECK_EQ_U64(si.space_id, ACPI_GAS_SYSTEM_IO);
	CHECK_EQ_U64(si.address, 0xca2);
	CHECK_STR(acpi_spmi_interface_name(4), "SSIF");
	CHECK_STR(acpi_spmi_interface_name(0), "unknown");
	/* Cut before the end of the base address: refused. */
	b.len = 59;
	CHECK(acpi_spmi_parse(tb_done(&b), b.len, &si, &why) < 0);
	CHECK_STR(why, "spmi shorter than 60 bytes");
	/* Another table's signature. */
	tb_init(&b, "SPCR", 2);
	tb_add(&b, 65 - 36);
	CHECK(acpi_spmi_parse(tb_done(&b), b.len, &si, &why) < 0);
	CHECK_STR(why, "bad signature");
}

/* ---- PPTT -------------------------------------------------------------- */

static size_t pptt_proc(struct tb *b, uint32_t flags, uint32_t parent,
			uint32_t id, uint32_t nres, const uint32_t *res)
{
	size_t off = tb_entry(b, 0, (uint8_t)(20 + 4 * nres));
	uint32_t i;

	wr32(b->buf + off + 4, flags);
	wr32(b->buf + off + 8, parent);
	wr32(b->buf + off + 12, id);
	wr32(b->buf + off + 16, nres);
	for (i = 0; i < nres; i++)
		wr32(b->buf + off + 20 + 4 * i, res[i]);
	return off;
}

/* Cache structure with everything valid; attr bits 3:2 = type. */
static size_t pptt_cache(struct tb *b, uint8_t len, uint32_t next,
			 uint32_t size, uint32_t sets, uint8_t ways,
			 uint8_t attr, uint32_t id)
{
	size_t off = tb_entry(b, 1, len);

	/* Cache ID "valid" even in 24-byte entries: a lie to see through. */
	wr32(b->buf + off + 4, 0xff);
	wr32(b->buf + off + 8, next);
	wr32(b->buf + off + 12, size);
	wr32(b->buf + off + 16, sets);
	b->buf[off + 20] = ways;
	b->buf[off + 21] = attr;
	wr16(b->buf + off + 22, 64);
	if (len >= 28)
		wr32(b->buf + off + 24, id);
	return off;
}

#define F_PKG	ACPI_PPTT_PACKAGE
#define F_IDV	ACPI_PPTT_ID_VALID
#define F_LEAF	ACPI_PPTT_LEAF

/*
 * QEMU-like: socket (ID valid, id 0, like QEMU numbers sockets), cluster,
 * two cores.  The socket comes first so that matching it for uid 0 would
 * be the mistake to catch.
 */
static void pptt_qemu(struct tb *b, uint8_t rev, bool leaf_flags)
{
	size_t pkg, cl;
	uint32_t lf = leaf_flags ? F_LEAF : 0;

	tb_init(b, "PPTT", rev);
	pkg = pptt_proc(b, F_PKG | F_IDV, 0, 0, 0, NULL);
	cl = pptt_proc(b, 0, (uint32_t)pkg, 0, 0, NULL);
	pptt_proc(b, F_IDV | lf, (uint32_t)cl, 0, 0, NULL);
	pptt_proc(b, F_IDV | lf, (uint32_t)cl, 1, 0, NULL);
}

static void test_pptt_chain(void)
{
	struct tb b;
	const uint8_t *t;
	struct acpi_pptt_node ch[8];
	size_t n, a, c, prev;
	const char *why = NULL;
	int i;

	pptt_qemu(&b, 2, true);
	t = tb_done(&b);
	CHECK(acpi_pptt_cpu_chain(t, b.len, 0, ch, 8, &n, &why) == 0);
	CHECK_EQ_U64(n, 3);
	CHECK_EQ_U64(ch[0].offset, 36 + 40);
	CHECK_EQ_U64(ch[0].flags, F_IDV | F_LEAF);
	CHECK_EQ_U64(ch[0].uid, 0);
	CHECK_EQ_U64(ch[0].parent, 36 + 20);
	CHECK_EQ_U64(ch[1].offset, 36 + 20);
	CHECK_EQ_U64(ch[2].offset, 36);
	CHECK_EQ_U64(ch[2].flags & ACPI_PPTT_PACKAGE, ACPI_PPTT_PACKAGE);
	CHECK_EQ_U64(ch[2].parent, 0);
	CHECK(acpi_pptt_cpu_chain(t, b.len, 1, ch, 8, &n, &why) == 0);
	CHECK_EQ_U64(n, 3);
	CHECK_EQ_U64(ch[0].offset, 36 + 60);
	CHECK(acpi_pptt_cpu_chain(t, b.len, 7, ch, 8, &n, &why) < 0);
	CHECK_STR(why, "no leaf node for this uid");

	/* Revision 1: no leaf flag, leaves are the nodes without children. */
	pptt_qemu(&b, 1, false);
	t = tb_done(&b);
	CHECK(acpi_pptt_cpu_chain(t, b.len, 0, ch, 8, &n, &why) == 0);
	CHECK_EQ_U64(n, 3);
	CHECK_EQ_U64(ch[0].offset, 36 + 40);

	/* Room for fewer levels than the chain has. */
	CHECK(acpi_pptt_cpu_chain(t, b.len, 0, ch, 2, &n, &why) < 0);
	CHECK_STR(why, "chain longer than room");
	CHECK_EQ_U64(n, 0);

	/* Parent cycle: A -> B -> A, A is the leaf. */
	tb_init(&b, "PPTT", 2);
	a = pptt_proc(&b, F_IDV | F_LEAF, 36 + 20, 5, 0, NULL);
	pptt_proc(&b, 0, (uint32_t)a, 0, 0, NULL);
	t = tb_done(&b);
	CHECK(acpi_pptt_cpu_chain(t, b.len, 5, ch, 8, &n, &why) < 0);
	CHECK_STR(why, "parent cycle");

	/* A node that is its own parent. */
	tb_init(&b, "PPTT", 2);
	pptt_proc(&b, F_IDV | F_LEAF, 36, 5, 0, NULL);
	t = tb_done(&b);
	CHECK(acpi_pptt_cpu_chain(t, b.len, 5, ch, 8, &n, &why) < 0);
	CHECK_STR(why, "parent cycle");

	/* Parent offset pointing outside the table, or into the header. */
	tb_init(&b, "PPTT", 2);
	pptt_proc(&b, F_IDV | F_LEAF, 0x10000, 5, 0, NULL);
	t = tb_done(&b);
	CHECK(acpi_pptt_cpu_chain(t, b.len, 5, ch, 8, &n, &why) < 0);
	CHECK_STR(why, "bad parent offset");
	tb_init(&b, "PPTT", 2);
	pptt_proc(&b, F_IDV | F_LEAF, 4, 5, 0, NULL);
	t = tb_done(&b);
	CHECK(acpi_pptt_cpu_chain(t, b.len, 5, ch, 8, &n, &why) < 0);
	CHECK_STR(why, "bad parent offset");

	/* Nine levels: deeper than any real machine, refused. */
	tb_init(&b, "PPTT", 2);
	prev = 0;
	for (i = 0; i < 9; i++)
		prev = pptt_proc(&b, i == 8 ? F_IDV | F_LEAF : 0,
				 (uint32_t)prev, 3, 0, NULL);
	t = tb_done(&b);
	CHECK(acpi_pptt_cpu_chain(t, b.len, 3, ch, 8, &n, &why) < 0);
	CHECK_STR(why, "hierarchy deeper than 8 levels");

	/* Zero-length structure before the CPU: error, no spin. */
	tb_init(&b, "PPTT", 2);
	c = tb_entry(&b, 1, 24);
	b.buf[c + 1] = 0;
	pptt_proc(&b, F_IDV | F_LEAF, 0, 5, 0, NULL);
	t = tb_done(&b);
	CHECK(acpi_pptt_cpu_chain(t, b.len, 5, ch, 8, &n, &why) < 0);
	CHECK_STR(why, "zero-length structure");

	/* A private resource count that does not fit the node. */
	tb_init(&b, "PPTT", 2);
	c = pptt_proc(&b, F_IDV | F_LEAF, 0, 5, 0, NULL);
	wr32(b.buf + c + 16, 0x40000000);
	t = tb_done(&b);
	CHECK(acpi_pptt_cpu_chain(t, b.len, 5, ch, 8, &n, &why) < 0);
	CHECK_STR(why, "bad processor node");

	/* Structure running past the end. */
	tb_init(&b, "PPTT", 2);
	c = pptt_proc(&b, F_IDV | F_LEAF, 0, 5, 0, NULL);
	b.buf[c + 1] = 24;
	t = tb_done(&b);
	CHECK(acpi_pptt_cpu_chain(t, b.len, 5, ch, 8, &n, &why) < 0);
	CHECK_STR(why, "structure runs past table end");
}

static void test_pptt_caches(void)
{
	struct tb b;
	const uint8_t *t;
	struct acpi_pptt_cache cc[8];
	struct acpi_pptt_node ch[8];
	size_t n, l1d, l1i, l2, l3, pkg, core;
	uint32_t res[2];
	const char *why = NULL;

	/*
	 * Layout: the core lists L1D and L1I, both with next level L2; the
	 * package lists L3.  L2 ends its chain, so L3 is level 3 only
	 * because levels continue past the deepest one found below.
	 */
	tb_init(&b, "PPTT", 3);
	l3 = pptt_cache(&b, 28, 0, 32 << 20, 32768, 16, 0x0a, 3);
	l2 = pptt_cache(&b, 28, 0, 1 << 20, 1024, 16, 0x0c, 2);
	l1d = pptt_cache(&b, 28, (uint32_t)l2, 64 << 10, 256, 4, 0x03, 1);
	l1i = pptt_cache(&b, 24, (uint32_t)l2, 64 << 10, 256, 4, 0x04, 0);
	res[0] = (uint32_t)l3;
	pkg = pptt_proc(&b, F_PKG | F_IDV, 0, 0, 1, res);
	res[0] = (uint32_t)l1d;
	res[1] = (uint32_t)l1i;
	core = pptt_proc(&b, F_IDV | F_LEAF, (uint32_t)pkg, 0, 2, res);
	t = tb_done(&b);

	CHECK(acpi_pptt_cpu_chain(t, b.len, 0, ch, 8, &n, &why) == 0);
	CHECK_EQ_U64(n, 2);
	CHECK_EQ_U64(ch[0].nres, 2);
	CHECK_EQ_U64(ch[0].offset, core);

	CHECK(acpi_pptt_caches(t, b.len, 0, cc, 8, &n, &why) == 0);
	CHECK_EQ_U64(n, 4);
	CHECK_EQ_U64(cc[0].offset, l1d);
	CHECK_EQ_U64(cc[0].level, 1);
	CHECK_EQ_U64(cc[0].type, ACPI_CACHE_DATA);
	CHECK_EQ_U64(cc[0].size, 64 << 10);
	CHECK_EQ_U64(cc[0].ways, 4);
	CHECK_EQ_U64(cc[0].line_size, 64);
	CHECK_EQ_U64(cc[0].cache_id, 1);
	CHECK_EQ_U64(cc[0].node, core);
	CHECK_EQ_U64(cc[1].offset, l2);
	CHECK_EQ_U64(cc[1].level, 2);
	CHECK_EQ_U64(cc[1].type, ACPI_CACHE_UNIFIED);
	CHECK_EQ_U64(cc[1].node, core);
	CHECK_EQ_U64(cc[2].offset, l1i);
	CHECK_EQ_U64(cc[2].level, 1);
	CHECK_EQ_U64(cc[2].type, ACPI_CACHE_INSTRUCTION);
	/* 24-byte entry: no cache ID even though the flag says so. */
	CHECK_EQ_U64(cc[2].flags & ACPI_PPTT_CACHE_ID_VALID, 0);
	CHECK_EQ_U64(cc[2].cache_id, 0);
	CHECK_EQ_U64(cc[3].offset, l3);
	CHECK_EQ_U64(cc[3].level, 3);
	CHECK_EQ_U64(cc[3].type, ACPI_CACHE_UNIFIED);
	CHECK_EQ_U64(cc[3].size, 32 << 20);
	CHECK_EQ_U64(cc[3].sets, 32768);
	CHECK_EQ_U64(cc[3].node, pkg);

	CHECK(acpi_pptt_caches(t, b.len, 0, cc, 3, &n, &why) < 0);
	CHECK_STR(why, "more caches than room");

	/* A next-level loop, L2 -> L1D -> L2: bounded, refused. */
	wr32(b.buf + l2 + 8, (uint32_t)l1d);
	t = tb_done(&b);
	CHECK(acpi_pptt_caches(t, b.len, 0, cc, 8, &n, &why) < 0);
	CHECK_STR(why, "cache chain too deep");

	/* Next level pointing at a processor node. */
	wr32(b.buf + l2 + 8, (uint32_t)pkg);
	t = tb_done(&b);
	CHECK(acpi_pptt_caches(t, b.len, 0, cc, 8, &n, &why) < 0);
	CHECK_STR(why, "bad cache structure");

	/* Private resource offset past the table. */
	wr32(b.buf + l2 + 8, 0);
	wr32(b.buf + core + 20, 0x7fffffff);
	t = tb_done(&b);
	CHECK(acpi_pptt_caches(t, b.len, 0, cc, 8, &n, &why) < 0);
	CHECK_STR(why, "bad private resource offset");

	/* QEMU: no cache structures at all. */
	pptt_qemu(&b, 2, true);
	t = tb_done(&b);
	CHECK(acpi_pptt_caches(t, b.len, 1, cc, 8, &n, &why) == 0);
	CHECK_EQ_U64(n, 0);
}

/* ---- mutation sweep ---------------------------------------------------- */

static uint32_t rng_state = 0x12345678;

/* xorshift32: fixed seed, so a failure reproduces. */
static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

/* Run every parser over one buffer; only memory safety is checked. */
static void parse_all(const uint8_t *t, size_t len)
{
	struct acpi_madt_cpu mc[8];
	struct acpi_madt_info mi;
	struct acpi_srat_cpu sc[8];
	struct acpi_srat_mem sm[8];
	struct acpi_fadt_info fi;
	struct acpi_spcr_info si;
	struct acpi_spmi_info spmi;
	struct acpi_rsdp_info ri;
	struct acpi_pptt_node pn[8];
	struct acpi_pptt_cache pc[8];
	struct wlog w = { 0 };
	uint64_t a[8];
	uint8_t d[64];
	size_t n, m;
	uint32_t uid;

	acpi_rsdp_parse(t, len, &ri, NULL);
	acpi_root_entries(t, len, a, 8, &n, NULL);
	acpi_madt_parse(t, len, mc, 8, &n, &mi, wlog_fn, &w, NULL);
	acpi_srat_parse(t, len, sc, 8, &n, sm, 8, &m, wlog_fn, &w, NULL);
	acpi_slit_parse(t, len, d, 8, &n, NULL);
	acpi_fadt_parse(t, len, &fi, NULL);
	acpi_spcr_parse(t, len, &si, NULL);
	acpi_spmi_parse(t, len, &spmi, NULL);
	for (uid = 0; uid < 3; uid++) {
		acpi_pptt_cpu_chain(t, len, uid, pn, 8, &n, NULL);
		acpi_pptt_caches(t, len, uid, pc, 8, &n, NULL);
	}
}

/*
 * Flip, overwrite and truncate bytes of valid tables, re-fixing the
 * checksum (mostly) so that the parsers get past it and into the entries.
 * The signature is left alone so that each table reaches its own parser.
 */
static void fuzz_one(const struct tb *orig, int rounds)
{
	struct tb b;
	int r, k;

	for (r = 0; r < rounds; r++) {
		size_t len;

		b = *orig;
		for (k = (int)(rng() % 6) + 1; k > 0; k--) {
			size_t at = 4 + rng() % (b.len - 4);

			b.buf[at] = (rng() & 1) ? (uint8_t)rng() :
				    (uint8_t)(b.buf[at] ^ (1u << (rng() % 8)));
		}
		len = b.len;
		if (rng() % 4 == 0)
			len = rng() % (b.len + 1);
		if (rng() % 8) {
			/* Keep the length field sane half of the time. */
			if (rng() & 1)
				wr32(b.buf + 4, (uint32_t)len);
			b.buf[9] = 0;
			b.buf[9] = (uint8_t)(0 - sum8(b.buf,
				len < acpi_table_length(b.buf) ? len :
				acpi_table_length(b.buf)));
		}
		parse_all(exact(b.buf, len), len);
	}
}

static void test_fuzz(void)
{
	struct tb b;
	uint8_t r[36];
	size_t l2, l1;
	uint32_t res[1];
	int i;

	madt_init(&b, 5);
	madt_lapic(&b, 0, 0, 1);
	madt_x2apic(&b, 0x100, 1, 1);
	madt_gicc(&b, 80, 1, 2, 1, 0x101);
	madt_qemu_noise(&b);
	tb_fix(&b);
	fuzz_one(&b, 20000);

	srat_init(&b, 3);
	srat_lapic(&b, 1, 1, 1);
	srat_mem(&b, 1, 0x1000, 0x1000, 1);
	srat_x2apic(&b, 1, 2, 1);
	srat_gicc(&b, 1, 3, 1);
	tb_fix(&b);
	fuzz_one(&b, 20000);

	tb_init(&b, "SLIT", 1);
	wr64(b.buf + tb_add(&b, 8), 3);
	memset(b.buf + tb_add(&b, 9), 20, 9);
	b.buf[44] = b.buf[48] = b.buf[52] = 10;
	tb_fix(&b);
	fuzz_one(&b, 20000);

	tb_init(&b, "PPTT", 3);
	l2 = pptt_cache(&b, 28, 0, 1 << 20, 1024, 16, 0x0c, 2);
	l1 = pptt_cache(&b, 24, (uint32_t)l2, 1 << 15, 64, 8, 0x03, 0);
	res[0] = (uint32_t)l1;
	i = (int)pptt_proc(&b, F_PKG | F_IDV, 0, 0, 0, NULL);
	pptt_proc(&b, F_IDV | F_LEAF, (uint32_t)i, 0, 1, res);
	pptt_proc(&b, F_IDV, (uint32_t)i, 1, 1, res);
	tb_fix(&b);
	fuzz_one(&b, 20000);

	tb_init(&b, "XSDT", 1);
	wr64(b.buf + tb_add(&b, 8), 0x1000);
	wr64(b.buf + tb_add(&b, 8), 0x2000);
	tb_fix(&b);
	fuzz_one(&b, 5000);

	tb_init(&b, "FACP", 6);
	tb_add(&b, 276 - 36);
	tb_fix(&b);
	fuzz_one(&b, 5000);

	tb_init(&b, "SPCR", 2);
	tb_add(&b, 80 - 36);
	tb_fix(&b);
	fuzz_one(&b, 5000);

	/* RSDP: random bytes after a valid signature. */
	for (i = 0; i < 20000; i++) {
		size_t k, len = rng() % 37;

		rsdp_build(r, (uint8_t)(rng() % 4), rng(), rng());
		for (k = 9; k < 36; k++)
			if (rng() % 8 == 0)
				r[k] = (uint8_t)rng();
		if (rng() & 1)
			r[8] = (uint8_t)(r[8] - sum8(r, 20));
		parse_all(exact(r, len), len);
	}
	/* Reaching here without a sanitizer report is the check. */
	CHECK(1);
}

/* ---- fixtures compiled by iasl ----------------------------------------- */

static const char *fix_dir;

/* DIR/NAME.aml in an exact-size heap buffer (the caller frees it). */
static uint8_t *load_aml(const char *name, size_t *len)
{
	char path[512];
	uint8_t *buf;
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/%s.aml", fix_dir, name);
	f = fopen(path, "rb");
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "cannot read %s\n", path);
		exit(1);
	}
	buf = malloc((size_t)n);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
		exit(1);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/*
 * An SPCR of revision 3 or 4: iasl's template stops at revision 2 (its
 * bytes 76-79 are "Reserved", written as 0), so NAME-from76.aml, generic
 * data after a 36-byte header, goes over it from offset 76 on; length
 * and checksum fixed as firmware would have them.
 */
static uint8_t *load_spcr(const char *name, size_t *len)
{
	char tail_name[128];
	size_t hl, tl, n;
	uint8_t *head = load_aml(name, &hl), *tail, *t;

	snprintf(tail_name, sizeof(tail_name), "%s-from76", name);
	tail = load_aml(tail_name, &tl);
	CHECK_EQ_U64(hl, 80);
	CHECK(tl > 36);
	n = 76 + (tl - 36);
	t = malloc(n);
	if (!t)
		exit(1);
	memcpy(t, head, 76);
	memcpy(t + 76, tail + 36, tl - 36);
	wr32(t + 4, (uint32_t)n);
	t[9] = 0;
	t[9] = (uint8_t)(0 - sum8(t, n));
	free(head);
	free(tail);
	*len = n;
	return t;
}

/*
 * The FADT's I/O blocks (iasl put each field where the spec says): the
 * ranges no UART or KCS interface may reach, and a KCS interface the
 * firmware placed on one refused by name.
 */
static void fixture_fadt_ports(void)
{
	struct acpi_io_range r[ACPI_FADT_IO_RANGES];
	struct acpi_fadt_info f;
	char buf[96];
	const char *why = NULL;
	uint8_t *t;
	size_t len;
	unsigned n;

	t = load_aml("facp-ich9-ports", &len);
	CHECK(acpi_fadt_parse(t, len, &f, &why) == 0);
	CHECK_EQ_U64(f.smi_cmd, 0xb2);
	CHECK_EQ_U64(f.pm1a_evt, 0x600);
	CHECK_EQ_U64(f.pm1a_cnt, 0x604);
	CHECK_EQ_U64(f.pm2_cnt, 0x650);
	CHECK_EQ_U64(f.pm_tmr_blk, 0x608);
	CHECK_EQ_U64(f.reset_reg.address, 0xcf9);
	CHECK_EQ_U64(f.x_pm1a_evt.address, 0x600);
	CHECK_EQ_U64(f.x_pm1a_evt.bit_width, 32);
	n = acpi_fadt_io_ranges(&f, r, ACPI_FADT_IO_RANGES);
	/* SMI_CMD, PM1a evt/cnt, PM2 cnt, their X_ forms, the reset reg */
	CHECK_EQ_U64(n, 8);
	CHECK(r[0].first == 0xb2 && r[0].n == 1);
	CHECK_STR(r[0].what, "the FADT's SMI_CMD port");
	CHECK(r[1].first == 0x600 && r[1].n == 4);
	CHECK(r[2].first == 0x604 && r[2].n == 2);
	CHECK(r[3].first == 0x650 && r[3].n == 1);
	CHECK(r[4].first == 0x600 && r[4].n == 4);	/* X_: 32 bits */
	CHECK(r[5].first == 0x604 && r[5].n == 2);	/* 16 bits */
	CHECK(r[7].first == 0xcf9 && r[7].n == 1);
	CHECK_STR(r[7].what, "the FADT's reset register");
	/* the PM timer is read, never written: not in the list */
	for (unsigned i = 0; i < n; i++)
		CHECK(r[i].first != 0x608);
	for (unsigned i = 0; i < n; i++)
		CHECK(!io_ports_reserve(r[i].first, r[i].n, r[i].what));
	CHECK(kcs_port_check(0x602, 1, buf, sizeof(buf), &why));
	CHECK_STR(why, "kcs i/o port 0x602 is the FADT's PM1a event block");
	CHECK(kcs_port_check(0x64c, 4, buf, sizeof(buf), &why));
	CHECK_STR(why, "kcs i/o port 0x650 is the FADT's PM2 control block");
	CHECK(!kcs_port_check(0x608, 1, buf, sizeof(buf), &why));
	io_ports_reset();
	/* too short a buffer: what fits, no more */
	CHECK_EQ_U64(acpi_fadt_io_ranges(&f, r, 2), 2);
	/* an FADT of revision 1 (116 bytes): no reset register, no X_ */
	wr32(t + 4, 116);
	t[9] = 0;
	t[9] = (uint8_t)(0 - sum8(t, 116));
	CHECK(acpi_fadt_parse(t, 116, &f, &why) == 0);
	CHECK_EQ_U64(acpi_fadt_io_ranges(&f, r, ACPI_FADT_IO_RANGES), 4);
	free(t);
}

/*
 * SPMI tables as Dell and HP write them, and an SSIF one listed first:
 * the KCS table is the one used, and its layouts come out in the order
 * of trust (SMBIOS type 38, the SPMI's width, byte spacing).
 */
static void fixture_spmi(void)
{
	struct acpi_spmi_info s[3];
	struct smbios_ipmi dell38 = { 1, true, 0xca8, 4 };
	struct kcs_layout l[KCS_LAYOUTS_MAX];
	const char *why = NULL;
	const char *names[3] = { "spmi-ssif", "spmi-kcs-ca2-width16-hp",
				 "spmi-kcs-ca8-dell" };
	uint8_t *t;
	size_t len;

	for (int i = 0; i < 3; i++) {
		t = load_aml(names[i], &len);
		CHECK(acpi_spmi_parse(t, len, &s[i], &why) == 0);
		free(t);
	}
	CHECK_EQ_U64(s[0].interface_type, 4);
	CHECK_EQ_U64(s[1].interface_type, 1);
	CHECK_EQ_U64(s[1].space_id, ACPI_GAS_SYSTEM_IO);
	CHECK_EQ_U64(s[1].bit_width, 16);
	CHECK_EQ_U64(s[1].address, 0xca2);
	CHECK_EQ_U64(s[1].spec_revision, 0x0200);
	CHECK_EQ_U64(s[2].bit_width, 8);
	CHECK_EQ_U64(s[2].address, 0xca8);
	/* the first table is SSIF: the KCS one after it is picked */
	CHECK_EQ_U64(acpi_spmi_pick(s, 3), 1);
	CHECK_EQ_U64(acpi_spmi_pick(s, 1), 0);	/* none: the first */
	CHECK_EQ_U64(acpi_spmi_pick(s + 2, 1), 0);
	/* HP without type 38: the GAS's 16 bits first, then bytes */
	CHECK_EQ_U64(kcs_layouts(&s[1], NULL, 0, l), 2);
	CHECK(l[0].spacing == 2 && l[1].spacing == 1);
	/* Dell with its type 38: 32-bit spacing, status at 0xcac */
	CHECK_EQ_U64(kcs_layouts(&s[2], &dell38, 1, l), 2);
	CHECK(l[0].base == 0xca8 && l[0].spacing == 4);
}

/*
 * HP ProLiant DL360 G7's own SPMI and FADT (tests/acpi/real/, CC BY 4.0,
 * linux-hardware.org): the GAS says 16 bits at 0xca2, so without SMBIOS
 * type 38 the layouts to try are status at 0xca4, then 0xca3; its FADT's
 * ports (iasl -d: SMI_CMD 0xb2, PM1a 0x900/4 and 0x904/4, PM2 0x950/4,
 * the X_ blocks the same, the reset register in memory space: none)
 * leave its KCS alone.
 */
static void real_hp_dl360_g7(void)
{
	struct acpi_io_range r[ACPI_FADT_IO_RANGES];
	struct kcs_layout l[KCS_LAYOUTS_MAX];
	struct acpi_spmi_info si;
	struct acpi_fadt_info f;
	char buf[96];
	const char *why = NULL;
	uint8_t *t;
	size_t len;
	unsigned n;

	t = load_aml("real-hp-proliant-dl360-g7-spmi", &len);
	CHECK(acpi_spmi_parse(t, len, &si, &why) == 0);
	CHECK(si.interface_type == 1 && si.space_id == ACPI_GAS_SYSTEM_IO);
	CHECK_EQ_U64(si.bit_width, 16);
	CHECK_EQ_U64(si.address, 0xca2);
	CHECK_EQ_U64(si.spec_revision, 0x0200);
	CHECK_EQ_U64(kcs_layouts(&si, NULL, 0, l), 2);
	CHECK(l[0].spacing == 2 && l[1].spacing == 1);
	free(t);

	t = load_aml("real-hp-proliant-dl360-g7-facp", &len);
	CHECK(acpi_fadt_parse(t, len, &f, &why) == 0);
	n = acpi_fadt_io_ranges(&f, r, ACPI_FADT_IO_RANGES);
	CHECK_EQ_U64(n, 7);
	CHECK(r[0].first == 0xb2 && r[0].n == 1);
	CHECK(r[1].first == 0x900 && r[1].n == 4);
	CHECK(r[2].first == 0x904 && r[2].n == 4);
	CHECK(r[3].first == 0x950 && r[3].n == 4);
	for (unsigned i = 0; i < n; i++)
		CHECK(!io_ports_reserve(r[i].first, r[i].n, r[i].what));
	/* the machine's own KCS passes, either spacing */
	CHECK(!kcs_port_check(0xca2, 1, buf, sizeof(buf), &why));
	CHECK(!kcs_port_check(0xca2, 2, buf, sizeof(buf), &why));
	CHECK(kcs_port_check(0x8ff, 1, buf, sizeof(buf), &why));
	CHECK_STR(why, "kcs i/o port 0x900 is the FADT's PM1a event block");
	io_ports_reset();
	free(t);
}

static void fixture_spcr(void)
{
	struct acpi_spcr_info si;
	struct acpi_spcr_uart u;
	const char *why = NULL;
	uint8_t *t;
	size_t len;

	/* COM2, "as configured": nothing to program. */
	t = load_aml("spcr-rev2-com2-as-configured", &len);
	CHECK(acpi_spcr_parse(t, len, &si, &why) == 0);
	CHECK_EQ_U64(si.revision, 2);
	CHECK_EQ_U64(si.interface_type, ACPI_SPCR_16550);
	CHECK_EQ_U64(si.space_id, ACPI_GAS_SYSTEM_IO);
	CHECK_EQ_U64(si.address, 0x2f8);
	CHECK_EQ_U64(si.baud_code, 0);
	CHECK_EQ_U64(si.clock_hz, 0);
	CHECK_EQ_U64(si.precise_baud, 0);
	CHECK(acpi_spcr_uart(&si, &u, &why) == 0);
	CHECK(u.io && u.width == 1 && u.stride == 1 && !u.mini_uart);
	CHECK_EQ_U64(u.baud, 0);
	free(t);

	/* Console redirection off as Dell and HP write it: address 0,
	 * bit width 0.  Parsed, then refused as a UART: the image warns
	 * and keeps COM1 / ConOut. */
	t = load_aml("spcr-rev2-redirection-off", &len);
	CHECK(acpi_spcr_parse(t, len, &si, &why) == 0);
	CHECK_EQ_U64(si.address, 0);
	CHECK_EQ_U64(si.bit_width, 0);
	why = NULL;
	CHECK(acpi_spcr_uart(&si, &u, &why) == -1);
	CHECK_STR(why, "no uart address");
	free(t);

	/* Revision 3: the clock at 76. */
	t = load_spcr("spcr-rev3-dw-apb", &len);
	CHECK_EQ_U64(len, 80);
	CHECK(acpi_spcr_parse(t, len, &si, &why) == 0);
	CHECK_EQ_U64(si.revision, 3);
	CHECK_EQ_U64(si.clock_hz, 24000000);
	CHECK_EQ_U64(si.precise_baud, 0);
	CHECK(acpi_spcr_uart(&si, &u, &why) == 0);
	CHECK_EQ_U64(u.kind, ACPI_UART_16550);
	CHECK(!u.io && !u.mini_uart);
	CHECK_EQ_U64(u.base, 0xfeb50000);
	CHECK(u.width == 4 && u.stride == 4);
	CHECK_EQ_U64(u.baud, 115200);
	CHECK_EQ_U64(u.clock_hz, 24000000);
	free(t);

	/* Revision 4: clock at 76, precise baud at 80 (not 80 and 84: 84
	 * is the namespace string's length). */
	t = load_spcr("spcr-rev4-bcm2835", &len);
	CHECK_EQ_U64(len, 98);
	CHECK(acpi_spcr_parse(t, len, &si, &why) == 0);
	CHECK_EQ_U64(si.revision, 4);
	CHECK_EQ_U64(si.interface_type, ACPI_SPCR_BCM2835);
	CHECK_EQ_U64(si.clock_hz, 500000000);
	CHECK_EQ_U64(si.precise_baud, 115200);
	CHECK_EQ_U64(si.baud_code, 3);
	/* the BCM2835 mini-UART: a 16550 with 32-bit registers 4 apart */
	CHECK(acpi_spcr_uart(&si, &u, &why) == 0);
	CHECK_EQ_U64(u.kind, ACPI_UART_16550);
	CHECK(u.mini_uart && !u.io);
	CHECK_EQ_U64(u.base, 0xfe215040);
	CHECK(u.width == 4 && u.stride == 4);
	CHECK_EQ_U64(u.baud, 115200);
	CHECK_EQ_U64(u.clock_hz, 500000000);
	/* ... only in memory space */
	t[40] = ACPI_GAS_SYSTEM_IO;
	CHECK(acpi_spcr_uart(&(struct acpi_spcr_info){ .interface_type =
			     ACPI_SPCR_BCM2835, .space_id = ACPI_GAS_SYSTEM_IO,
			     .address = 0x3f8 }, &u, &why) == -1);
	CHECK_STR(why, "bcm2835 mini-uart not in memory space");
	free(t);
}

/* The CPUs of a fixture PPTT, UIDs 0 .. n-1, CPU 0 the boot CPU. */
static void pptt_fixture_topo(struct topo *t, struct topo_cpu *cpus,
			      uint32_t *uids, uint32_t n)
{
	topo_init(t, cpus);
	for (uint32_t i = 0; i < n; i++) {
		topo_add_cpu(t, 0x100u * i, i ? 0 : TOPO_CPU_BSP);
		uids[i] = i;
	}
}

static void fixture_pptt(void)
{
	static struct topo_cpu cpus[TOPO_MAX_CPUS];
	struct acpi_pptt_cache cc[8];
	struct pptt_topo_info in;
	struct topo t;
	uint32_t uids[4];
	const char *why = NULL;
	uint8_t *p;
	size_t len, n;

	/* Every core reaches the one L1D/L1I/L2 description from its own
	 * node: the node that reaches a cache is the core (offsets 168,
	 * 196, 224, 252), so no cache is shared. */
	p = load_aml("pptt-ampere-clusters", &len);
	CHECK(acpi_pptt_caches(p, len, 2, cc, 8, &n, &why) == 0);
	CHECK_EQ_U64(n, 3);
	CHECK_EQ_U64(cc[0].offset, 60);		/* L1D, then L2, L1I */
	CHECK_EQ_U64(cc[1].offset, 36);
	CHECK_EQ_U64(cc[1].level, 2);
	CHECK_EQ_U64(cc[1].node, 224);
	CHECK_EQ_U64(cc[2].node, 224);

	pptt_fixture_topo(&t, cpus, uids, 4);
	CHECK(pptt_topo_cpus(&t, uids, p, len, &in, &why) == 0);
	CHECK(in.caches && in.private_llc && in.llc_is_cluster);
	CHECK_EQ_U64(in.llc_level, 2);
	CHECK_STR(t.llc_source, "pptt-cluster-private-caches");
	CHECK(topo_finalize(&t, &why) == 0);
	CHECK_EQ_U64(t.npackages, 1);
	CHECK_EQ_U64(t.ncores, 4);
	CHECK_EQ_U64(t.nllcs, 2);	/* the clusters, as Linux's MC */
	CHECK_EQ_U64(t.cpus[0].llc, t.cpus[1].llc);
	CHECK(t.cpus[1].llc != t.cpus[2].llc);
	CHECK_EQ_U64(t.cpus[2].llc, t.cpus[3].llc);
	CHECK(pptt_topo_caches(&t, uids, p, len));
	CHECK_EQ_U64(t.ncaches, 3);
	for (uint32_t k = 0; k < t.ncaches; k++) {
		CHECK_EQ_U64(t.caches[k].shared_by, 1);
		CHECK_EQ_U64(t.caches[k].instances, 4);
	}
	CHECK_EQ_U64(t.caches[1].level, 2);
	CHECK_EQ_U64(t.caches[1].type, CACHE_UNIFIED);
	CHECK_EQ_U64(t.caches[1].size, 1 << 20);
	CHECK_EQ_U64(t.caches[2].type, CACHE_INST);
	free(p);

	/* No cluster level: the package. */
	p = load_aml("pptt-ampere-flat", &len);
	pptt_fixture_topo(&t, cpus, uids, 4);
	CHECK(pptt_topo_cpus(&t, uids, p, len, &in, &why) == 0);
	CHECK(in.private_llc && !in.llc_is_cluster);
	CHECK_STR(t.llc_source, "pptt-package-private-caches");
	CHECK(topo_finalize(&t, &why) == 0);
	CHECK_EQ_U64(t.nllcs, 1);
	CHECK_EQ_U64(t.ncores, 4);
	CHECK(pptt_topo_caches(&t, uids, p, len));
	CHECK_EQ_U64(t.caches[0].shared_by, 1);
	CHECK_EQ_U64(t.caches[0].instances, 4);
	/* A CPU the table does not have: nothing taken from it. */
	pptt_fixture_topo(&t, cpus, uids, 4);
	uids[3] = 9;
	CHECK(pptt_topo_cpus(&t, uids, p, len, &in, &why) == -1);
	CHECK_STR(why, "no leaf node for this uid");
	CHECK_EQ_U64(t.cpus[0].raw_llc, TOPO_NONE);
	CHECK_EQ_U64(t.cpus[0].raw_core, TOPO_NONE);
	CHECK_STR(t.llc_source, "unknown");
	free(p);
}

/* Online-capable CPUs listed, out of the counts; duplicates, one line. */
static void fixture_madt(void)
{
	static struct topo_cpu cpus[TOPO_MAX_CPUS];
	struct acpi_madt_cpu c[16];
	struct acpi_madt_info mi;
	struct wlog w = { 0 };
	struct topo t;
	const char *why = NULL;
	uint8_t *m;
	size_t len, n;

	m = load_aml("madt-online-capable", &len);
	CHECK(acpi_madt_parse(m, len, c, 16, &n, &mi, wlog_fn, &w, &why) == 0);
	CHECK_EQ_U64(mi.revision, 5);
	CHECK_EQ_U64(n, 6);
	CHECK_EQ_U64(c[2].id, 4);
	CHECK_EQ_U64(c[2].flags, ACPI_CPU_ONLINE_CAPABLE);
	CHECK_EQ_U64(c[3].id, 6);
	CHECK_EQ_U64(c[3].flags, ACPI_CPU_ONLINE_CAPABLE);
	CHECK_EQ_U64(c[5].kind, ACPI_MADT_X2APIC);
	CHECK_EQ_U64(c[5].id, 0x100);
	CHECK_EQ_U64(mi.nonline_capable, 2);
	CHECK_EQ_U64(mi.nduplicate, 3);
	CHECK_EQ_U64(mi.nunusable, 1);
	CHECK_EQ_U64(wlog_has(&w, "duplicate apic id entries skipped"), 1);
	CHECK_EQ_U64(wlog_has(&w, "disabled cpu entries skipped"), 1);
	CHECK_EQ_U64(w.count, 2);
	/* into the topology as the x86 image does: online-capable slots
	 * listed (enabled=0), in no count */
	topo_init(&t, cpus);
	for (size_t i = 0; i < n; i++)
		topo_add_cpu(&t, c[i].id, !c[i].id ? TOPO_CPU_BSP :
			     c[i].flags & ACPI_CPU_ENABLED ? 0 :
			     TOPO_CPU_DISABLED);
	CHECK(topo_finalize(&t, &why) == 0);
	CHECK_EQ_U64(t.ncpus, 4);
	CHECK_EQ_U64(t.ndisabled, 2);
	CHECK_EQ_U64(t.ncores, 4);
	CHECK_EQ_U64(t.cpus[2].hwid, 10);
	CHECK_EQ_U64(t.cpus[4].hwid, 4);
	CHECK_EQ_U64(t.cpus[5].hwid, 6);
	free(m);

	/* iasl 20200925 cannot name GICC flags bit 3 (Online Capable, ACPI
	 * 6.5): set it in the entry of MPIDR 0x200, as firmware would. */
	m = load_aml("madt-gicc-online-capable", &len);
	for (size_t off = 44; off + 80 <= len && m[off + 1];
	     off += m[off + 1])
		if (m[off] == ACPI_MADT_GICC && m[off + 68] == 0 &&
		    m[off + 69] == 2 && !m[off + 70] && !m[off + 71])
			m[off + 12] |= 8;
	m[9] = 0;
	m[9] = (uint8_t)(0 - sum8(m, len));
	w.count = 0;
	CHECK(acpi_madt_parse(m, len, c, 16, &n, &mi, wlog_fn, &w, &why) == 0);
	CHECK_EQ_U64(n, 4);
	CHECK_EQ_U64(c[2].mpidr, 0x200);
	CHECK_EQ_U64(c[2].raw_flags, 8);
	CHECK_EQ_U64(c[2].flags, ACPI_CPU_ONLINE_CAPABLE);
	CHECK_EQ_U64(c[3].mpidr, 0x300);
	CHECK_EQ_U64(mi.nonline_capable, 1);
	CHECK_EQ_U64(mi.nduplicate, 2);
	CHECK_EQ_U64(wlog_has(&w, "duplicate mpidr entries skipped"), 1);
	CHECK_EQ_U64(w.count, 1);
	free(m);
}

int main(int argc, char **argv)
{
	if (argc == 2) {
		fix_dir = argv[1];
		fixture_spcr();
		fixture_fadt_ports();
		fixture_spmi();
		real_hp_dl360_g7();
		fixture_pptt();
		fixture_madt();
		return check_done("test_acpi (iasl fixtures)");
	}
	test_header();
	test_rsdp();
	test_root();
	test_root_many();
	test_madt_qemu();
	test_madt_x2apic_dup();
	test_madt_broken_entries();
	test_madt_gicc();
	test_srat();
	test_slit();
	test_fadt();
	test_spcr();
	test_spcr_uart();
	test_spmi();
	test_pptt_chain();
	test_pptt_caches();
	test_fuzz();
	free(exact_buf);
	return check_done("test_acpi");
}
