/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ACPI tables the arm64 image reads: MADT GICC (CPUs by MPIDR), PPTT
 * (package, cluster, core, thread; caches when it has them), SRAT GICC
 * affinity (node per ACPI processor UID), SLIT, FADT (PSCI conduit), SPCR
 * (PL011).  Without PPTT caches the LLC is inferred: one per PPTT cluster.
 */
#include <stdlib.h>
#include <string.h>

#include "acpi.h"
#include "acpi_madt.h"
#include "acpi_numa.h"
#include "acpi_platform.h"
#include "acpi_pptt.h"
#include "arm64.h"
#include "efi_acpi.h"
#include "report.h"

#define MAX_PPTT_CACHES	16

static struct topo *topo_of;
static uint32_t *uids;		/* ACPI processor UID per logical CPU */
static const void *pptt;
static size_t pptt_len;
static bool pptt_caches;

static void do_madt(const void *t, size_t len, uint64_t bsp)
{
	struct acpi_madt_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	struct topo *topo = topo_of;
	const char *why;
	size_t n = 0;

	if (!cpus)
		return;
	if (acpi_madt_parse(t, len, cpus, TOPO_MAX_CPUS, &n, NULL,
			    efi_acpi_entry_warn, NULL, &why)) {
		efi_acpi_warn("APIC", why);
		n = 0;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t hwid = cpus[i].mpidr & MPIDR_AFF_MASK;
		uint32_t flags = 0;
		int k;

		if (cpus[i].kind != ACPI_MADT_GICC)
			continue;
		if (hwid == bsp)
			flags |= TOPO_CPU_BSP;
		else if (!(cpus[i].flags & ACPI_CPU_ENABLED))
			flags |= TOPO_CPU_DISABLED;	/* online capable only */
		k = topo_add_cpu(topo, hwid, flags);
		if (k >= 0)
			uids[k] = cpus[i].uid;
	}
	free(cpus);
}

/* Package, cluster, core of each CPU from its PPTT chain. */
static void do_pptt(void)
{
	struct topo *topo = topo_of;
	struct acpi_pptt_node chain[ACPI_PPTT_MAX_DEPTH];
	struct acpi_pptt_cache c[MAX_PPTT_CACHES];
	bool any_cluster = false;
	const char *why;

	for (uint32_t i = 0; i < topo->ncpus; i++) {
		size_t n = 0, nc = 0, core, pkg;

		if (acpi_pptt_cpu_chain(pptt, pptt_len, uids[i], chain,
					ACPI_PPTT_MAX_DEPTH, &n, &why) || !n) {
			efi_acpi_warn("PPTT", n ? why : "a CPU is missing");
			goto drop;
		}
		core = chain[0].flags & ACPI_PPTT_THREAD && n > 1 ? 1 : 0;
		for (pkg = core; pkg + 1 < n; pkg++)
			if (chain[pkg].flags & ACPI_PPTT_PACKAGE)
				break;
		topo->cpus[i].raw_core = chain[core].offset;
		topo->cpus[i].raw_package = chain[pkg].offset;
		/* The node just below the package, when it is not the core. */
		if (pkg > core + 1) {
			topo->cpus[i].raw_llc = chain[pkg - 1].offset;
			any_cluster = true;
		}
		/* A cache structure names its sharers: it wins over clusters. */
		if (!acpi_pptt_caches(pptt, pptt_len, uids[i], c,
				      MAX_PPTT_CACHES, &nc, &why) && nc) {
			size_t best = 0;

			for (size_t k = 1; k < nc; k++)
				if (c[k].level > c[best].level &&
				    c[k].type != ACPI_CACHE_INSTRUCTION)
					best = k;
			topo->cpus[i].raw_llc = c[best].node;
			pptt_caches = true;
		}
	}
	if (pptt_caches)
		topo->llc_source = "pptt-cache";
	else if (any_cluster)
		topo->llc_source = "inferred-pptt-cluster";
	return;
drop:
	/* Half a PPTT is none: topo_finalize() would refuse the mix. */
	for (uint32_t i = 0; i < topo->ncpus; i++)
		topo->cpus[i].raw_core = topo->cpus[i].raw_package =
			topo->cpus[i].raw_llc = TOPO_NONE;
	pptt = NULL;
}

/* GICC affinity is keyed by ACPI processor UID, not MPIDR. */
static int srat_cpu(const struct topo *t, const struct acpi_srat_cpu *c)
{
	if (c->kind != ACPI_SRAT_GICC)
		return -1;
	for (uint32_t k = 0; k < t->ncpus; k++)
		if (uids[k] == c->apic_id)
			return (int)k;
	return -1;
}

