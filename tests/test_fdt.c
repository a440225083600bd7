/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host tests for core/fw/fdt*.c.  argv[1] is a directory holding the compiled
 * fixtures (the tests/fdt .dts files built with dtc) and the QEMU dumps.
 * Every blob is copied into a heap buffer of exactly its size so that ASan
 * sees any read past the end.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fw/fdt.h"
#include "fw/fdt_caches.h"
#include "fw/fdt_cpus.h"
#include "fw/fdt_numa.h"
#include "fw/fdt_platform.h"

static const char *fixture_dir;

struct blob {
	uint8_t *buf;
	size_t size;
};

static struct blob load(const char *name)
{
	struct blob b = { NULL, 0 };
	char path[4096];
	FILE *fp;
	long n;

	snprintf(path, sizeof(path), "%s/%s", fixture_dir, name);
	fp = fopen(path, "rb");
	if (!fp) {
		fprintf(stderr, "cannot open %s\n", path);
		return b;
	}
	if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) > 0 &&
	    fseek(fp, 0, SEEK_SET) == 0) {
		b.buf = malloc((size_t)n);
		if (b.buf && fread(b.buf, 1, (size_t)n, fp) == (size_t)n) {
			b.size = (size_t)n;
		} else {
			free(b.buf);
			b.buf = NULL;
		}
	}
	fclose(fp);
	return b;
}

static uint8_t *dup_exact(const uint8_t *p, size_t n)
{
	uint8_t *q = malloc(n ? n : 1);

	if (!q) {
		perror("malloc");
		exit(2);
	}
	memcpy(q, p, n);
	return q;
}

static uint32_t get32(const uint8_t *p, size_t off)
{
	return (uint32_t)p[off] << 24 | (uint32_t)p[off + 1] << 16 |
	       (uint32_t)p[off + 2] << 8 | p[off + 3];
}

static void put32(uint8_t *p, size_t off, uint32_t v)
{
	p[off] = (uint8_t)(v >> 24);
	p[off + 1] = (uint8_t)(v >> 16);
	p[off + 2] = (uint8_t)(v >> 8);
	p[off + 3] = (uint8_t)v;
}

/* Header field offsets. */
enum {
	H_TOTAL = 4, H_STRUCT = 8, H_STRINGS = 12, H_RSV = 16, H_VERSION = 20,
	H_LAST_COMP = 24, H_STRINGS_SIZE = 32, H_STRUCT_SIZE = 36,
};

static int node_at(const struct fdt *f, const char *path)
{
	return fdt_path_offset(f, path);
}

static const char *marker(const struct fdt *f, const char *path)
{
	return fdt_getprop_str(f, node_at(f, path), "marker");
}

/* ---- exercise every API on whatever opened ------------------------------ */

static volatile unsigned long long sink;

static void exercise(const struct fdt *f)
{
	static const char *const paths[] = {
		"/", "/cpus", "/cpus/cpu-map", "/chosen", "/soc/serial",
		"/soc", "serial0", "console", "/aliases", "/cpus/cpu@0",
		"soc/uart", "/psci", "//cpus//cpu",
	};
	struct fdt_cpu cpus[32];
	struct fdt_cache caches[64];
	struct fdt_cache_hop hops[FDT_MAX_CACHE_HOPS];
	struct fdt_uart_info u;
	uint32_t triples[3 * 16], len;
	const char *s1, *s2, *why;
	uint64_t a, sz;
	size_t n = 0, nc, i;
	int node, depth = 0, count = 0;

	for (node = fdt_next_node(f, -1, &depth); node >= 0 && count < 100000;
	     node = fdt_next_node(f, node, &depth), count++) {
		const char *name = fdt_node_name(f, node);
		const void *p;

		if (name)
			sink += strlen(name);
		sink += (unsigned)fdt_first_child(f, node);
		sink += (unsigned)fdt_next_sibling(f, node);
		p = fdt_getprop(f, node, "compatible", &len);
		if (p)
			sink += fdt_stringlist_contains(p, len, "ns16550a");
		p = fdt_getprop(f, node, "reg", &len);
		if (p && !fdt_read_cells(p, len, 1, 1, &a))
			sink += a;
		s1 = fdt_getprop_str(f, node, "status");
		if (s1)
			sink += strlen(s1);
		sink += fdt_get_phandle(f, node);
		sink += fdt_address_cells(f, node) + fdt_size_cells(f, node);
		/* These walk from the root: only a few per blob. */
		if (count < 6) {
			sink += (unsigned)fdt_parent_offset(f, node);
			if (!fdt_reg_address(f, node, 0, &a, &sz, &why))
				sink += a + sz;
		}
	}
	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		sink += (unsigned)fdt_path_offset(f, paths[i]);
	for (i = 1; i < 12; i++)
		sink += (unsigned)fdt_node_by_phandle(f, (uint32_t)i);
	sink += (unsigned)fdt_node_by_compatible(f, "cache");

	if (fdt_cpus_parse(f, cpus, 32, &n, &why) >= 0 || n) {
		for (i = 0; i < n; i++) {
			sink += cpus[i].reg + (unsigned)cpus[i].socket +
				(unsigned)cpus[i].cluster + cpus[i].llc_phandle;
			if (cpus[i].isa)
				sink += strlen(cpus[i].isa) +
					fdt_riscv_isa_has(cpus[i].isa,
							  cpus[i].isa_len,
							  "zicsr");
			if (cpus[i].enable_method)
				sink += strlen(cpus[i].enable_method);
			sink += (unsigned)fdt_cache_chain(f, cpus[i].fdt_node,
							  hops, 4, &why);
		}
		if (fdt_caches_parse(f, cpus, n, caches, 64, &nc, &why) == 0)
			for (i = 0; i < nc; i++)
				sink += caches[i].size + caches[i].ncpus;
		sink += (unsigned)fdt_cpu_map_parse(f, cpus, n, &why);
	}
	if (fdt_distance_map(f, triples, 16, &n, &why) >= 0)
		for (i = 0; i < n; i++)
			sink += triples[3 * i + 2];
	{
		struct fdt_mem_range mr[8];

		if (fdt_memory_ranges(f, mr, 8, &n, &why) >= 0 ||
		    n == 8)
			for (i = 0; i < n; i++)
				sink += (unsigned)(mr[i].base + mr[i].size) +
					(unsigned)mr[i].node;
	}
	if (!fdt_chosen(f, &s1, &s2)) {
		if (s1)
			sink += strlen(s1);
		if (s2)
			sink += strlen(s2);
	}
	if (!fdt_timebase_hz(f, &a))
		sink += a;
	if (!fdt_psci_method(f, &s1))
		sink += strlen(s1);
	if (!fdt_uart_info(f, NULL, &u, &why)) {
		sink += u.base;
		if (u.compatible)
			sink += strlen(u.compatible);
	}
	if (!fdt_uart(f, "serial0", &a, &s1))
		sink += a;
}

/* ---- fixtures ---------------------------------------------------------- */

