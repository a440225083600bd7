/* SPDX-License-Identifier: BSD-2-Clause */
/* The topology model from device trees: QEMU's riscv virt dump and a tree
 * with a cache hierarchy. */
#include "check.h"
#include "fw/fdt_topo.h"

static struct topo_cpu cpus[TOPO_MAX_CPUS];

static void *load(const char *dir, const char *name, size_t *len)
{
	char path[512];
	FILE *f;
	void *buf = malloc(1 << 20);

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f || !buf) {
		fprintf(stderr, "cannot read %s\n", path);
		exit(2);
	}
	*len = fread(buf, 1, 1 << 20, f);
	fclose(f);
	return buf;
}

static void qemu_numa(const char *dir)
{
	struct fdt_topo_info info;
	struct topo t;
	struct fdt f;
	const char *why = "";
	size_t len;
	void *blob = load(dir, "qemu-riscv-virt-smp8-numa.dtb", &len);

	CHECK(fdt_open(&f, blob, len, &why) == 0);
	topo_init(&t, cpus);
	/* boot hart 5, as OpenSBI may pick any */
	CHECK(fdt_topo_cpus(&f, &t, 5, ~0ull, &info, &why) == 0);
	CHECK(topo_finalize(&t, &why) == 0);
	fdt_topo_distances(&f, &t);
	CHECK_EQ_U64(t.ncpus, 8);
	CHECK_EQ_U64(t.nnodes, 2);
	CHECK_EQ_U64(t.nllcs, 2);	/* one per cpu-map cluster */
	CHECK_STR(t.llc_source, "inferred-cpu-map-cluster");
	CHECK_STR(t.node_source, "dt-numa-node-id");
	CHECK(t.cpus[5].flags & TOPO_CPU_BSP);
	CHECK_EQ_U64(t.cpus[3].llc, t.cpus[0].llc);
	CHECK(t.cpus[4].llc != t.cpus[0].llc);
	CHECK_EQ_U64(topo_distance(&t, 0, 1), 20);
	CHECK_EQ_U64(topo_distance(&t, 1, 0), 20);
	CHECK_EQ_U64(topo_distance(&t, 1, 1), 10);
	CHECK(!info.truncated);
	/* a boot hart the DT does not list is refused */
	topo_init(&t, cpus);
	CHECK(fdt_topo_cpus(&f, &t, 99, ~0ull, &info, &why) == -1);
	free(blob);
}

static void cache_tree(const char *dir)
{
	struct fdt_topo_info info;
	struct topo t;
	struct fdt f;
	const char *why = "";
	size_t len;
	void *blob = load(dir, "cache-l2-l3.dtb", &len);
	bool l3 = false;

	CHECK(fdt_open(&f, blob, len, &why) == 0);
	topo_init(&t, cpus);
	CHECK(fdt_topo_cpus(&f, &t, 0x10, ~0ull, &info, &why) == 0);
	CHECK(topo_finalize(&t, &why) == 0);
	CHECK_EQ_U64(t.ncpus, 8);
	CHECK_EQ_U64(t.nllcs, 1);	/* the shared L3, not the clusters */
	CHECK_STR(t.llc_source, "dt-next-level-cache");
	for (uint32_t k = 0; k < t.ncaches; k++)
		if (t.caches[k].level == 3) {
			l3 = true;
			CHECK_EQ_U64(t.caches[k].shared_by, 8);
			CHECK_EQ_U64(t.caches[k].instances, 1);
		}
	CHECK(l3);
	free(blob);
}

/* A SiFive monitor core (no S-mode) is listed but never started, and its
 * 16 KiB i-cache is not taken for the application cores' L1. */
static void sifive_monitor_core(const char *dir)
{
	struct fdt_topo_info info;
	struct topo t;
	struct fdt f;
	const char *why = "";
	size_t len;
	void *blob = load(dir, "sifive-s7-u74.dtb", &len);

	CHECK(fdt_open(&f, blob, len, &why) == 0);
	topo_init(&t, cpus);
	CHECK(fdt_topo_cpus(&f, &t, 1, ~0ull, &info, &why) == 0);
	CHECK(topo_finalize(&t, &why) == 0);
	/* the S7 monitor hart (no S-mode) is listed, behind the others */
	CHECK_EQ_U64(t.ncpus, 4);
	CHECK_EQ_U64(t.ndisabled, 1);
	CHECK_EQ_U64(topo_usable_count(&t), 4);
	CHECK_EQ_U64(topo_find_hwid(&t, 0), 4);
	CHECK(t.cpus[topo_find_hwid(&t, 0)].flags & TOPO_CPU_DISABLED);
	for (uint32_t k = 0; k < t.ncaches; k++) {
		CHECK(t.caches[k].size != 0x4000);
		if (t.caches[k].level == 2)
			CHECK_EQ_U64(t.caches[k].shared_by, 4);
	}
	CHECK(t.ncaches >= 3);
	free(blob);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_fdt_topo FIXTURE-DIR\n");
		return 2;
	}
	qemu_numa(argv[1]);
	cache_tree(argv[1]);
	sifive_monitor_core(argv[1]);
	return check_done("test_fdt_topo");
}
