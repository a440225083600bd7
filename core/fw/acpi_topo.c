/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>

#include "fw/acpi_topo.h"

int acpi_topo_init(struct acpi_topo *a, struct topo *t, bool gicc,
		   void (*table_warn)(const char *, const char *),
		   acpi_warn_fn entry_warn)
{
	memset(a, 0, sizeof(*a));
	a->topo = t;
	a->gicc = gicc;
	a->table_warn = table_warn;
	a->entry_warn = entry_warn;
	a->uids = calloc(TOPO_MAX_CPUS, sizeof(*a->uids));
	return a->uids ? 0 : -1;
}

void acpi_topo_free(struct acpi_topo *a)
{
	free(a->uids);
	free(a->slit);
	free(a->mem);
	a->uids = NULL;
	a->slit = NULL;
	a->mem = NULL;
	a->slit_n = a->nmem = 0;
}

static void refuse(const struct acpi_topo *a, const char *sig,
		   const char *why)
{
	if (a->table_warn)
		a->table_warn(sig, why);
}

/* Usable CPUs first, then the online-capable slots (out of every count):
 * uids[] stays in step with the topology's order. */
int acpi_topo_madt(struct acpi_topo *a, const void *tbl, size_t len,
		   bool have_bsp, uint64_t bsp, struct acpi_madt_info *info)
{
	struct acpi_madt_cpu *c = calloc(TOPO_MAX_CPUS, sizeof(*c));
	const char *why;
	size_t n = 0;

	if (!c)
		return -1;
	if (acpi_madt_parse(tbl, len, c, TOPO_MAX_CPUS, &n, info,
			    a->entry_warn, NULL, &why)) {
		refuse(a, "APIC", why);
		free(c);
		return -1;
	}
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++) {
			bool gicc = c[i].kind == ACPI_MADT_GICC;
			uint64_t hwid = gicc ? c[i].mpidr & ACPI_TOPO_MPIDR_AFF :
					c[i].id;
			uint32_t flags = 0;
			int k;

			if (gicc != a->gicc)
				continue;
			if (have_bsp ? hwid == bsp :
			    (c[i].flags & ACPI_CPU_ENABLED)) {
				flags |= TOPO_CPU_BSP;
				have_bsp = true;
				bsp = hwid;
			} else if (!(c[i].flags & ACPI_CPU_ENABLED)) {
				flags |= TOPO_CPU_DISABLED;
			}
			if (pass != !!(flags & TOPO_CPU_DISABLED))
				continue;
			k = topo_add_cpu(a->topo, hwid, flags);
			if (k >= 0)
				a->uids[k] = c[i].uid;
		}
	free(c);
	return 0;
}

/* The CPU an SRAT entry names: APIC id, or on arm64 the processor UID. */
static int srat_cpu(const struct acpi_topo *a, const struct acpi_srat_cpu *c)
{
	const struct topo *t = a->topo;

	if (!a->gicc)
		return c->kind == ACPI_SRAT_GICC ? -1 :
		       topo_find_hwid(t, c->apic_id);
	if (c->kind != ACPI_SRAT_GICC)
		return -1;
	for (uint32_t k = 0; k < t->ncpus; k++)
		if (a->uids[k] == c->apic_id)
			return (int)k;
	return -1;
}

int acpi_topo_srat(struct acpi_topo *a, const void *tbl, size_t len,
		   bool keep_mem)
{
	struct acpi_srat_cpu *c = calloc(TOPO_MAX_CPUS, sizeof(*c));
	struct acpi_srat_mem *mem = keep_mem ?
		calloc(ACPI_TOPO_MAX_MEM, sizeof(*mem)) : NULL;
	struct topo *t = a->topo;
	uint32_t found = 0, placed = 0;
	const char *why;
	size_t n = 0, nm = 0;

	if (!c || (keep_mem && !mem)) {
		free(c);
		free(mem);
		return -1;
	}
	if (acpi_srat_parse(tbl, len, c, TOPO_MAX_CPUS, &n, mem,
			    mem ? ACPI_TOPO_MAX_MEM : 0, &nm, a->entry_warn,
			    NULL, &why)) {
		refuse(a, "SRAT", why);
		free(c);
		free(mem);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		int k = srat_cpu(a, &c[i]);

		if (k >= 0 && t->cpus[k].raw_node == TOPO_NONE) {
			t->cpus[k].raw_node = c[i].domain;
			/* hot-plug slots are placed, not counted */
			found += topo_cpu_usable(&t->cpus[k]);
			placed++;
		}
	}
	free(c);
	if (placed && found != topo_usable_count(t)) {
		for (uint32_t i = 0; i < t->ncpus; i++)
			t->cpus[i].raw_node = TOPO_NONE;
		refuse(a, "SRAT", "does not place every CPU");
		found = 0;
	}
	if (!found) {
		free(mem);
		return 0;
	}
	t->node_source = "srat";
	/* memory by domain only where CPUs are by domain too */
	if (mem) {
		free(a->mem);
		a->mem = mem;
		a->nmem = nm < ACPI_TOPO_MAX_MEM ? nm : ACPI_TOPO_MAX_MEM;
	}
	return (int)found;
}

int acpi_topo_slit(struct acpi_topo *a, const void *tbl, size_t len)
{
	uint8_t *d = malloc(TOPO_MAX_NODES * TOPO_MAX_NODES);
	const char *why;
	size_t n = 0;

	if (!d)
		return -1;
	if (acpi_slit_parse(tbl, len, d, TOPO_MAX_NODES, &n, &why)) {
		refuse(a, "SLIT", why);
		free(d);
		return -1;
	}
	free(a->slit);
	a->slit = d;
	a->slit_n = n;
	return 0;
}

void acpi_topo_distances(const struct acpi_topo *a, struct topo *t)
{
	for (size_t i = 0; a->slit && i < a->slit_n; i++)
		for (size_t j = 0; j < a->slit_n; j++)
			topo_set_distance(t, (uint32_t)i, (uint32_t)j,
					  a->slit[i * a->slit_n + j]);
}
