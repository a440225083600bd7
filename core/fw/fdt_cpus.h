/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The cpus binding: the children of /cpus, their placement from
 * /cpus/cpu-map, and the riscv ISA string.  Conventions as in fdt.h.
 */
#ifndef SBM_FDT_CPUS_H
#define SBM_FDT_CPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fw/fdt.h"

struct fdt_cpu {
	uint64_t reg;		/* hart id / MPIDR (/cpus #address-cells) */
	uint32_t phandle;	/* 0 when the node has none */
	bool enabled;		/* status absent, "okay" or "ok" */
	/* can run an S-mode payload: a riscv hart with an MMU (mmu-type
	 * not "riscv,none"; SiFive's S7 monitor core has none); always
	 * true for a cpu without riscv,isa (arm64) */
	bool supervisor;
	int32_t node;		/* numa-node-id, -1 when absent */
	/*
	 * Placement from /cpus/cpu-map, -1 when unknown.  socket is N of
	 * socketN, or 0 when the map has no socket level (Linux's rule).
	 * cluster numbers the innermost clusters of a socket in tree order
	 * (0, 1, ...), so nested clusters get ids unique in their socket.
	 * core and thread are the N of coreN / threadN (unique in their
	 * parent); thread is -1 for a core without thread nodes.
	 */
	int32_t socket, cluster, core, thread;
	uint32_t llc_phandle;	/* last cache of the next-level-cache chain */
	int32_t llc_level;	/* its level, -1 when there is no chain */
	const char *isa;	/* riscv,isa (else riscv,isa-base), or NULL */
	uint32_t isa_len;	/* strlen(isa) */
	const char *isa_extensions; /* riscv,isa-extensions stringlist */
	uint32_t isa_extensions_len; /* its byte length */
	bool has_zabha;
	const char *enable_method; /* arm64 "psci" / "spin-table", or NULL */
	int32_t fdt_node;	/* offset of the cpu node */
	uint32_t next_cache;	/* first next-level-cache phandle, 0 if none */
};

/*
 * Every child of /cpus with device_type "cpu" (or, lacking device_type,
 * named "cpu@..."), in tree order, disabled ones included.  More cpus than
 * `max` gives FDT_ENOSPACE with the first `max` filled.  A malformed
 * cpu-map is ignored (placement stays -1); fdt_cpu_map_parse() says why.
 * A broken next-level-cache chain leaves only that cpu's LLC unknown.
 */
int fdt_cpus_parse(const struct fdt *f, struct fdt_cpu *cpus, size_t max,
		   size_t *n, const char **why);

/*
 * Fill socket/cluster/core/thread of cpus[] from /cpus/cpu-map, matching
 * leaves by phandle.  FDT_ENOTFOUND when there is no cpu-map; on any other
 * error all placement is reset to -1.  Leaves referencing no listed cpu,
 * a cpu referenced twice, or a core with neither cpu nor threads are errors.
 */
int fdt_cpu_map_parse(const struct fdt *f, struct fdt_cpu *cpus, size_t n,
		      const char **why);

/*
 * True when `ext` is one complete multi-letter extension of the riscv ISA
 * string (case-insensitive, optional version suffix like "1p0"): tokens are
 * separated by '_', and the first multi-letter extension may follow the
 * single-letter ones directly ("rv64imaczabha").
 */
bool fdt_riscv_isa_has(const char *isa, uint32_t len, const char *ext);

#endif
