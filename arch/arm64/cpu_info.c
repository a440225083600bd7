/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the boot CPU's ID registers tell: MIDR (model), ID_AA64ISAR0 (LSE
 * atomics), CLIDR/CCSIDR (cache geometry), ID_AA64DFR0 (PMU); and the
 * cycle counter switched on.
 */
#include <stdio.h>

#include "arm64.h"

bool arm64_pmu_on;
/* isa_ops.h: casal for the c2c CAS where this is set */
uint8_t arm64_lse;

void arm64_cpu_model(char *buf, size_t len)
{
	uint64_t midr = read_sysreg(midr_el1);

	snprintf(buf, len, "arm64 implementer 0x%02x part 0x%03x r%up%u",
		 (unsigned)(midr >> 24) & 0xff, (unsigned)(midr >> 4) & 0xfff,
		 (unsigned)(midr >> 20) & 0xf, (unsigned)midr & 0xf);
}

bool arm64_has_lse(void)
{
	/* ID_AA64ISAR0_EL1.Atomic, bits 23:20: 2 = LSE */
	return ((read_sysreg(id_aa64isar0_el1) >> 20) & 0xf) >= 2;
}

struct ccsid {
	uint32_t line, ways, sets;
};

static struct ccsid ccsidr(unsigned level, bool inst)
{
	/* FEAT_CCIDX (ID_AA64MMFR2_EL1.CCIDX, bits 23:20) widens the fields. */
	bool ccidx = (read_sysreg(id_aa64mmfr2_el1) >> 20) & 0xf;
	uint64_t v;

	write_sysreg(csselr_el1, (uint64_t)(level - 1) << 1 | inst);
	isb();
	v = read_sysreg(ccsidr_el1);
	if (ccidx)
		return (struct ccsid){ 16u << (v & 7),
				       (uint32_t)((v >> 3) & 0x1fffff) + 1,
				       (uint32_t)((v >> 32) & 0xffffff) + 1 };
	return (struct ccsid){ 16u << (v & 7),
			       (uint32_t)((v >> 3) & 0x3ff) + 1,
			       (uint32_t)((v >> 13) & 0x7fff) + 1 };
}

/* CLIDR_EL1 Ctype<n>: 1 I, 2 D, 3 I+D, 4 unified, 0 no more. */
static unsigned ctype(uint64_t clidr, unsigned level)
{
	return (unsigned)(clidr >> (3 * (level - 1))) & 7;
}

uint32_t arm64_cache_line(void)
{
	uint64_t clidr = read_sysreg(clidr_el1);
	uint32_t line = 0;

	for (unsigned l = 1; l <= 7; l++) {
		unsigned ct = ctype(clidr, l);

		if (!ct || ct > 4)
			break;
		if (ct >= 2) {
			struct ccsid c = ccsidr(l, false);

			if (c.line > line)
				line = c.line;
		}
	}
	return line;
}

static void add(struct topo *t, unsigned level, enum topo_cache_type type,
		struct ccsid c, uint32_t shared, uint32_t instances)
{
	struct topo_cache tc = {
		.level = level, .type = type, .line = c.line, .ways = c.ways,
		.sets = c.sets, .size = c.line * c.ways * c.sets,
		.shared_by = shared, .instances = instances,
	};

	topo_add_cache(t, &tc);
}

void arm64_add_clidr_caches(struct topo *t)
{
	uint64_t clidr = read_sysreg(clidr_el1);
	unsigned last = 0;

	for (unsigned l = 1; l <= 7 && ctype(clidr, l) && ctype(clidr, l) <= 4;
	     l++)
		last = l;
	for (unsigned l = 1; l <= last; l++) {
		unsigned ct = ctype(clidr, l);
		/* CLIDR does not say who shares: the last level is taken as
		 * the LLC group's, the others as private (llc_source says
		 * how LLCs were found). */
		bool llc = l == last && l > 1;
		uint32_t inst = llc ? t->nllcs : t->ncpus;
		uint32_t shared = t->ncpus / (inst ? inst : 1);

		if (ct == 1 || ct == 3)
			add(t, l, CACHE_INST, ccsidr(l, true), shared, inst);
		if (ct == 2 || ct == 3)
			add(t, l, CACHE_DATA, ccsidr(l, false), shared, inst);
		if (ct == 4)
			add(t, l, CACHE_UNIFIED, ccsidr(l, false), shared, inst);
	}
}

/* ID_AA64DFR0_EL1.PMUVer, bits 11:8: 0 none, 0xf IMPDEF (not PMUv3) */
static bool pmu_v3(void)
{
	unsigned ver = (unsigned)(read_sysreg(id_aa64dfr0_el1) >> 8) & 0xf;

	return ver && ver != 0xf;
}

void arm64_el2_init(bool *vhe, unsigned *hpmn, unsigned *pmu_n)
{
	/* PMCR_EL0.N, bits 15:11: the event counters there are */
	unsigned n = pmu_v3() ? (unsigned)(read_sysreg(pmcr_el0) >> 11) & 0x1f : 0;

	/* TPM, TPMCR, TDE, TDA, ... all 0: nothing traps to EL2; every
	 * event counter is EL1's (below HPMN), enabled by PMCR_EL0.E. */
	write_sysreg(mdcr_el2, n);
	isb();
	*hpmn = (unsigned)read_sysreg(mdcr_el2) & 0x1f;
	*pmu_n = n;
	*vhe = read_sysreg(hcr_el2) >> 34 & 1;	/* HCR_EL2.E2H */
}

bool arm64_pmu_enable(void)
{
	uint64_t c0;

	if (!pmu_v3())
		return false;
	/* Count at EL1 (and EL2 when we run there: NSH, bit 27). */
	write_sysreg(pmccfiltr_el0, current_el() == 2 ? 1ull << 27 : 0);
	write_sysreg(pmcntenset_el0, 1ull << 31);
	/* Written whole, as Linux does: E (enable), P and C (reset the
	 * counters), LC (64-bit overflow); D (count every 64th cycle), X
	 * and DP clear whatever the firmware left in them. */
	write_sysreg(pmcr_el0, 1 | 2 | 4 | 1 << 6);
	isb();
	c0 = read_sysreg(pmccntr_el0);
	for (volatile int i = 0; i < 10000; i++)
		;
	return read_sysreg(pmccntr_el0) != c0;
}

/* MIDR_EL1 and REVIDR_EL1 as hello's midr= and revidr=: implementer,
 * part, variant, revision, and the implementation's errata fixes. */
void arm64_cpu_ids(struct machine_info *info)
{
	static char midr[20], revidr[20];

	snprintf(midr, sizeof(midr), "0x%llx",
		 (unsigned long long)read_sysreg(midr_el1));
	snprintf(revidr, sizeof(revidr), "0x%llx",
		 (unsigned long long)read_sysreg(revidr_el1));
	machine_add_id(info, "midr", midr);
	machine_add_id(info, "revidr", revidr);
}
