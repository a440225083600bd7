/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The tables into the image's view, in the image's order (see
 * arch/x86/acpi_topo.c, arch/arm64/acpi_topo.c) and by the image's own
 * glue (core/fw/acpi_topo.c): MADT makes the CPUs, PPTT (arm64) places
 * them in packages, clusters and cores, SRAT in nodes, SLIT gives the
 * distances; FADT, SPCR and SPMI say what the image would do about
 * timers, console and BMC.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fw/acpi.h"
#include "fw/acpi_madt.h"
#include "fw/acpi_numa.h"
#include "fw/acpi_topo.h"
#include "output/report.h"
#include "preflight/pf_cpuid.h"
#include "preflight/pf_decode.h"

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

static void do_pptt(const struct acpi_dump_table *tb, struct pf_view *v)
{
	const char *why;
	char msg[200];

	if (pptt_topo_cpus(&v->topo, v->at.uids, tb->data, tb->len, &v->pptt,
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
	v->topo.cpus = calloc(TOPO_MAX_CPUS, sizeof(*v->topo.cpus));
	if (!v->topo.cpus)
		return -1;
	topo_init(&v->topo, v->topo.cpus);
	if (acpi_topo_init(&v->at, &v->topo, v->arch &&
			   !strcmp(v->arch, "arm64"), table_warn, entry_warn))
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

	do_platform(d, v);
	if ((t = table(d, "APIC")) &&
	    !acpi_topo_madt(&v->at, t->data, t->len, v->cpuid, v->bsp, NULL))
		v->madt = true;
	if (!v->topo.ncpus) {
		v->why = "no CPU in the MADT";
		return -1;
	}
	if (v->cpuid && topo_find_hwid(&v->topo, v->bsp) < 0) {
		v->cpuid = false;
		v->cpuid_foreign = true;
	}
	if (v->cpuid)
		pf_cpuid_fill(&v->topo);
	if (v->at.gicc && (t = table(d, "PPTT")))
		do_pptt(t, v);
	if ((t = table(d, "SLIT")) &&
	    !acpi_topo_slit(&v->at, t->data, t->len))
		v->slit = true;
	if ((t = table(d, "SRAT")))
		v->srat_used = acpi_topo_srat(&v->at, t->data, t->len,
					      false) > 0;
	if (topo_finalize(&v->topo, &v->why))
		return -1;
	v->finalized = true;
	/* x86 tables from elsewhere, or a CPUID not theirs: none, so every
	 * CPU reads as one package and one LLC, which nodes then split:
	 * that split is ours, not the firmware's, and warns of nothing */
	if (v->arch && !strcmp(v->arch, "x86_64") && !v->cpuid) {
		v->llc_unknown = true;
		v->topo.llc_split_by_node = false;
	}
	acpi_topo_distances(&v->at, &v->topo);
	if (v->pptt_used && v->pptt.caches && (t = table(d, "PPTT")))
		pptt_topo_caches(&v->topo, v->at.uids, t->data, t->len);
	return 0;
}

void pf_view_free(struct pf_view *v)
{
	acpi_topo_free(&v->at);
	free(v->topo.cpus);
	v->topo.cpus = NULL;
}
