/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The tables into the image's view, in the image's order (see
 * arch/x86/acpi_topo.c, arch/arm64/acpi_topo.c, arch/efi/efi_numa.c):
 * MADT makes the CPUs, PPTT (arm64) places them in packages, clusters
 * and cores, SRAT in nodes, SLIT gives the distances; FADT, SPCR and
 * SPMI say what the image would do about timers, console and BMC.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fw/acpi.h"
#include "fw/acpi_madt.h"
#include "fw/acpi_numa.h"
#include "output/report.h"
#include "pf_cpuid.h"
#include "pf_decode.h"

#define MPIDR_AFF	0xff00ffffffull	/* Aff3..Aff0, as the arm64 image */
#define SRAT_MAX_MEM	256

/* "SIG: msg; table skipped", as the image's arch/efi/efi_acpi.c says it */
static void table_warn(const char *sig, const char *msg)
{
	char buf[96];

	snprintf(buf, sizeof(buf), "%s: %s; table skipped", sig, msg);
	report_warn("acpi", 0, buf);
}

static void entry_warn(void *arg, const char *table, const char *msg)
{
	char buf[96];

	(void)arg;
	snprintf(buf, sizeof(buf), "%s: %s", table, msg);
	report_warn("acpi", 0, buf);
}

/* The first table of @sig that passes the header checks, as the image
 * looks tables up (a bad one is reported and the next tried). */
static const struct acpi_dump_table *table(const struct acpi_dump *d,
					   const char *sig)
{
	const struct acpi_dump_table *t;
	const char *why;

	for (unsigned k = 0; (t = acpi_dump_find(d, sig, k)); k++) {
		if (!acpi_table_check(t->data, t->len, sig, &why))
			return t;
		table_warn(sig, why);
	}
	return NULL;
}

/* CPUs from the MADT: usable ones first, then online-capable slots. */
static void do_madt(const struct acpi_dump_table *tb, struct pf_view *v,
		    bool live, uint64_t bsp)
{
	struct acpi_madt_cpu *c = calloc(TOPO_MAX_CPUS, sizeof(*c));
	const char *why;
	size_t n = 0;
	bool have_bsp = false;

	if (!c)
		return;
	if (acpi_madt_parse(tb->data, tb->len, c, TOPO_MAX_CPUS, &n, NULL,
			    entry_warn, NULL, &why)) {
		table_warn("APIC", why);
		free(c);
		return;
	}
	v->madt = true;
	for (size_t i = 0; i < n && !v->arch; i++)
		v->arch = c[i].kind == ACPI_MADT_GICC ? "arm64" : "x86_64";
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++) {
			bool gicc = c[i].kind == ACPI_MADT_GICC;
			uint64_t hwid = gicc ? c[i].mpidr & MPIDR_AFF : c[i].id;
			uint32_t flags = 0;
			int k;

			if (gicc != !strcmp(v->arch, "arm64"))
				continue;
			/* Linux's CPU 0 (live, x86: the one CPUID ran on),
			 * else the first enabled entry boots */
			if ((live && hwid == bsp) ||
			    (!live && !have_bsp &&
			     (c[i].flags & ACPI_CPU_ENABLED)))
				flags |= TOPO_CPU_BSP, have_bsp = true;
			else if (!(c[i].flags & ACPI_CPU_ENABLED))
				flags |= TOPO_CPU_DISABLED;
			if (pass != !!(flags & TOPO_CPU_DISABLED))
				continue;
			k = topo_add_cpu(&v->topo, hwid, flags);
			if (k >= 0)
				v->uids[k] = c[i].uid;
		}
	free(c);
}

static void do_pptt(const struct acpi_dump_table *tb, struct pf_view *v)
{
	const char *why;
	char msg[200];

	if (pptt_topo_cpus(&v->topo, v->uids, tb->data, tb->len, &v->pptt,
			   &why)) {
		table_warn("PPTT", why);
		return;
	}
	v->pptt_used = true;
	if (v->pptt.llc_dropped)
		table_warn("PPTT", "caches for some CPUs only: LLC not taken "
			   "from it");
	if (!v->pptt.private_llc)
		return;
	snprintf(msg, sizeof(msg), "PPTT's deepest cache (L%u) is private to "
		 "each core: LLC taken as the %s, as Linux's scheduler groups "
		 "CPUs; the kernel's per-LLC masks (cacheinfo, llc_sibling) "
		 "are per-core on this machine", v->pptt.llc_level,
		 v->pptt.llc_is_cluster ? "cluster" : "package");
	report_warn("llc", v->pptt.llc_level, msg);
}

/* The CPU an SRAT entry names: APIC id on x86, processor UID on arm64. */
static int srat_cpu(const struct pf_view *v, const struct acpi_srat_cpu *c)
{
	if (strcmp(v->arch, "arm64"))
		return topo_find_hwid(&v->topo, c->apic_id);
	if (c->kind != ACPI_SRAT_GICC)
		return -1;
	for (uint32_t k = 0; k < v->topo.ncpus; k++)
		if (v->uids[k] == c->apic_id)
			return (int)k;
	return -1;
}