static void test_riscv_virt(void)
{
	struct blob b = load("riscv-virt-8hart.dtb");
	struct fdt_cpu cpus[16];
	struct fdt_cache caches[4];
	struct fdt_uart_info u;
	uint32_t tri[3 * 8];
	const char *why = NULL, *so, *ba, *compat;
	uint64_t hz, base;
	size_t n, i;
	struct fdt f;
	int cpus_node, c, kids;

	CHECK(b.buf != NULL);
	if (!b.buf)
		return;
	CHECK_EQ_U64(fdt_peek_totalsize(b.buf, b.size), b.size);
	CHECK_EQ_U64(fdt_open(&f, b.buf, b.size, &why), 0);
	CHECK_EQ_U64(f.version, 17);

	CHECK_EQ_U64(fdt_cpus_parse(&f, cpus, 16, &n, &why), 0);
	CHECK_EQ_U64(n, 8);
	for (i = 0; i < n && i < 8; i++) {
		CHECK_EQ_U64(cpus[i].reg, i);
		CHECK_EQ_U64(cpus[i].enabled, i != 5);
		CHECK_EQ_U64(cpus[i].node, i / 4);
		CHECK_EQ_U64(cpus[i].socket, i / 4);
		CHECK_EQ_U64(cpus[i].cluster, 0);
		CHECK_EQ_U64(cpus[i].core, i % 4);
		CHECK_EQ_U64(cpus[i].thread, -1);
		CHECK_EQ_U64(cpus[i].has_zabha, i == 3);
		CHECK(cpus[i].isa && !strncmp(cpus[i].isa, "rv64imafdc_", 11));
		CHECK_EQ_U64(cpus[i].isa_len, strlen(cpus[i].isa));
		CHECK_EQ_U64(cpus[i].llc_phandle, 0);
		CHECK_EQ_U64(cpus[i].llc_level, -1);
		CHECK(cpus[i].phandle != 0);
		CHECK_EQ_U64(fdt_node_by_phandle(&f, cpus[i].phandle),
			     cpus[i].fdt_node);
		CHECK(cpus[i].enable_method == NULL);
	}
	CHECK_STR(cpus[3].isa, "rv64imafdc_zicsr_zifencei_zabha");
	CHECK_EQ_U64(fdt_cpu_map_parse(&f, cpus, n, &why), 0);
	CHECK_EQ_U64(fdt_caches_parse(&f, cpus, n, caches, 4, &n, &why), 0);
	CHECK_EQ_U64(n, 0);

	/* Too small an array: the first entries still come back. */
	CHECK_EQ_U64(fdt_cpus_parse(&f, cpus, 4, &n, &why), FDT_ENOSPACE);
	CHECK_STR(why, "too many cpus");
	CHECK_EQ_U64(n, 4);
	CHECK_EQ_U64(cpus[3].reg, 3);
	CHECK_EQ_U64(cpus[3].has_zabha, 1);

	CHECK_EQ_U64(fdt_distance_map(&f, tri, 8, &n, &why), 0);
	CHECK_EQ_U64(n, 4);
	CHECK_EQ_U64(tri[0], 0);
	CHECK_EQ_U64(tri[1], 0);
	CHECK_EQ_U64(tri[2], 10);
	CHECK_EQ_U64(tri[3], 0);
	CHECK_EQ_U64(tri[4], 1);
	CHECK_EQ_U64(tri[5], 20);
	CHECK_EQ_U64(tri[6], 1);
	CHECK_EQ_U64(tri[7], 0);
	CHECK_EQ_U64(tri[8], 20);
	CHECK_EQ_U64(tri[11], 10);
	CHECK_EQ_U64(fdt_distance_map(&f, tri, 2, &n, &why), FDT_ENOSPACE);
	CHECK_EQ_U64(n, 2);

	CHECK_EQ_U64(fdt_chosen(&f, &so, &ba), 0);
	CHECK_STR(so, "/soc/serial@10000000:115200");
	CHECK_STR(ba, "sbm.iters=100000 sbm.reps=5");
	CHECK_EQ_U64(fdt_chosen(&f, NULL, NULL), 0);
	CHECK_EQ_U64(fdt_timebase_hz(&f, &hz), 0);
	CHECK_EQ_U64(hz, 10000000);
	CHECK_EQ_U64(fdt_psci_method(&f, &so), FDT_ENOTFOUND);

	CHECK_EQ_U64(fdt_uart_info(&f, NULL, &u, &why), 0);
	CHECK_EQ_U64(u.base, 0x10000000);
	CHECK_EQ_U64(u.size, 0x100);
	CHECK_STR(u.compatible, "ns16550a");
	CHECK_EQ_U64(u.baud, 115200);
	CHECK_EQ_U64(u.clock_hz, 3686400);
	CHECK_EQ_U64(u.reg_shift, 0);
	CHECK_EQ_U64(u.reg_io_width, 1);
	CHECK_EQ_U64(fdt_uart(&f, "serial0", &base, &compat), 0);
	CHECK_EQ_U64(base, 0x10000000);
	CHECK_STR(compat, "ns16550a");

	/* Walking and paths. */
	CHECK_EQ_U64(fdt_root(&f), 0);
	CHECK_STR(fdt_node_name(&f, 0), "");
	cpus_node = node_at(&f, "/cpus");
	CHECK(cpus_node > 0);
	CHECK_STR(fdt_node_name(&f, cpus_node), "cpus");
	CHECK_STR(fdt_node_name(&f, node_at(&f, "/cpus/cpu-map")), "cpu-map");
	CHECK_STR(fdt_node_name(&f, node_at(&f, "/cpus/cpu@3")), "cpu@3");
	CHECK_STR(fdt_node_name(&f, node_at(&f, "/soc/serial")),
		  "serial@10000000");
	CHECK_EQ_U64(node_at(&f, "/cpus/cpu"), FDT_EAMBIGUOUS);
	CHECK_EQ_U64(node_at(&f, "/memory"), FDT_EAMBIGUOUS);
	CHECK_EQ_U64(node_at(&f, "/cpus/cpu@8"), FDT_ENOTFOUND);
	CHECK_EQ_U64(node_at(&f, "/nonexistent"), FDT_ENOTFOUND);
	CHECK_EQ_U64(fdt_parent_offset(&f, node_at(&f, "/cpus/cpu@3")),
		     cpus_node);
	CHECK_EQ_U64(fdt_parent_offset(&f, cpus_node), 0);
	CHECK_EQ_U64(fdt_parent_offset(&f, 0), FDT_ENOTFOUND);
	CHECK_EQ_U64(fdt_parent_offset(&f, cpus_node + 4), FDT_ENOTFOUND);
	CHECK(fdt_node_name(&f, cpus_node + 4) == NULL);
	CHECK(fdt_node_name(&f, -1) == NULL);
	CHECK(fdt_node_name(&f, 1 << 30) == NULL);
	kids = 0;
	for (c = fdt_first_child(&f, cpus_node); c >= 0;
	     c = fdt_next_sibling(&f, c))
		kids++;
	CHECK_EQ_U64(c, FDT_ENOTFOUND);
	CHECK_EQ_U64(kids, 9);
	CHECK_EQ_U64(fdt_next_sibling(&f, 0), FDT_ENOTFOUND);
	CHECK_EQ_U64(fdt_first_child(&f, FDT_EBADBLOB), FDT_EBADBLOB);
	CHECK_EQ_U64(fdt_first_child(&f, node_at(&f, "/soc/serial")),
		     FDT_ENOTFOUND);
	CHECK_EQ_U64(fdt_node_by_phandle(&f, 0), FDT_ENOTFOUND);
	CHECK_EQ_U64(fdt_node_by_phandle(&f, 0xffffffff), FDT_ENOTFOUND);
	CHECK_EQ_U64(fdt_node_by_phandle(&f, 0x7777), FDT_ENOTFOUND);
	CHECK_STR(fdt_node_name(&f, fdt_node_by_compatible(&f, "syscon")),
		  "test@100000");
	exercise(&f);
	free(b.buf);
}

static void test_qemu_numa(void)
{
	struct blob b = load("qemu-riscv-virt-smp8-numa.dtb");
	struct fdt_cpu cpus[16];
	uint32_t tri[3 * 8];
	const char *why = NULL, *so, *ba, *compat;
	uint64_t hz, base;
	size_t n, i;
	struct fdt f;
	bool found_20 = false;

	CHECK(b.buf != NULL);
	if (!b.buf)
		return;
	CHECK_EQ_U64(fdt_open(&f, b.buf, b.size, &why), 0);
	CHECK_EQ_U64(fdt_cpus_parse(&f, cpus, 16, &n, &why), 0);
	CHECK_EQ_U64(n, 8);
	for (i = 0; i < n && i < 8; i++) {
		CHECK_EQ_U64(cpus[i].reg, i);
		CHECK(cpus[i].enabled);
		CHECK_EQ_U64(cpus[i].node, i / 4);
		/* QEMU 7.2 writes one cluster per socket, no socket level. */
		CHECK_EQ_U64(cpus[i].socket, 0);
		CHECK_EQ_U64(cpus[i].cluster, i / 4);
		CHECK_EQ_U64(cpus[i].core, i % 4);
		CHECK_EQ_U64(cpus[i].thread, -1);
		CHECK(cpus[i].isa && !strncmp(cpus[i].isa, "rv64imafdch", 11));
		CHECK(!cpus[i].has_zabha);
		CHECK_EQ_U64(cpus[i].llc_level, -1);
	}
	CHECK_EQ_U64(fdt_distance_map(&f, tri, 8, &n, &why), 0);
	CHECK_EQ_U64(n, 4);
	for (i = 0; i < n; i++) {
		if (tri[3 * i] != tri[3 * i + 1]) {
			CHECK_EQ_U64(tri[3 * i + 2], 20);
			found_20 = true;
		} else {
			CHECK_EQ_U64(tri[3 * i + 2], 10);
		}
	}
	CHECK(found_20);
	/* RAM per node: what the payload's per-node pools are cut from */
	{
		struct fdt_mem_range mr[4];

		CHECK_EQ_U64(fdt_memory_ranges(&f, mr, 4, &n, &why), 0);
		CHECK_EQ_U64(n, 2);
		CHECK_EQ_U64(mr[0].base, 0x80000000);
		CHECK_EQ_U64(mr[0].size, 0x8000000);
		CHECK_EQ_U64(mr[0].node, 0);
		CHECK_EQ_U64(mr[1].base, 0x88000000);
		CHECK_EQ_U64(mr[1].size, 0x8000000);
		CHECK_EQ_U64(mr[1].node, 1);
		CHECK_EQ_U64(fdt_memory_ranges(&f, mr, 1, &n, &why),
			     (uint64_t)FDT_ENOSPACE);
		CHECK_EQ_U64(n, 1);
		CHECK_EQ_U64(mr[0].node, 0);
	}
	CHECK_EQ_U64(fdt_timebase_hz(&f, &hz), 0);
	CHECK_EQ_U64(hz, 10000000);
	CHECK_EQ_U64(fdt_chosen(&f, &so, &ba), 0);
	CHECK_STR(so, "/soc/serial@10000000");
	CHECK(ba == NULL);
	CHECK_EQ_U64(fdt_uart(&f, NULL, &base, &compat), 0);
	CHECK_EQ_U64(base, 0x10000000);
	CHECK_STR(compat, "ns16550a");
	/* Two PLICs: a unit-less path component must not pick one. */
	CHECK_EQ_U64(node_at(&f, "/soc/plic"), FDT_EAMBIGUOUS);
	CHECK(node_at(&f, "/soc/plic@c600000") > 0);
	exercise(&f);
	free(b.buf);
}

