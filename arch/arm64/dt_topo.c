/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Topology from the device tree, when the firmware gives one instead of
 * ACPI (QEMU -machine virt,acpi=off): CPUs by MPIDR from /cpus, nodes from
 * numa-node-id, distances from /distance-map, packages, clusters and cores
 * from /cpus/cpu-map, the PSCI conduit from /psci, the console from
 * /chosen stdout-path.  Without cache nodes the LLC is one per cluster.
 */
#include <stdlib.h>
#include <string.h>

#include "arm64.h"
#include "fdt.h"
#include "fdt_platform.h"
#include "fdt_topo.h"
#include "report.h"

#define FDT_MAX_SIZE	(2u << 20)

static struct fdt fdt;

int arm64_dt_topo(struct topo *t, const void *dtb, uint64_t bsp_mpidr,
		struct arm64_fw *fw, const char **why)
{
	const char *method = NULL, *compat = NULL;
	uint32_t size = fdt_peek_totalsize(dtb, 8);
	struct fdt_topo_info info;
	uint64_t base;
	int root, rc = -1;

	if (!size || size > FDT_MAX_SIZE) {
		*why = "DTB header: bad magic or size";
		goto out;
	}
	if (fdt_open(&fdt, dtb, size, why))
		goto out;
	fw->tables = "dt";
	root = fdt_root(&fdt);
	if (root >= 0) {
		uint32_t len;
		const void *p = fdt_getprop(&fdt, root, "compatible", &len);

		fw->qemu = p && fdt_stringlist_contains(p, len,
							"linux,dummy-virt");
	}
	if (!fdt_psci_method(&fdt, &method))
		psci_conduit = !strcmp(method, "hvc") ? PSCI_HVC : PSCI_SMC;
	if (!fdt_uart(&fdt, NULL, &base, &compat) && compat &&
	    !strcmp(compat, "arm,pl011")) {
		fw->uart = base;
		fw->uart_source = "dt-stdout-path";
		fw->uart_pl011_id = true;
	}
	if (fdt_topo_cpus(&fdt, t, bsp_mpidr, MPIDR_AFF_MASK, &info, why))
		goto out;
	if (info.truncated)
		report_warn("topology", TOPO_MAX_CPUS,
			    "more CPUs in the DT than supported; the rest left out");
	rc = 0;
out:
	return rc;
}

void arm64_dt_after(struct topo *t)
{
	fdt_topo_distances(&fdt, t);
	if (!t->ncaches)	/* no cache nodes: the CPU's own registers */
		arm64_add_clidr_caches(t);
}
