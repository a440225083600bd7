/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target: any bytes as a flattened device tree, through the
 * reader and binding parsers (core/fw/fdt*.c) and the topology mapping
 * (core/fw/fdt_topo.c).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fw/fdt_numa.h"
#include "fw/fdt_platform.h"
#include "fw/fdt_topo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct topo_cpu cpus[TOPO_MAX_CPUS];
	struct fdt_mem_range mr[8];
	struct fdt_topo_info info;
	struct fdt_uart_info u;
	struct topo t;
	struct fdt f;
	const char *why, *s1, *s2;
	uint8_t *blob = malloc(size ? size : 1);
	uint64_t hz;
	size_t n;

	if (!blob)
		return 0;
	memcpy(blob, data, size);
	if (!fdt_open(&f, blob, size, &why)) {
		fdt_chosen(&f, &s1, &s2);
		fdt_timebase_hz(&f, &hz);
		fdt_psci_method(&f, &s1);
		fdt_uart_info(&f, NULL, &u, &why);
		fdt_memory_ranges(&f, mr, 8, &n, &why);
		topo_init(&t, cpus);
		if (!fdt_topo_cpus(&f, &t, 0, ~0ull, &info, &why) &&
		    !topo_finalize(&t, &why))
			fdt_topo_distances(&f, &t);
	}
	free(blob);
	return 0;
}