static void test_qemu_smp4(void)
{
	struct blob b = load("qemu-riscv-virt-smp4.dtb");
	struct fdt_cpu cpus[8];
	uint32_t tri[3];
	const char *why = NULL;
	size_t n, i;
	struct fdt f;

	CHECK(b.buf != NULL);
	if (!b.buf)
		return;
	CHECK_EQ_U64(fdt_open(&f, b.buf, b.size, &why), 0);
	CHECK_EQ_U64(fdt_cpus_parse(&f, cpus, 8, &n, &why), 0);
	CHECK_EQ_U64(n, 4);
	for (i = 0; i < n && i < 4; i++) {
		CHECK_EQ_U64(cpus[i].reg, i);
		CHECK(cpus[i].enabled);
		CHECK_EQ_U64(cpus[i].node, -1);
		CHECK_EQ_U64(cpus[i].socket, 0);
		CHECK_EQ_U64(cpus[i].cluster, 0);
		CHECK_EQ_U64(cpus[i].core, i);
	}
	CHECK_EQ_U64(fdt_distance_map(&f, tri, 1, &n, &why), 0);
	CHECK_EQ_U64(n, 0);
	{
		struct fdt_mem_range mr[2];

		CHECK_EQ_U64(fdt_memory_ranges(&f, mr, 2, &n, &why), 0);
		CHECK_EQ_U64(n, 1);
		CHECK_EQ_U64(mr[0].base, 0x80000000);
		CHECK_EQ_U64(mr[0].node, -1);
	}
	exercise(&f);
	free(b.buf);
}

static void test_caches(void)
{
	static const uint64_t regs[8] = {
		0x0, 0x1, 0x2, 0x3, 0x10, 0x11, 0x12, 0x13,
	};
	struct blob b = load("cache-l2-l3.dtb");
	struct fdt_cpu cpus[8];
	struct fdt_cache caches[32];
	struct fdt_cache_hop hops[FDT_MAX_CACHE_HOPS];
	uint32_t l3, l2[2];
	const char *why = NULL;
	size_t n, nc, i;
	int nd = 0, ni = 0, n2 = 0, n3 = 0;
	struct fdt f;

	CHECK(b.buf != NULL);
	if (!b.buf)
		return;
	CHECK_EQ_U64(fdt_open(&f, b.buf, b.size, &why), 0);
	l3 = fdt_get_phandle(&f, node_at(&f, "/cache-controller"));
	l2[0] = fdt_get_phandle(&f, node_at(&f, "/cpus/l2-cache0"));
	l2[1] = fdt_get_phandle(&f, node_at(&f, "/cpus/l2-cache1"));
	CHECK(l3 && l2[0] && l2[1] && l2[0] != l2[1]);

	/* The l2-cache children of /cpus are not cpus. */
	CHECK_EQ_U64(fdt_cpus_parse(&f, cpus, 8, &n, &why), 0);
	CHECK_EQ_U64(n, 8);
	for (i = 0; i < n && i < 8; i++) {
		CHECK_EQ_U64(cpus[i].reg, regs[i]);
		CHECK_EQ_U64(cpus[i].llc_phandle, l3);
		CHECK_EQ_U64(cpus[i].llc_level, 3);
		CHECK_EQ_U64(cpus[i].next_cache, l2[i / 4]);
		CHECK_EQ_U64(cpus[i].socket, 0);
		CHECK_EQ_U64(cpus[i].cluster, i / 4);
		CHECK_EQ_U64(cpus[i].core, i % 4);
		CHECK_EQ_U64(cpus[i].node, -1);
	}
	CHECK_EQ_U64(fdt_cache_chain(&f, cpus[5].fdt_node, hops,
				     FDT_MAX_CACHE_HOPS, &why), 2);
	CHECK_EQ_U64(hops[0].phandle, l2[1]);
	CHECK_EQ_U64(hops[0].level, 2);
	CHECK_EQ_U64(hops[1].phandle, l3);
	CHECK_EQ_U64(hops[1].level, 3);
	CHECK_EQ_U64(fdt_cache_chain(&f, cpus[5].fdt_node, hops, 1, &why),
		     FDT_ENOSPACE);

	CHECK_EQ_U64(fdt_caches_parse(&f, cpus, n, caches, 32, &nc, &why), 0);
	CHECK_EQ_U64(nc, 19);
	for (i = 0; i < nc; i++) {
		const struct fdt_cache *c = &caches[i];

		if (c->level == 1) {
			CHECK(!c->unified);
			CHECK_EQ_U64(c->size, 0x8000);
			CHECK_EQ_U64(c->line, 64);
			CHECK_EQ_U64(c->ncpus, 1);
			CHECK_EQ_U64(fdt_node_by_phandle(&f, c->phandle),
				     c->fdt_node);
			if (c->type == FDT_CACHE_DATA) {
				nd++;
				CHECK_EQ_U64(c->sets, 64);
				CHECK_EQ_U64(c->ways, 8);
			} else {
				ni++;
				CHECK_EQ_U64(c->type, FDT_CACHE_INSTRUCTION);
				CHECK_EQ_U64(c->sets, 128);
				CHECK_EQ_U64(c->ways, 4);
			}
		} else if (c->level == 2) {
			n2++;
			CHECK(c->unified);
			CHECK_EQ_U64(c->type, FDT_CACHE_UNIFIED);
			CHECK(c->phandle == l2[0] || c->phandle == l2[1]);
			CHECK_EQ_U64(c->size, 0x100000);
			CHECK_EQ_U64(c->sets, 1024);
			CHECK_EQ_U64(c->ways, 16);
			CHECK_EQ_U64(c->ncpus, 4);
			CHECK_EQ_U64(c->next_level, l3);
		} else {
			n3++;
			CHECK_EQ_U64(c->level, 3);
			CHECK_EQ_U64(c->phandle, l3);
			CHECK(c->unified);
			CHECK_EQ_U64(c->size, 0x800000);
			CHECK_EQ_U64(c->ways, 16);
			CHECK_EQ_U64(c->ncpus, 8);
			CHECK_EQ_U64(c->next_level, 0);
		}
	}
	CHECK_EQ_U64(nd, 8);
	CHECK_EQ_U64(ni, 8);
	CHECK_EQ_U64(n2, 2);
	CHECK_EQ_U64(n3, 1);
	CHECK_EQ_U64(fdt_caches_parse(&f, cpus, n, caches, 5, &nc, &why),
		     FDT_ENOSPACE);
	CHECK_STR(why, "too many caches");
	exercise(&f);
	free(b.buf);
}