static void do_fadt(const void *t, size_t len)
{
	struct acpi_fadt_info f;
	const char *why;

	if (acpi_fadt_parse(t, len, &f, &why)) {
		efi_acpi_warn("FACP", why);
		return;
	}
	if (f.arm_boot_arch & ACPI_ARM_PSCI_COMPLIANT)
		psci_conduit = f.arm_boot_arch & ACPI_ARM_PSCI_USE_HVC ?
			       PSCI_HVC : PSCI_SMC;
}

static void do_spcr(const void *t, size_t len, struct arm64_fw *fw)
{
	struct acpi_spcr_info s;
	struct acpi_spcr_uart u;
	const char *why;

	if (acpi_spcr_parse(t, len, &s, &why) ||
	    acpi_spcr_uart(&s, &u, &why)) {
		efi_acpi_warn("SPCR", why);
		return;
	}
	if (u.io) {
		efi_acpi_warn("SPCR", "a uart on i/o ports, which arm64 has not");
		return;
	}
	fw->uart = u.base;
	fw->uart_source = "spcr";
	fw->uart_16550 = u.kind == ACPI_UART_16550;
	fw->uart_pl011_id = u.type == ACPI_SPCR_PL011;
	fw->uart_width = u.width;
	fw->uart_stride = u.stride;
	fw->uart_clock_hz = u.clock_hz;
	fw->uart_baud = u.baud;
}

int arm64_acpi_topo(struct topo *topo, uint64_t rsdp, uint64_t bsp_mpidr,
		  struct arm64_fw *fw)
{
	struct efi_acpi *a = malloc(sizeof(*a));
	const void *t;
	size_t len;

	topo_of = topo;
	uids = calloc(TOPO_MAX_CPUS, sizeof(*uids));
	if (!a || !uids || efi_acpi_scan(rsdp, a)) {
		free(a);
		return -1;
	}
	fw->tables = "acpi";
	/* QEMU's ACPI tables say "BOCHS " (its BIOS heritage). */
	fw->qemu = !strncmp(a->oem_id, "BOCHS", 5);
	if ((t = efi_acpi_find(a, "SPCR", &len)))
		do_spcr(t, len, fw);
	if ((t = efi_acpi_find(a, "FACP", &len)))
		do_fadt(t, len);
	if ((t = efi_acpi_find(a, "APIC", &len)))
		do_madt(t, len, bsp_mpidr);
	if (topo->ncpus && (pptt = efi_acpi_find(a, "PPTT", &pptt_len)))
		do_pptt();
	if ((t = efi_acpi_find(a, "SRAT", &len)) && topo->ncpus)
		efi_numa_srat(topo, t, len, srat_cpu);
	if ((t = efi_acpi_find(a, "SLIT", &len)))
		efi_numa_slit(t, len);
	efi_acpi_bmc_warn(a);
	free(a);
	return 0;
}

/* Caches from PPTT where it describes them: sharers from their nodes. */
static bool pptt_add_caches(struct topo *t)
{
	struct acpi_pptt_cache c[MAX_PPTT_CACHES], o[MAX_PPTT_CACHES];
	size_t nc = 0;
	uint32_t bsp = 0;

	if (!pptt || !pptt_caches)
		return false;
	for (uint32_t i = 0; i < t->ncpus; i++)
		if (t->cpus[i].flags & TOPO_CPU_BSP)
			bsp = i;
	if (acpi_pptt_caches(pptt, pptt_len, uids[bsp], c, MAX_PPTT_CACHES,
			     &nc, NULL))
		return false;
	for (size_t k = 0; k < nc; k++) {
		uint32_t have = 0, shared = 0, inst;
		struct topo_cache tc;

		/* Sharers: CPUs reaching the boot CPU's structure; instances
		 * assume equal groups, as the report's model does. */
		for (uint32_t i = 0; i < t->ncpus; i++) {
			size_t no = 0, j;

			if (acpi_pptt_caches(pptt, pptt_len, uids[i], o,
					     MAX_PPTT_CACHES, &no, NULL))
				continue;
			for (j = 0; j < no; j++)
				if (o[j].level == c[k].level &&
				    o[j].type == c[k].type)
					break;
			if (j == no)
				continue;
			have++;
			shared += o[j].offset == c[k].offset;
		}
		inst = shared ? (have + shared - 1) / shared : 0;
		tc = (struct topo_cache){
			.level = c[k].level,
			.type = c[k].type == ACPI_CACHE_INSTRUCTION ? CACHE_INST :
				c[k].type == ACPI_CACHE_DATA ? CACHE_DATA :
				CACHE_UNIFIED,
			.size = c[k].size, .line = c[k].line_size,
			.ways = c[k].ways, .sets = c[k].sets,
			.shared_by = shared, .instances = inst,
		};
		topo_add_cache(t, &tc);
	}
	return nc > 0;
}

void arm64_acpi_after(struct topo *t)
{
	efi_numa_apply_distances(t);
	if (!pptt_add_caches(t))
		arm64_add_clidr_caches(t);
}