static void do_srat(const struct acpi_dump_table *tb, struct pf_view *v)
{
	struct acpi_srat_cpu *c = calloc(TOPO_MAX_CPUS, sizeof(*c));
	struct topo *t = &v->topo;
	uint32_t found = 0, placed = 0;
	const char *why;
	size_t n = 0, nm = 0;

	if (!c)
		return;
	if (acpi_srat_parse(tb->data, tb->len, c, TOPO_MAX_CPUS, &n, NULL, 0,
			    &nm, entry_warn, NULL, &why)) {
		table_warn("SRAT", why);
		free(c);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		int k = srat_cpu(v, &c[i]);

		if (k >= 0 && t->cpus[k].raw_node == TOPO_NONE) {
			t->cpus[k].raw_node = c[i].domain;
			found += topo_cpu_usable(&t->cpus[k]);
			placed++;
		}
	}
	free(c);
	if (placed && found != topo_usable_count(t)) {
		/* half a NUMA map is none */
		for (uint32_t i = 0; i < t->ncpus; i++)
			t->cpus[i].raw_node = TOPO_NONE;
		table_warn("SRAT", "does not place every CPU");
		return;
	}
	if (found) {
		t->node_source = "srat";
		v->srat_used = true;
	}
}

static void do_slit(const struct acpi_dump_table *tb, struct pf_view *v)
{
	const char *why;

	v->slit_m = malloc(TOPO_MAX_NODES * TOPO_MAX_NODES);
	if (!v->slit_m)
		return;
	if (acpi_slit_parse(tb->data, tb->len, v->slit_m, TOPO_MAX_NODES,
			    &v->slit_n, &why)) {
		table_warn("SLIT", why);
		free(v->slit_m);
		v->slit_m = NULL;
		return;
	}
	v->slit = true;
}

static void do_platform(const struct acpi_dump *d, struct pf_view *v)
{
	const struct acpi_dump_table *t;
	const char *why;

	if ((t = table(d, "FACP"))) {
		if (acpi_fadt_parse(t->data, t->len, &v->fadt_info, &why))
			table_warn("FACP", why);
		else
			v->fadt = true;
	}
	if ((t = table(d, "SPCR"))) {
		v->spcr = -1;
		if (acpi_spcr_parse(t->data, t->len, &v->spcr_info, &why) ||
		    acpi_spcr_uart(&v->spcr_info, &v->uart, &why))
			v->spcr_why = why;
		else
			v->spcr = 1;
	}
	/* every SPMI: a server may list one per interface */
	for (unsigned k = 0; (t = acpi_dump_find(d, "SPMI", k)); k++) {
		if (v->nspmi == PF_MAX_SPMI)
			break;
		if (acpi_spmi_parse(t->data, t->len, &v->spmi[v->nspmi],
				    &why))
			table_warn("SPMI", why);
		else
			v->nspmi++;
	}
}

/* The first CPU entry's kind names the architecture (quietly: the
 * MADT's warnings come once, from do_madt()). */
static const char *peek_arch(const struct acpi_dump *d)
{
	const struct acpi_dump_table *t = acpi_dump_find(d, "APIC", 0);
	struct acpi_madt_cpu c;
	const char *why;
	size_t n = 0;

	for (unsigned k = 1; t; t = acpi_dump_find(d, "APIC", k++))
		if (!acpi_madt_parse(t->data, t->len, &c, 1, &n, NULL, NULL,
				     NULL, &why) && n)
			return c.kind == ACPI_MADT_GICC ? "arm64" : "x86_64";
	return NULL;
}

int pf_decode_open(const struct acpi_dump *d, bool live, struct pf_view *v)
{
	memset(v, 0, sizeof(*v));
	v->live = live;
	v->arch = peek_arch(d);
	v->uids = calloc(TOPO_MAX_CPUS, sizeof(*v->uids));
	v->topo.cpus = calloc(TOPO_MAX_CPUS, sizeof(*v->topo.cpus));
	if (!v->uids || !v->topo.cpus)
		return -1;
	/* live on x86: the CPU this runs on (pinned to Linux's CPU 0) */
	if (live && v->arch && !strcmp(v->arch, "x86_64") &&
	    pf_cpuid_boot_id(&v->bsp, v->cpu_model, sizeof(v->cpu_model)))
		v->cpuid = true;
	return 0;
}

int pf_decode(const struct acpi_dump *d, struct pf_view *v)
{
	const struct acpi_dump_table *t;

	topo_init(&v->topo, v->topo.cpus);
	do_platform(d, v);
	if ((t = table(d, "APIC")))
		do_madt(t, v, v->cpuid, v->bsp);
	if (!v->topo.ncpus) {
		v->why = "no CPU in the MADT";
		return -1;
	}
	if (v->cpuid)
		pf_cpuid_fill(&v->topo);
	if (!strcmp(v->arch, "arm64") && (t = table(d, "PPTT")))
		do_pptt(t, v);
	if ((t = table(d, "SLIT")))
		do_slit(t, v);
	if ((t = table(d, "SRAT")))
		do_srat(t, v);
	if (topo_finalize(&v->topo, &v->why))
		return -1;
	v->finalized = true;
	for (size_t i = 0; v->slit && i < v->slit_n; i++)
		for (size_t j = 0; j < v->slit_n; j++)
			topo_set_distance(&v->topo, (uint32_t)i, (uint32_t)j,
					  v->slit_m[i * v->slit_n + j]);
	if (v->pptt_used && v->pptt.caches && (t = table(d, "PPTT")))
		pptt_topo_caches(&v->topo, v->uids, t->data, t->len);
	return 0;
}

void pf_view_free(struct pf_view *v)
{
	free(v->topo.cpus);
	free(v->uids);
	free(v->slit_m);
	v->topo.cpus = NULL;
	v->uids = NULL;
	v->slit_m = NULL;
}
