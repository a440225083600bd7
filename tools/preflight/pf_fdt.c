/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>

#include "fw/fdt.h"
#include "fw/fdt_cpus.h"
#include "fw/fdt_topo.h"
#include "output/report.h"
#include "preflight/pf_fdt.h"

#define MPIDR_AFF	0xff00ffffffull	/* as arch/arm64/arm64.h */

bool pf_fdt_is(const void *blob, size_t len)
{
	return len >= 8 && fdt_peek_totalsize(blob, len) != 0;
}

/* riscv64 where a cpu states riscv,isa; the first enabled cpu boots. */
static int first_cpu(const struct fdt *f, uint64_t *hwid, bool *riscv,
		     const char **why)
{
	struct fdt_cpu *c = calloc(TOPO_MAX_CPUS, sizeof(*c));
	size_t n = 0;
	int rc;

	if (!c) {
		*why = "out of memory";
		return -1;
	}
	rc = fdt_cpus_parse(f, c, TOPO_MAX_CPUS, &n, why);
	if (rc == FDT_ENOSPACE)
		rc = 0;
	if (!rc && !n) {
		*why = "no cpus in /cpus";
		rc = -1;
	}
	*riscv = false;
	for (size_t i = 0; !rc && i < n; i++)
		*riscv |= c[i].isa != NULL;
	rc = rc ? -1 : 1;
	for (size_t i = 0; rc == 1 && i < n; i++)
		if (c[i].enabled && c[i].supervisor) {
			*hwid = c[i].reg & (*riscv ? ~0ull : MPIDR_AFF);
			rc = 0;
		}
	if (rc == 1) {
		*why = "no enabled cpu in /cpus";
		rc = -1;
	}
	free(c);
	return rc;
}

uint64_t pf_fdt_hwid_mask(const char *arch)
{
	return arch && !strcmp(arch, "riscv64") ? ~0ull : MPIDR_AFF;
}

int pf_fdt_topo(const void *blob, size_t len, struct topo *t,
		const char **arch, const char **why)
{
	struct fdt_topo_info info;
	struct fdt f;
	uint64_t boot = 0;
	bool riscv;

	*arch = NULL;
	if (fdt_open(&f, blob, len, why) || first_cpu(&f, &boot, &riscv, why))
		return -1;
	*arch = riscv ? "riscv64" : "arm64";
	if (fdt_topo_cpus(&f, t, boot, riscv ? ~0ull : MPIDR_AFF, &info, why))
		return -1;
	if (info.truncated)
		report_warn("topology", TOPO_MAX_CPUS, "more CPUs in the DT "
			    "than supported; the rest left out");
	if (topo_finalize(t, why))
		return -1;
	fdt_topo_distances(&f, t);
	return 0;
}
