/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Topology from the device tree, when the firmware gives one instead of
 * ACPI (QEMU -machine virt,acpi=off): CPUs by MPIDR from /cpus, nodes from
 * numa-node-id, distances from /distance-map, packages, clusters and cores
 * from /cpus/cpu-map, the PSCI conduit from /psci, the console from
 * /chosen stdout-path (a PL011, or a 16550: ns16550a, DesignWare APB,
 * BCM2835 mini-UART), the GICv3 that wakes parked CPUs from its
 * "arm,gic-v3" node.  Without cache nodes the LLC is one per cluster.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm64.h"
#include "fw/fdt.h"
#include "fw/fdt_platform.h"
#include "fw/fdt_topo.h"
#include "gic_wake.h"
#include "output/report.h"

#define FDT_MAX_SIZE	(2u << 20)

static struct fdt fdt;

/* The stdout-path UART, when a driver here fits it; a baud the DT does
 * not state (":115200n8", current-speed) leaves it as it is. */
static void dt_console(struct arm64_fw *fw)
{
	struct fdt_uart_info u;
	struct fdt_uart_driver d;
	const char *why = NULL;
	char msg[160];

	if (fdt_uart_info(&fdt, NULL, &u, &why))
		return;		/* no stdout-path: ConOut until the end */
	if (fdt_uart_driver(&u, &d, &why)) {
		const char *name = fdt_node_name(&fdt, u.node);

		snprintf(msg, sizeof(msg), "DT stdout-path %s (%s): %s; no "
			 "console", name ? name : "?",
			 u.compatible ? u.compatible : "no compatible", why);
		report_warn("console", 0, msg);
		return;
	}
	fw->uart = u.base;
	fw->uart_source = "dt-stdout-path";
	fw->uart_16550 = d.kind == FDT_UART_16550;
	fw->uart_mini = d.mini_uart;
	fw->uart_pl011_id = d.pl011_id;
	fw->uart_width = d.width;
	fw->uart_stride = d.stride;
	fw->uart_clock_hz = u.clock_hz;
	fw->uart_baud = u.baud;
}

/*
 * The GICv3 binding's reg: the distributor, then "#redistributor-regions"
 * (default 1) redistributor regions, then the CPU interfaces.  A node the
 * binding does not fit is left out: parked CPUs keep wfe.
 */
static void dt_gic(void)
{
	enum { MAX_REGIONS = 16 };
	uint64_t d, v = 1, stride, base[MAX_REGIONS], len[MAX_REGIONS];
	uint32_t n, plen;
	int node = fdt_node_by_compatible(&fdt, "arm,gic-v3");
	const void *p;

	if (node < 0 || fdt_reg_address(&fdt, node, 0, &d, NULL, NULL))
		return;
	p = fdt_getprop(&fdt, node, "#redistributor-regions", &plen);
	if (p && (plen != 4 || fdt_read_cells(p, plen, 0, 1, &v)))
		return;
	if (!v || v > MAX_REGIONS)
		return;
	n = (uint32_t)v;
	for (uint32_t i = 0; i < n; i++)
		if (fdt_reg_address(&fdt, node, 1 + i, &base[i], &len[i], NULL))
			return;
	/* a u64 in two cells, a whole number of 64 KiB frames, as Linux
	 * takes it; anything else is not believed (the binding's step) */
	p = fdt_getprop(&fdt, node, "redistributor-stride", &plen);
	if (!p || plen != 8 || fdt_read_cells(p, plen, 0, 2, &stride) ||
	    !stride || (stride & 0xffff) || stride > (1ull << 30))
		stride = 0;
	arm64_gic_wake_dt(d, base, len, n, stride);
}

int arm64_dt_topo(struct topo *t, const void *dtb, uint64_t bsp_mpidr,
		struct arm64_fw *fw, const char **why)
{
	const char *method = NULL;
	uint32_t size = fdt_peek_totalsize(dtb, 8);
	struct fdt_topo_info info;
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
	dt_console(fw);
	dt_gic();
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