static void test_arm64(void)
{
	static const uint64_t regs[9] = {
		0x0, 0x1, 0x100, 0x101, 0x10000, 0x10001, 0x10100, 0x10101,
		0x100000000ull,
	};
	struct blob b = load("arm64-virt.dtb");
	struct fdt_cpu cpus[16];
	struct fdt_uart_info u;
	uint32_t tri[3], len;
	const char *why = NULL, *m, *so, *ba;
	const void *p;
	uint64_t hz, a, s;
	size_t n, i;
	struct fdt f;
	int gic;

	CHECK(b.buf != NULL);
	if (!b.buf)
		return;
	CHECK_EQ_U64(fdt_open(&f, b.buf, b.size, &why), 0);
	CHECK_EQ_U64(fdt_cpus_parse(&f, cpus, 16, &n, &why), 0);
	CHECK_EQ_U64(n, 9);
	for (i = 0; i < n && i < 9; i++) {
		CHECK_EQ_U64(cpus[i].reg, regs[i]);
		CHECK(cpus[i].enabled);
		CHECK_EQ_U64(cpus[i].node, -1);
		CHECK(cpus[i].isa == NULL);
		CHECK(!cpus[i].has_zabha);
		if (i < 8) {
			CHECK_EQ_U64(cpus[i].socket, 0);
			CHECK_EQ_U64(cpus[i].cluster, i / 4);
			CHECK_EQ_U64(cpus[i].core, (i / 2) % 2);
			CHECK_EQ_U64(cpus[i].thread, i % 2);
			CHECK_STR(cpus[i].enable_method, "psci");
		}
	}
	CHECK_EQ_U64(cpus[8].socket, 1);
	CHECK_EQ_U64(cpus[8].cluster, 0);
	CHECK_EQ_U64(cpus[8].core, 0);
	CHECK_EQ_U64(cpus[8].thread, -1);
	CHECK_STR(cpus[8].enable_method, "spin-table");

	CHECK_EQ_U64(fdt_psci_method(&f, &m), 0);
	CHECK_STR(m, "hvc");
	CHECK_EQ_U64(fdt_timebase_hz(&f, &hz), FDT_ENOTFOUND);
	CHECK_EQ_U64(fdt_chosen(&f, &so, &ba), 0);
	CHECK_STR(so, "serial0:115200n8");
	CHECK_STR(ba, "sbm.layout=llc sbm.op=lse");
	CHECK_EQ_U64(fdt_uart_info(&f, NULL, &u, &why), 0);
	CHECK_EQ_U64(u.base, 0x9000000);
	CHECK_EQ_U64(u.size, 0x1000);
	CHECK_STR(u.compatible, "arm,pl011");
	CHECK_EQ_U64(u.baud, 115200);
	p = fdt_getprop(&f, u.node, "compatible", &len);
	CHECK(fdt_stringlist_contains(p, len, "arm,primecell"));
	CHECK(!fdt_stringlist_contains(p, len, "arm,pl01"));
	CHECK_EQ_U64(fdt_distance_map(&f, tri, 1, &n, &why), 0);
	CHECK_EQ_U64(n, 0);

	gic = fdt_node_by_compatible(&f, "arm,gic-v3");
	CHECK_STR(fdt_node_name(&f, gic), "intc@8000000");
	CHECK_EQ_U64(fdt_reg_address(&f, gic, 1, &a, &s, &why), 0);
	CHECK_EQ_U64(a, 0x80a0000);
	CHECK_EQ_U64(s, 0xf60000);
	CHECK_EQ_U64(fdt_reg_address(&f, gic, 2, &a, &s, &why), FDT_EINVAL);
	CHECK_STR(why, "reg too short");
	CHECK_EQ_U64(fdt_reg_address(&f, 0, 0, &a, &s, &why), FDT_EINVAL);
	CHECK(fdt_getprop(&f, node_at(&f, "/timer"), "always-on", &len));
	CHECK_EQ_U64(len, 0);
	exercise(&f);
	free(b.buf);
}

static void test_edge(void)
{
	struct blob b = load("edge.dtb");
	struct fdt_cpu cpus[16];
	struct fdt_cache caches[8];
	struct fdt_cache_hop hops[FDT_MAX_CACHE_HOPS];
	struct fdt_uart_info u;
	static const int32_t place[8][4] = {
		{ 0, 0, 0, 0 }, { 0, 0, 0, 1 }, { 0, 1, 0, 0 }, { 0, 1, 0, 1 },
		{ 1, 0, 0, -1 }, { 1, 0, 1, -1 }, { 1, 1, 0, -1 },
		{ -1, -1, -1, -1 },
	};
	static const bool enabled[8] = { 1, 0, 1, 1, 1, 1, 0, 1 };
	static const bool zabha[8] = { 1, 1, 0, 1, 0, 1, 0, 0 };
	const char *why = NULL, *so, *ba;
	const void *p;
	uint32_t len, l2;
	uint64_t v, hz, a;
	size_t n, nc, i;
	struct fdt f;
	int uart;

	CHECK(b.buf != NULL);
	if (!b.buf)
		return;
	CHECK_EQ_U64(fdt_open(&f, b.buf, b.size, &why), 0);

	/* Path rule: exact full name first, then a unique unit-less match. */
	CHECK_STR(marker(&f, "/foo"), "plain");
	CHECK_STR(marker(&f, "/foo@3"), "unit3");
	CHECK_EQ_U64(node_at(&f, "/bar"), FDT_EAMBIGUOUS);
	CHECK_STR(marker(&f, "/bar@2"), "bar2");
	CHECK_STR(marker(&f, "/baz"), "baz");
	CHECK_EQ_U64(node_at(&f, "/baz@1"), FDT_ENOTFOUND);
	uart = node_at(&f, "/soc/uart@7e201000");
	CHECK(uart > 0);
	CHECK_EQ_U64(node_at(&f, "//soc///uart@7e201000/"), uart);
	CHECK_EQ_U64(node_at(&f, "/soc/uart"), uart);
	CHECK_EQ_U64(node_at(&f, "soc/uart@7e201000"), uart);
	CHECK_EQ_U64(node_at(&f, "console"), uart);
	CHECK_EQ_U64(node_at(&f, "nosuch"), FDT_ENOTFOUND);
	CHECK_EQ_U64(node_at(&f, ""), FDT_EINVAL);
	CHECK_EQ_U64(node_at(&f, "/"), 0);
	CHECK_EQ_U64(fdt_path_offset_n(&f, "/foo@3xyz", 6),
		     node_at(&f, "/foo@3"));
	CHECK_EQ_U64(fdt_path_offset_n(&f, "consolexyz", 7), uart);

	/* Stringlists and cells. */
	p = fdt_getprop(&f, node_at(&f, "/baz"), "list", &len);
	CHECK(fdt_stringlist_contains(p, len, "two"));
	CHECK(fdt_stringlist_contains(p, len, "three"));
	CHECK(!fdt_stringlist_contains(p, len, "tw"));
	CHECK(!fdt_stringlist_contains(p, len, ""));
	CHECK(!fdt_stringlist_contains(p, len - 1, "three"));
	CHECK(!fdt_stringlist_contains(NULL, 0, "one"));
	p = fdt_getprop(&f, node_at(&f, "/baz"), "cells", &len);
	CHECK_EQ_U64(len, 16);
	CHECK_EQ_U64(fdt_read_cells(p, len, 0, 2, &v), 0);
	CHECK_EQ_U64(v, 0x100000002ull);
	CHECK_EQ_U64(fdt_read_cells(p, len, 1, 2, &v), 0);
	CHECK_EQ_U64(v, 0x300000004ull);
	CHECK_EQ_U64(fdt_read_cells(p, len, 2, 2, &v), FDT_EINVAL);
	CHECK_EQ_U64(fdt_read_cells(p, len, 3, 1, &v), 0);
	CHECK_EQ_U64(v, 4);
	CHECK_EQ_U64(fdt_read_cells(p, len, 4, 1, &v), FDT_EINVAL);
	CHECK_EQ_U64(fdt_read_cells(p, len, 0, 3, &v), FDT_EINVAL);
	CHECK_EQ_U64(fdt_read_cells(p, len, 0, 0, &v), FDT_EINVAL);
	CHECK_EQ_U64(fdt_read_cells(p, len, 0xffffffffu, 2, &v), FDT_EINVAL);
	CHECK_EQ_U64(fdt_getprop_u32(&f, 0, "#address-cells", &len), 0);
	CHECK_EQ_U64(len, 1);
	CHECK_EQ_U64(fdt_getprop_u32(&f, 0, "compatible", &len), FDT_EINVAL);
	CHECK_EQ_U64(fdt_getprop_u32(&f, 0, "nosuch", &len), FDT_ENOTFOUND);

	/* Console through an alias, bus ranges, options beat current-speed. */
	CHECK_EQ_U64(fdt_uart_info(&f, NULL, &u, &why), 0);
	CHECK_EQ_U64(u.node, uart);
	CHECK_EQ_U64(u.base, 0xfe201000);
	CHECK_EQ_U64(u.size, 0x40);
	CHECK_STR(u.compatible, "brcm,bcm2835-aux-uart");
	CHECK_EQ_U64(u.reg_shift, 2);
	CHECK_EQ_U64(u.reg_io_width, 4);
	CHECK_EQ_U64(u.clock_hz, 500000000);
	CHECK_EQ_U64(u.baud, 9600);
	CHECK_EQ_U64(fdt_uart_info(&f, "/soc/uart@7e201000", &u, &why), 0);
	CHECK_EQ_U64(u.baud, 115200);
	CHECK_EQ_U64(fdt_uart_info(&f, ":9600", &u, &why), FDT_EINVAL);
	CHECK_EQ_U64(fdt_uart_info(&f, "/soc/i2c/rtc@68", &u, &why),
		     FDT_ENOTFOUND);
	CHECK_STR(why, "bus without ranges");
	CHECK_EQ_U64(fdt_uart_info(&f, "/nosuch", &u, &why), FDT_ENOTFOUND);
	CHECK_EQ_U64(fdt_reg_address(&f, node_at(&f, "/soc/i2c"), 0, &a, NULL,
				     &why), 0);
	CHECK_EQ_U64(a, 0xfe804000);

	CHECK_EQ_U64(fdt_chosen(&f, &so, &ba), 0);
	CHECK_STR(so, "console:9600");
	CHECK_STR(ba, "");
	CHECK_EQ_U64(fdt_timebase_hz(&f, &hz), 0);
	CHECK_EQ_U64(hz, 25000000000ull);

	/* cpus: status values, ISA spellings, numa ids, cpu-map nesting. */
	CHECK_EQ_U64(fdt_cpus_parse(&f, cpus, 16, &n, &why), 0);
	CHECK_EQ_U64(n, 8);
	for (i = 0; i < n && i < 8; i++) {
		CHECK_EQ_U64(cpus[i].reg, i);
		CHECK_EQ_U64(cpus[i].enabled, enabled[i]);
		CHECK_EQ_U64(cpus[i].has_zabha, zabha[i]);
		CHECK_EQ_U64(cpus[i].socket, place[i][0]);
		CHECK_EQ_U64(cpus[i].cluster, place[i][1]);
		CHECK_EQ_U64(cpus[i].core, place[i][2]);
		CHECK_EQ_U64(cpus[i].thread, place[i][3]);
		CHECK_EQ_U64(cpus[i].node, i == 7 ? 3 : -1);
	}
	CHECK_STR(cpus[0].isa, "rv64i");
	CHECK_EQ_U64(cpus[0].isa_extensions_len, 12);
	CHECK(fdt_stringlist_contains(cpus[0].isa_extensions,
				      cpus[0].isa_extensions_len, "m"));
	/* cpu@0's chain is a cycle: LLC unknown, the rest still parsed. */
	CHECK(cpus[0].next_cache != 0);
	CHECK_EQ_U64(cpus[0].llc_phandle, 0);
	CHECK_EQ_U64(cpus[0].llc_level, -1);
	CHECK_EQ_U64(fdt_cache_chain(&f, cpus[0].fdt_node, hops,
				     FDT_MAX_CACHE_HOPS, &why), FDT_EBADBLOB);
	CHECK_STR(why, "next-level-cache cycle");
	l2 = fdt_get_phandle(&f, node_at(&f, "/cpus/l2"));
	CHECK(l2 != 0);
	CHECK_EQ_U64(cpus[1].llc_phandle, l2);
	CHECK_EQ_U64(cpus[1].llc_level, 2);
	CHECK_EQ_U64(cpus[2].llc_level, -1);
	CHECK_EQ_U64(fdt_caches_parse(&f, cpus, n, caches, 8, &nc, &why), 0);
	CHECK_EQ_U64(nc, 1);
	CHECK_EQ_U64(caches[0].phandle, l2);
	CHECK_EQ_U64(caches[0].level, 2);
	CHECK(caches[0].unified);
	CHECK_EQ_U64(caches[0].size, 0x40000);
	CHECK_EQ_U64(caches[0].ways, 0);

	/* ISA token rule. */
	CHECK(fdt_riscv_isa_has("rv64gc_zabha", 12, "zabha"));
	CHECK(fdt_riscv_isa_has("rv64gc_zabha_", 13, "ZABHA"));
	CHECK(fdt_riscv_isa_has("rv64gc__zabha", 13, "zabha"));
	CHECK(fdt_riscv_isa_has("rv64gczabha", 11, "zabha"));
	CHECK(fdt_riscv_isa_has("rv64gc_zabha2", 13, "zabha"));
	CHECK(fdt_riscv_isa_has("rv64gc_zabha2p1", 15, "zabha"));
	CHECK(fdt_riscv_isa_has("rv64gc_zicsr_zabha", 100, "zabha"));
	CHECK(!fdt_riscv_isa_has("rv64gc_zabha2p", 14, "zabha"));
	CHECK(!fdt_riscv_isa_has("rv64gc_zabhaz", 13, "zabha"));
	CHECK(!fdt_riscv_isa_has("rv64gc_szabha", 13, "zabha"));
	CHECK(!fdt_riscv_isa_has("rv64gc_zabha", 10, "zabha"));
	CHECK(!fdt_riscv_isa_has("rv64gc_zab", 10, "zabha"));
	CHECK(!fdt_riscv_isa_has("", 0, "zabha"));
	CHECK(!fdt_riscv_isa_has(NULL, 0, "zabha"));
	CHECK(!fdt_riscv_isa_has("rv64gc_zabha", 12, ""));
	exercise(&f);
	free(b.buf);
}

static void test_bad_semantics(void)
{
	struct blob b = load("bad-semantics.dtb");
	struct fdt_cpu cpus[4];
	struct fdt_uart_info u;
	uint32_t tri[3 * 4], l2;
	const char *why = NULL, *m;
	uint64_t hz;
	size_t n, i;
	struct fdt f;

	CHECK(b.buf != NULL);
	if (!b.buf)
		return;
	CHECK_EQ_U64(fdt_open(&f, b.buf, b.size, &why), 0);
	l2 = fdt_get_phandle(&f, node_at(&f, "/cpus/l2-cache"));
	CHECK_EQ_U64(fdt_cpus_parse(&f, cpus, 4, &n, &why), 0);
	CHECK_EQ_U64(n, 2);
	for (i = 0; i < n && i < 2; i++) {
		CHECK_EQ_U64(cpus[i].socket, -1);
		CHECK_EQ_U64(cpus[i].cluster, -1);
		CHECK_EQ_U64(cpus[i].core, -1);
		CHECK_EQ_U64(cpus[i].thread, -1);
		CHECK_EQ_U64(cpus[i].llc_phandle, l2);
		CHECK_EQ_U64(cpus[i].llc_level, 2);
	}
	CHECK_EQ_U64(fdt_cpu_map_parse(&f, cpus, n, &why), FDT_EINVAL);
	CHECK_STR(why, "cpu-map leaf references no cpu");
	CHECK_EQ_U64(cpus[0].core, -1);
	CHECK_EQ_U64(fdt_distance_map(&f, tri, 4, &n, &why), FDT_EINVAL);
	CHECK_STR(why, "distance-matrix length not a multiple of 12");
	CHECK_EQ_U64(fdt_psci_method(&f, &m), FDT_EINVAL);
	CHECK_EQ_U64(fdt_uart_info(&f, NULL, &u, &why), FDT_ENOTFOUND);
	CHECK_STR(why, "bus without ranges");
	CHECK_EQ_U64(fdt_timebase_hz(&f, &hz), FDT_EINVAL);
	exercise(&f);
	free(b.buf);
}

/* ---- malformed blobs derived from a good one --------------------------- */

/* Open a patched copy of `b` with `avail` bytes; return why or NULL. */
static const char *open_copy(const uint8_t *src, size_t size, size_t avail,
			     void (*patch)(uint8_t *, void *), void *arg,
			     int *ret)
{
	uint8_t *buf = dup_exact(src, size);
	uint8_t *view;
	const char *why = NULL;
	struct fdt f;

	if (patch)
		patch(buf, arg);
	/* A shorter avail gets its own exact buffer so ASan guards it. */
	view = dup_exact(buf, avail);
	*ret = fdt_open(&f, view, avail, &why);
	if (*ret == 0)
		exercise(&f);
	free(view);
	free(buf);
	return *ret ? why : NULL;
}

struct field_patch {
	size_t off;
	uint32_t val;
};

static void patch_field(uint8_t *buf, void *arg)
{
	const struct field_patch *p = arg;

	put32(buf, p->off, p->val);
}

static const char *with_field(const struct blob *b, size_t off, uint32_t val,
			      int *ret)
{
	struct field_patch p = { off, val };

	return open_copy(b->buf, b->size, b->size, patch_field, &p, ret);
}

static void test_malformed(void)
{
	struct blob b = load("riscv-virt-8hart.dtb");
	uint32_t total, ost, sst, ostr, sstr, first;
	const char *w;
	int ret;
	size_t avail;

	CHECK(b.buf != NULL);
	if (!b.buf)
		return;
	total = get32(b.buf, H_TOTAL);
	ost = get32(b.buf, H_STRUCT);
	sst = get32(b.buf, H_STRUCT_SIZE);
	ostr = get32(b.buf, H_STRINGS);
	sstr = get32(b.buf, H_STRINGS_SIZE);
	CHECK_EQ_U64(total, b.size);
	/* dtc layout: header, reserve map, struct, strings. */
	CHECK(ost < ostr && ost + sst <= ostr);

	w = open_copy(b.buf, b.size, b.size - 1, NULL, NULL, &ret);
	CHECK_STR(w, "totalsize exceeds buffer");
	w = open_copy(b.buf, b.size, 20, NULL, NULL, &ret);
	CHECK_STR(w, "buffer smaller than header");
	w = with_field(&b, H_TOTAL, ostr + sstr - 1, &ret);
	CHECK_STR(w, "strings block runs past totalsize");
	w = with_field(&b, H_TOTAL, ost + sst - 4, &ret);
	CHECK_STR(w, "struct block runs past totalsize");
	w = with_field(&b, H_TOTAL, 20, &ret);
	CHECK_STR(w, "totalsize smaller than header");
	w = with_field(&b, 0, 0xd00dfeef, &ret);
	CHECK_STR(w, "bad magic");
	w = with_field(&b, H_VERSION, 15, &ret);
	CHECK_STR(w, "version older than 16");
	w = with_field(&b, H_LAST_COMP, 18, &ret);
	CHECK_STR(w, "last_comp_version newer than 17");
	w = with_field(&b, H_STRUCT, total + 4, &ret);
	CHECK_STR(w, "struct block offset outside blob");
	w = with_field(&b, H_STRUCT, 8, &ret);
	CHECK_STR(w, "struct block offset outside blob");
	w = with_field(&b, H_STRUCT, ost + 2, &ret);
	CHECK_STR(w, "struct block misaligned");
	w = with_field(&b, H_STRUCT_SIZE, 0xfffffff0, &ret);
	CHECK_STR(w, "struct block runs past totalsize");
	w = with_field(&b, H_STRUCT_SIZE, sst + 8, &ret);
	CHECK_STR(w, "struct and strings blocks overlap");
	w = with_field(&b, H_STRINGS, 4, &ret);
	CHECK_STR(w, "strings block offset outside blob");
	w = with_field(&b, H_STRINGS_SIZE, sstr + 1, &ret);
	CHECK_STR(w, "strings block runs past totalsize");
	w = with_field(&b, H_RSV, total, &ret);
	CHECK_STR(w, "memory reserve map outside blob");
	/* Losing the last string's NUL leaves a property name unterminated. */
	w = with_field(&b, H_STRINGS_SIZE, sstr - 1, &ret);
	CHECK_STR(w, "property name not terminated");
	/* The struct block ends in END; without it the walk must stop. */
	w = with_field(&b, ost + sst - 4, 4, &ret);
	CHECK_STR(w, "missing END token");
	w = with_field(&b, ost + sst - 4, 2, &ret);
	CHECK_STR(w, "unbalanced END_NODE");
	w = with_field(&b, ost + sst - 8, 4, &ret);
	CHECK_STR(w, "END inside a node");
	w = with_field(&b, ost, 7, &ret);
	CHECK_STR(w, "unknown token");
	/* Shrinking size_dt_struct cuts the END token off. */
	w = with_field(&b, H_STRUCT_SIZE, sst - 4, &ret);
	CHECK_STR(w, "missing END token");

	/* The root's first property: BEGIN_NODE, "" padded, then PROP. */
	first = ost + 8;
	CHECK_EQ_U64(get32(b.buf, first), 3);
	w = with_field(&b, first + 4, sst, &ret);
	CHECK_STR(w, "property runs past struct block");
	w = with_field(&b, first + 4, 0xffffffff, &ret);
	CHECK_STR(w, "property runs past struct block");
	w = with_field(&b, first + 8, sstr, &ret);
	CHECK_STR(w, "property nameoff past strings block");
	w = with_field(&b, first + 8, 0xfffffffc, &ret);
	CHECK_STR(w, "property nameoff past strings block");

	/* Version 16: no size_dt_struct, derived from the strings offset. */
	{
		uint8_t *v16 = dup_exact(b.buf, b.size);
		struct fdt_cpu cpus[8];
		const char *why = NULL;
		struct fdt f;
		size_t n = 0;

		put32(v16, H_VERSION, 16);
		put32(v16, H_LAST_COMP, 16);
		put32(v16, H_STRUCT_SIZE, 0xdeadbeef);
		CHECK_EQ_U64(fdt_open(&f, v16, b.size, &why), 0);
		CHECK_EQ_U64(f.size_struct, ostr - ost);
		CHECK_EQ_U64(fdt_cpus_parse(&f, cpus, 8, &n, &why), 0);
		CHECK_EQ_U64(n, 8);
		free(v16);
	}

	/* Every shorter buffer is refused, none is read past. */
	for (avail = 0; avail < b.size; avail++) {
		w = open_copy(b.buf, b.size, avail, NULL, NULL, &ret);
		CHECK(ret != 0);
	}
	/* Every smaller totalsize either fails or still parses safely. */
	for (avail = 0; avail < b.size; avail += 3)
		with_field(&b, H_TOTAL, (uint32_t)avail, &ret);
	CHECK_EQ_U64(fdt_open(NULL, b.buf, b.size, &w), FDT_EINVAL);
	{
		struct fdt f;

		CHECK_EQ_U64(fdt_open(&f, NULL, 100, &w), FDT_EINVAL);
		CHECK_STR(w, "no blob");
	}
	CHECK_EQ_U64(fdt_peek_totalsize(b.buf, 4), 0);
	free(b.buf);
}

/* ---- hand-built structure blocks --------------------------------------- */

struct bld {
	uint8_t st[16384];
	size_t sl;
	char str[512];
	size_t strl;
};

static void b_u32(struct bld *b, uint32_t v)
{
	put32(b->st, b->sl, v);
	b->sl += 4;
}

static void b_bytes(struct bld *b, const void *p, size_t n, bool pad)
{
	memcpy(b->st + b->sl, p, n);
	b->sl += n;
	while (pad && (b->sl & 3))
		b->st[b->sl++] = 0;
}

static void b_begin(struct bld *b, const char *name)
{
	b_u32(b, 1);
	b_bytes(b, name, strlen(name) + 1, true);
}

static void b_prop(struct bld *b, const char *name, const void *v,
		   uint32_t len)
{
	size_t off = 0;

	/* Reuse an existing name so the strings block stays tiny. */
	while (off < b->strl && strcmp(b->str + off, name))
		off += strlen(b->str + off) + 1;
	if (off >= b->strl) {
		off = b->strl;
		memcpy(b->str + off, name, strlen(name) + 1);
		b->strl += strlen(name) + 1;
	}
	b_u32(b, 3);
	b_u32(b, len);
	b_u32(b, (uint32_t)off);
	b_bytes(b, v, len, true);
}

/* Header + empty reserve map + struct + strings, in an exact buffer. */
static uint8_t *b_finish(const struct bld *b, size_t *size)
{
	size_t ost = 40 + 16, ostr = ost + b->sl, total = ostr + b->strl;
	uint8_t *out = calloc(1, total);

	if (!out)
		exit(2);
	put32(out, 0, FDT_MAGIC);
	put32(out, H_TOTAL, (uint32_t)total);
	put32(out, H_STRUCT, (uint32_t)ost);
	put32(out, H_STRINGS, (uint32_t)ostr);
	put32(out, H_RSV, 40);
	put32(out, H_VERSION, 17);
	put32(out, H_LAST_COMP, 16);
	put32(out, H_STRINGS_SIZE, (uint32_t)b->strl);
	put32(out, H_STRUCT_SIZE, (uint32_t)b->sl);
	memcpy(out + ost, b->st, b->sl);
	memcpy(out + ostr, b->str, b->strl);
	*size = total;
	return out;
}

static int open_built(const struct bld *b, const char **why)
{
	struct fdt f;
	size_t size;
	uint8_t *blob = b_finish(b, &size);
	int ret = fdt_open(&f, blob, size, why);

	if (!ret)
		exercise(&f);
	free(blob);
	return ret;
}

static void test_built(void)
{
	static struct bld b;
	const char *why;
	int i;

	/* Minimal valid tree. */
	memset(&b, 0, sizeof(b));
	b_begin(&b, "");
	b_prop(&b, "compatible", "x", 2);
	b_u32(&b, 2);
	b_u32(&b, 9);
	why = NULL;
	CHECK_EQ_U64(open_built(&b, &why), 0);

	/* A node name running to the end of the struct block. */
	memset(&b, 0, sizeof(b));
	b_begin(&b, "");
	b_u32(&b, 1);
	b_bytes(&b, "abcdefgh", 8, false);
	CHECK_EQ_U64(open_built(&b, &why), FDT_EBADBLOB);
	CHECK_STR(why, "node name not terminated");

	/* No END token after the root closes. */
	memset(&b, 0, sizeof(b));
	b_begin(&b, "");
	b_u32(&b, 2);
	CHECK_EQ_U64(open_built(&b, &why), FDT_EBADBLOB);
	CHECK_STR(why, "missing END token");

	/* Property before any node, after a subnode, node after root. */
	memset(&b, 0, sizeof(b));
	b_prop(&b, "x", "", 0);
	b_begin(&b, "");
	b_u32(&b, 2);
	b_u32(&b, 9);
	CHECK_EQ_U64(open_built(&b, &why), FDT_EBADBLOB);
	CHECK_STR(why, "property outside a node");

	memset(&b, 0, sizeof(b));
	b_begin(&b, "");
	b_begin(&b, "child");
	b_u32(&b, 2);
	b_prop(&b, "late", "", 0);
	b_u32(&b, 2);
	b_u32(&b, 9);
	CHECK_EQ_U64(open_built(&b, &why), FDT_EBADBLOB);
	CHECK_STR(why, "property after a subnode");

	memset(&b, 0, sizeof(b));
	b_begin(&b, "");
	b_u32(&b, 2);
	b_begin(&b, "second");
	b_u32(&b, 2);
	b_u32(&b, 9);
	CHECK_EQ_U64(open_built(&b, &why), FDT_EBADBLOB);
	CHECK_STR(why, "node after the root node");

	memset(&b, 0, sizeof(b));
	b_u32(&b, 4);
	b_u32(&b, 9);
	CHECK_EQ_U64(open_built(&b, &why), FDT_EBADBLOB);
	CHECK_STR(why, "no root node");

	/* A property value ending exactly at the block end, no padding. */
	memset(&b, 0, sizeof(b));
	b_begin(&b, "");
	b_u32(&b, 3);
	b_u32(&b, 3);
	b_u32(&b, 0);
	b_bytes(&b, "ab", 3, false);
	memcpy(b.str, "p", 2);
	b.strl = 2;
	CHECK_EQ_U64(open_built(&b, &why), FDT_EBADBLOB);
	CHECK_STR(why, "token padding runs past struct block");

	/* Nesting: FDT_MAX_DEPTH levels open, one more is refused. */
	for (int depth = FDT_MAX_DEPTH; depth <= FDT_MAX_DEPTH + 1; depth++) {
		memset(&b, 0, sizeof(b));
		b_begin(&b, "");
		for (i = 1; i < depth; i++)
			b_begin(&b, "n");
		b_prop(&b, "deep", "yes", 4);
		for (i = 0; i < depth; i++)
			b_u32(&b, 2);
		b_u32(&b, 9);
		why = NULL;
		if (depth == FDT_MAX_DEPTH) {
			char path[2 * FDT_MAX_DEPTH + 1] = "";
			size_t size;
			uint8_t *blob = b_finish(&b, &size);
			struct fdt f;
			int node;

			CHECK_EQ_U64(fdt_open(&f, blob, size, &why), 0);
			for (i = 1; i < depth; i++)
				strcat(path, "/n");
			node = fdt_path_offset(&f, path);
			CHECK(node > 0);
			CHECK_STR(fdt_getprop_str(&f, node, "deep"), "yes");
			CHECK(fdt_parent_offset(&f, node) > 0);
			CHECK_EQ_U64(fdt_reg_address(&f, node, 0, NULL, NULL,
						     &why), FDT_ENOTFOUND);
			exercise(&f);
			free(blob);
		} else {
			CHECK_EQ_U64(open_built(&b, &why), FDT_EBADBLOB);
			CHECK_STR(why, "nesting too deep");
		}
	}

	/* An alias must hold an absolute path: no alias-to-alias loops. */
	memset(&b, 0, sizeof(b));
	b_begin(&b, "");
	b_begin(&b, "aliases");
	b_prop(&b, "loop", "loop", 5);
	b_prop(&b, "rel", "aliases", 8);
	b_prop(&b, "raw", "/aliases", 8);
	b_prop(&b, "ok", "/aliases", 9);
	b_u32(&b, 2);
	b_u32(&b, 2);
	b_u32(&b, 9);
	{
		size_t size;
		uint8_t *blob = b_finish(&b, &size);
		struct fdt f;
		int al;

		CHECK_EQ_U64(fdt_open(&f, blob, size, &why), 0);
		al = fdt_path_offset(&f, "/aliases");
		CHECK(al > 0);
		CHECK_EQ_U64(fdt_path_offset(&f, "loop"), FDT_ENOTFOUND);
		CHECK_EQ_U64(fdt_path_offset(&f, "rel"), FDT_ENOTFOUND);
		/* Not NUL-terminated within its length: ignored. */
		CHECK_EQ_U64(fdt_path_offset(&f, "raw"), FDT_ENOTFOUND);
		CHECK_EQ_U64(fdt_path_offset(&f, "ok"), al);
		CHECK_EQ_U64(fdt_path_offset(&f, "ok/"), al);
		free(blob);
	}

	/* NOPs anywhere are skipped. */
	memset(&b, 0, sizeof(b));
	b_u32(&b, 4);
	b_begin(&b, "");
	b_u32(&b, 4);
	b_prop(&b, "#address-cells", "\0\0\0\1", 4);
	b_u32(&b, 4);
	b_begin(&b, "cpus");
	b_prop(&b, "#address-cells", "\0\0\0\1", 4);
	b_u32(&b, 4);
	b_begin(&b, "cpu@5");
	b_prop(&b, "reg", "\0\0\0\5", 4);
	b_u32(&b, 4);
	b_u32(&b, 2);
	b_u32(&b, 4);
	b_u32(&b, 2);
	b_u32(&b, 2);
	b_u32(&b, 4);
	b_u32(&b, 9);
	{
		size_t size, n = 0;
		uint8_t *blob = b_finish(&b, &size);
		struct fdt_cpu cpus[2];
		struct fdt f;

		CHECK_EQ_U64(fdt_open(&f, blob, size, &why), 0);
		CHECK_EQ_U64(fdt_root(&f), 4);
		CHECK_EQ_U64(fdt_cpus_parse(&f, cpus, 2, &n, &why), 0);
		CHECK_EQ_U64(n, 1);
		CHECK_EQ_U64(cpus[0].reg, 5);
		CHECK(cpus[0].enabled);
		CHECK_EQ_U64(cpus[0].socket, -1);
		free(blob);
	}
}

/*
 * root { cpus { #address-cells; cpu@0 (phandle 1); cpu@1 (phandle 2);
 * cpu-map { <variant> } } }
 */
enum map_variant {
	MAP_BOTH, MAP_TWICE, MAP_DEEP, MAP_EMPTY_CORE, MAP_DUP_REG, MAP_NO_REG,
	MAP_CELLS3, MAP_NO_CPUS, MAP_SOCKET_CORE,
};

static void b_u32prop(struct bld *b, const char *name, uint32_t v)
{
	uint8_t be[4];

	put32(be, 0, v);
	b_prop(b, name, be, 4);
}

static void b_cpu(struct bld *b, const char *name, uint32_t reg,
		  uint32_t phandle, bool with_reg)
{
	b_begin(b, name);
	b_prop(b, "device_type", "cpu", 4);
	if (with_reg)
		b_u32prop(b, "reg", reg);
	b_u32prop(b, "phandle", phandle);
	b_u32(b, 2);
}

static int build_map(struct bld *b, enum map_variant v, struct fdt_cpu *cpus,
		     size_t *n, const char **why, const char **map_why)
{
	struct fdt f;
	size_t size;
	uint8_t *blob;
	int i, ret;

	memset(b, 0, sizeof(*b));
	b_begin(b, "");
	if (v != MAP_NO_CPUS) {
		b_begin(b, "cpus");
		b_u32prop(b, "#address-cells", v == MAP_CELLS3 ? 3 : 1);
		b_cpu(b, "cpu@0", 0, 1, v != MAP_NO_REG);
		b_cpu(b, "cpu@1", v == MAP_DUP_REG ? 0 : 1, 2, true);
		b_begin(b, "cpu-map");
		switch (v) {
		case MAP_BOTH:
			b_begin(b, "cluster0");
			b_begin(b, "core0");
			b_u32prop(b, "cpu", 1);
			b_begin(b, "thread0");
			b_u32prop(b, "cpu", 2);
			b_u32(b, 2);
			b_u32(b, 2);
			b_u32(b, 2);
			break;
		case MAP_TWICE:
			b_begin(b, "cluster0");
			b_begin(b, "core0");
			b_u32prop(b, "cpu", 1);
			b_u32(b, 2);
			b_begin(b, "core1");
			b_u32prop(b, "cpu", 1);
			b_u32(b, 2);
			b_u32(b, 2);
			break;
		case MAP_DEEP:
			for (i = 0; i < 20; i++)
				b_begin(b, "cluster0");
			b_begin(b, "core0");
			b_u32prop(b, "cpu", 1);
			b_u32(b, 2);
			for (i = 0; i < 20; i++)
				b_u32(b, 2);
			break;
		case MAP_EMPTY_CORE:
			b_begin(b, "cluster0");
			b_begin(b, "core0");
			b_u32(b, 2);
			b_u32(b, 2);
			break;
		case MAP_SOCKET_CORE:
			/* Cores straight under a socket: no cluster id. */
			b_begin(b, "socket3");
			b_begin(b, "core7");
			b_u32prop(b, "cpu", 2);
			b_u32(b, 2);
			b_begin(b, "cluster0");
			b_begin(b, "core0");
			b_u32prop(b, "cpu", 1);
			b_u32(b, 2);
			b_u32(b, 2);
			b_u32(b, 2);
			/* Names that are not cpu-map levels are skipped. */
			b_begin(b, "socket");
			b_u32(b, 2);
			b_begin(b, "socket12345678901");
			b_u32(b, 2);
			break;
		default:
			break;
		}
		b_u32(b, 2);	/* cpu-map */
		b_u32(b, 2);	/* cpus */
	}
	b_u32(b, 2);		/* root */
	b_u32(b, 9);
	blob = b_finish(b, &size);
	ret = fdt_open(&f, blob, size, why);
	CHECK_EQ_U64(ret, 0);
	*n = 0;
	if (!ret) {
		ret = fdt_cpus_parse(&f, cpus, 4, n, why);
		if (!ret)
			fdt_cpu_map_parse(&f, cpus, *n, map_why);
		/* A node offset in the middle of a token names nothing. */
		CHECK(fdt_node_name(&f, 2) == NULL);
		CHECK_EQ_U64(fdt_first_child(&f, 2), FDT_EBADBLOB);
		CHECK_EQ_U64(fdt_next_sibling(&f, 4), FDT_EBADBLOB);
		exercise(&f);
	}
	free(blob);
	return ret;
}

static void test_cpu_map_errors(void)
{
	static struct bld b;
	struct fdt_cpu cpus[4];
	const char *why, *mwhy;
	size_t n;

	mwhy = NULL;
	CHECK_EQ_U64(build_map(&b, MAP_BOTH, cpus, &n, &why, &mwhy), 0);
	CHECK_STR(mwhy, "cpu-map core has both cpu and threads");
	CHECK_EQ_U64(cpus[0].core, -1);
	CHECK_EQ_U64(cpus[1].core, -1);
	CHECK_EQ_U64(build_map(&b, MAP_TWICE, cpus, &n, &why, &mwhy), 0);
	CHECK_STR(mwhy, "cpu listed twice in cpu-map");
	CHECK_EQ_U64(cpus[0].core, -1);
	CHECK_EQ_U64(build_map(&b, MAP_DEEP, cpus, &n, &why, &mwhy), 0);
	CHECK_STR(mwhy, "cpu-map nested too deep");
	CHECK_EQ_U64(build_map(&b, MAP_EMPTY_CORE, cpus, &n, &why, &mwhy), 0);
	CHECK_STR(mwhy, "cpu-map leaf without a cpu phandle");
	mwhy = NULL;
	CHECK_EQ_U64(build_map(&b, MAP_SOCKET_CORE, cpus, &n, &why, &mwhy), 0);
	CHECK(mwhy == NULL);
	CHECK_EQ_U64(n, 2);
	CHECK_EQ_U64(cpus[0].socket, 3);
	CHECK_EQ_U64(cpus[0].cluster, 0);
	CHECK_EQ_U64(cpus[0].core, 0);
	CHECK_EQ_U64(cpus[1].socket, 3);
	CHECK_EQ_U64(cpus[1].cluster, -1);
	CHECK_EQ_U64(cpus[1].core, 7);
	CHECK_EQ_U64(build_map(&b, MAP_DUP_REG, cpus, &n, &why, &mwhy),
		     FDT_EINVAL);
	CHECK_STR(why, "duplicate cpu reg");
	CHECK_EQ_U64(build_map(&b, MAP_NO_REG, cpus, &n, &why, &mwhy),
		     FDT_EINVAL);
	CHECK_STR(why, "cpu node without a valid reg");
	CHECK_EQ_U64(build_map(&b, MAP_CELLS3, cpus, &n, &why, &mwhy),
		     FDT_EINVAL);
	CHECK_STR(why, "/cpus #address-cells not 1 or 2");
	CHECK_EQ_U64(build_map(&b, MAP_NO_CPUS, cpus, &n, &why, &mwhy),
		     FDT_ENOTFOUND);
	CHECK_STR(why, "no /cpus node");
}

/* ---- byte flips ------------------------------------------------------- */

static unsigned flips_opened;

static void flip_all(const char *name)
{
	static const uint8_t masks[] = { 0x01, 0x80, 0xff };
	struct blob b = load(name);
	size_t pos, m;

	CHECK(b.buf != NULL);
	if (!b.buf)
		return;
	for (pos = 0; pos < b.size; pos++) {
		for (m = 0; m < sizeof(masks); m++) {
			uint8_t *buf = dup_exact(b.buf, b.size);
			struct fdt f;

			buf[pos] ^= masks[m];
			if (!fdt_open(&f, buf, b.size, NULL)) {
				flips_opened++;
				exercise(&f);
			}
			free(buf);
		}
	}
	free(b.buf);
}

static void random_flips(const char *name, unsigned rounds)
{
	struct blob b = load(name);
	uint64_t x = 0x9e3779b97f4a7c15ull;
	unsigned r, k;

	CHECK(b.buf != NULL);
	if (!b.buf)
		return;
	for (r = 0; r < rounds; r++) {
		uint8_t *buf = dup_exact(b.buf, b.size);
		struct fdt f;

		for (k = 0; k < 4; k++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			buf[(x >> 8) % b.size] ^= (uint8_t)(x | 1);
		}
		if (!fdt_open(&f, buf, b.size, NULL)) {
			flips_opened++;
			exercise(&f);
		}
		free(buf);
	}
	free(b.buf);
}

/* The console's driver from its compatible list and properties. */
static void test_uart_kinds(void)
{
	struct blob b = load("uart-kinds.dtb");
	struct fdt_uart_driver d;
	struct fdt_uart_info u;
	const char *why = NULL;
	struct fdt f;

	CHECK(b.buf != NULL);
	if (!b.buf)
		return;
	CHECK_EQ_U64(fdt_open(&f, b.buf, b.size, &why), 0);
	/* stdout-path: a DesignWare UART behind a vendor string */
	CHECK_EQ_U64(fdt_uart_info(&f, NULL, &u, &why), 0);
	CHECK_EQ_U64(u.base, 0xfe660000);
	CHECK_EQ_U64(u.baud, 1500000);
	CHECK_EQ_U64(u.clock_hz, 24000000);
	CHECK_EQ_U64(fdt_uart_driver(&u, &d, &why), 0);
	CHECK_EQ_U64(d.kind, FDT_UART_16550);
	CHECK(d.width == 4 && d.stride == 4 && !d.mini_uart);
	CHECK_EQ_U64(fdt_uart_info(&f, "/serial@9000000", &u, &why), 0);
	CHECK_EQ_U64(fdt_uart_driver(&u, &d, &why), 0);
	CHECK_EQ_U64(d.kind, FDT_UART_PL011);
	CHECK(d.pl011_id && d.width == 4);
	CHECK_EQ_U64(u.baud, 0);	/* none stated: as configured */
	CHECK_EQ_U64(fdt_uart_info(&f, "/serial@9010000", &u, &why), 0);
	CHECK_EQ_U64(fdt_uart_driver(&u, &d, &why), 0);
	CHECK_EQ_U64(d.kind, FDT_UART_PL011);
	CHECK(!d.pl011_id);		/* SBSA: no ID registers promised */
	CHECK_EQ_U64(u.baud, 115200);
	/* ns16550a without reg-shift/reg-io-width: bytes a byte apart */
	CHECK_EQ_U64(fdt_uart_info(&f, "/serial@10000000", &u, &why), 0);
	CHECK_EQ_U64(fdt_uart_driver(&u, &d, &why), 0);
	CHECK_EQ_U64(d.kind, FDT_UART_16550);
	CHECK(d.width == 1 && d.stride == 1);
	/* the mini-UART: 32-bit registers 4 apart, no properties needed */
	CHECK_EQ_U64(fdt_uart_info(&f, "/serial@fe215040", &u, &why), 0);
	CHECK_EQ_U64(fdt_uart_driver(&u, &d, &why), 0);
	CHECK_EQ_U64(d.kind, FDT_UART_16550);
	CHECK(d.mini_uart && d.width == 4 && d.stride == 4);
	/* refused, each with its reason */
	CHECK_EQ_U64(fdt_uart_info(&f, "/serial@30860000", &u, &why), 0);
	CHECK_EQ_U64(fdt_uart_driver(&u, &d, &why), FDT_ENOTFOUND);
	CHECK_STR(why, "console uart of a kind without a driver here");
	CHECK_EQ_U64(fdt_uart_info(&f, "/serial@1000", &u, &why), 0);
	CHECK_EQ_U64(fdt_uart_driver(&u, &d, &why), FDT_EINVAL);
	CHECK_STR(why, "uart reg-io-width not 1, 2 or 4");
	CHECK_EQ_U64(fdt_uart_info(&f, "/serial@2000", &u, &why), 0);
	CHECK_EQ_U64(fdt_uart_driver(&u, &d, &why), FDT_EINVAL);
	CHECK_STR(why, "uart reg-shift above 2 or below its reg-io-width");
	CHECK_EQ_U64(fdt_uart_info(&f, "/serial@3000", &u, &why), 0);
	CHECK_EQ_U64(fdt_uart_driver(&u, &d, &why), FDT_EINVAL);
	free(b.buf);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s FIXTURE_DIR\n", argv[0]);
		return 2;
	}
	fixture_dir = argv[1];

	test_riscv_virt();
	test_qemu_numa();
	test_qemu_smp4();
	test_caches();
	test_arm64();
	test_edge();
	test_uart_kinds();
	test_bad_semantics();
	test_malformed();
	test_built();
	test_cpu_map_errors();

	flip_all("arm64-virt.dtb");
	flip_all("edge.dtb");
	flip_all("bad-semantics.dtb");
	random_flips("cache-l2-l3.dtb", 2000);
	random_flips("qemu-riscv-virt-smp8-numa.dtb", 500);
	/* Most flips land in values and names, so many blobs still open. */
	CHECK(flips_opened > 1000);
	return check_done("test_fdt");
}
