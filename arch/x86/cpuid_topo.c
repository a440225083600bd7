/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What CPUID tells: vendor, brand, hypervisor, invariant TSC, the APIC id
 * bit fields of SMT/core/package (leaf 0x1F/0xB) and the caches with how
 * many APIC ids share each (leaf 4, AMD 0x8000001D; AMD parts without
 * 0x8000001D: geometry from 0x80000005/6, sharing assumed).  APIC ids
 * encode the topology, so the boot CPU's answers place every CPU.
 */
#include <stdio.h>
#include <string.h>

#include "amd_cache.h"
#include "apic_encode.h"
#include "x86.h"

static unsigned order(uint32_t n)	/* ceil(log2(n)) */
{
	unsigned s = 0;

	while ((1u << s) < n && s < 31)
		s++;
	return s;
}

static void regs_str(char *out, const uint32_t *r, int n)
{
	memcpy(out, r, (size_t)n * 4);
	out[n * 4] = 0;
}

/* Leaf 0x1F or 0xB: SMT shift from level type 1, package shift from the
 * last level. */
static bool leaf_b_shifts(uint32_t leaf, unsigned *smt, unsigned *pkg)
{
	uint32_t r[4];
	bool any = false;

	*smt = 0;
	for (uint32_t sub = 0; sub < 8; sub++) {
		cpuid(leaf, sub, r);
		unsigned type = (r[2] >> 8) & 0xff;

		if (!type)
			break;
		if (type == 1)
			*smt = r[0] & 0x1f;
		*pkg = r[0] & 0x1f;
		any = true;
	}
	return any;
}

void x86_cpuid_probe(struct x86_cpuid *c)
{
	uint32_t r[4], v[3];

	memset(c, 0, sizeof(*c));
	cpuid(0, 0, r);
	c->max_leaf = r[0];
	v[0] = r[1], v[1] = r[3], v[2] = r[2];
	regs_str(c->vendor, v, 3);
	cpuid(0x80000000, 0, r);
	c->max_ext = r[0] >= 0x80000000 && r[0] < 0x8000ffff ? r[0] : 0;

	if (c->max_ext >= 0x80000004) {
		for (uint32_t i = 0; i < 3; i++) {
			cpuid(0x80000002 + i, 0, r);
			memcpy(c->brand + 16 * i, r, 16);
		}
		c->brand[48] = 0;
	}
	/* The brand string is space-padded on the left on some parts. */
	size_t lead = strspn(c->brand, " ");
	memmove(c->brand, c->brand + lead, strlen(c->brand + lead) + 1);
	if (!c->brand[0])
		strcpy(c->brand, c->vendor);

	cpuid(1, 0, r);
	c->family = (r[0] >> 8) & 0xf;
	if (c->family == 0xf)
		c->family += (r[0] >> 20) & 0xff;
	c->bsp_apic_id = r[1] >> 24;
	c->hypervisor = r[2] >> 31;
	if (c->hypervisor) {
		cpuid(0x40000000, 0, r);
		v[0] = r[1], v[1] = r[2], v[2] = r[3];
		regs_str(c->hv_vendor, v, 3);
	}
	if (c->max_ext >= 0x80000007) {
		cpuid(0x80000007, 0, r);
		c->invariant_tsc = r[3] >> 8 & 1;
	}

	/* x2APIC id, SMT and package fields */
	unsigned smt = 0, pkg = 0;

	if ((c->max_leaf >= 0x1f && leaf_b_shifts(0x1f, &smt, &pkg)) ||
	    (c->max_leaf >= 0xb && leaf_b_shifts(0xb, &smt, &pkg))) {
		uint32_t l1[4];

		cpuid(1, 0, l1);
		cpuid(c->max_leaf >= 0x1f ? 0x1f : 0xb, 0, r);
		c->bsp_apic_id = x86_apic_id_from_cpuid(l1, r);
		c->smt_shift = smt;
		c->pkg_shift = pkg;
		c->have_shifts = true;
	} else {
		/* Legacy: leaf 1 logical count, leaf 4 cores per package. */
		uint32_t logical = 1, cores = 1;

		cpuid(1, 0, r);
		if (r[3] & (1u << 28))
			logical = (r[1] >> 16) & 0xff;
		if (c->max_leaf >= 4) {
			cpuid(4, 0, r);
			if (r[0] & 0x1f)
				cores = (r[0] >> 26) + 1;
		}
		if (!logical)
			logical = 1;
		c->pkg_shift = order(logical);
		c->smt_shift = order(logical / (cores ? cores : 1));
		c->have_shifts = logical > 1;
	}
}

struct cache_leaf {
	uint32_t leaf;
	const char *source;
};

/* Sub-leaf @i of leaf 4 / 0x8000001D; false past the last cache. */
static bool cache_sub(uint32_t leaf, uint32_t i, struct topo_cache *tc,
		      uint32_t *sharing)
{
	uint32_t r[4];

	cpuid(leaf, i, r);
	uint32_t type = r[0] & 0x1f;

	if (!type || type > 3)
		return false;
	tc->type = type == 1 ? CACHE_DATA : type == 2 ? CACHE_INST :
		   CACHE_UNIFIED;
	tc->level = (r[0] >> 5) & 7;
	tc->line = (r[1] & 0xfff) + 1;
	tc->ways = (r[1] >> 22) + 1;
	tc->sets = r[2] + 1;
	tc->size = tc->ways * (((r[1] >> 12) & 0x3ff) + 1) * tc->line *
		   tc->sets;
	*sharing = ((r[0] >> 14) & 0xfff) + 1;
	return true;
}

/* CPUs per group and number of groups when ids are split by @shift. */
static void group_count(const struct topo *t, unsigned shift,
			uint32_t *instances, uint32_t *shared_by)
{
	uint32_t groups = 0, most = 0;

	for (uint32_t i = 0; i < t->ncpus; i++) {
		uint64_t g = t->cpus[i].hwid >> shift;
		bool seen = false;
		uint32_t members = 0;

		for (uint32_t j = 0; j < t->ncpus; j++) {
			if ((t->cpus[j].hwid >> shift) != g)
				continue;
			if (j < i)
				seen = true;
			members++;
		}
		if (!seen) {
			groups++;
			if (members > most)
				most = members;
		}
	}
	*instances = groups;
	*shared_by = most;
}

/* The deepest data/unified cache so far is the LLC. */
struct llc_pick {
	unsigned level, shift;
	uint32_t line;
};

static void add_cache(struct topo *t, struct topo_cache *tc, unsigned shift,
		      struct llc_pick *llc)
{
	group_count(t, shift, &tc->instances, &tc->shared_by);
	topo_add_cache(t, tc);
	if (tc->type != CACHE_INST && tc->level >= llc->level) {
		llc->level = tc->level;
		llc->shift = shift;
		llc->line = tc->line;
	}
}

static bool amd_like(const struct x86_cpuid *c)
{
	return !strcmp(c->vendor, "AuthenticAMD") ||
	       !strcmp(c->vendor, "HygonGenuine");
}

/*
 * Leaves 0x80000005/6 say nothing of sharing.  Every AMD part without
 * 0x8000001D keeps L1 and L2 per core and shares L3 across the package
 * (K8 to family 10h; QEMU's legacy values say the same), so that is the
 * rule, named in llc_source as inferred.
 */
static const char *amd_legacy(const struct x86_cpuid *c, struct topo *t,
			      struct llc_pick *llc)
{
	struct topo_cache tc[AMD_LEGACY_CACHES];
	uint32_t l5[4], l6[4];
	unsigned n;

	if (c->max_ext < 0x80000005)
		return NULL;
	cpuid(0x80000005, 0, l5);
	if (c->max_ext >= 0x80000006)
		cpuid(0x80000006, 0, l6);
	n = x86_amd_legacy_caches(l5, c->max_ext >= 0x80000006 ? l6 : NULL, tc);
	/* Without shifts every CPU is its own core in one package. */
	for (unsigned i = 0; i < n; i++)
		add_cache(t, &tc[i], tc[i].level < 3 ?
			  (c->have_shifts ? c->smt_shift : 0) :
			  (c->have_shifts ? c->pkg_shift : 32), llc);
	if (llc->level == 3)
		return "inferred-cpuid-80000006-package";
	return llc->level ? "inferred-cpuid-80000006-core" : NULL;
}

void x86_cpuid_fill_topo(const struct x86_cpuid *c, struct topo *t)
{
	uint32_t leaf = 0;
	const char *src = NULL;
	struct llc_pick llc = { 0 };

	if (!strcmp(c->vendor, "GenuineIntel") && c->max_leaf >= 4)
		leaf = 4, src = "cpuid-4";
	else if (amd_like(c) && c->max_ext >= 0x8000001d)
		leaf = 0x8000001d, src = "cpuid-8000001d";
	else if (c->max_leaf >= 4)
		leaf = 4, src = "cpuid-4";

	for (uint32_t i = 0; leaf && i < 16; i++) {
		struct topo_cache tc = { 0 };
		uint32_t sharing;

		if (!cache_sub(leaf, i, &tc, &sharing))
			break;
		add_cache(t, &tc, order(sharing), &llc);
	}
	/* Leaf 4 is all zero on AMD (QEMU's "max" under TCG says AMD). */
	if (!llc.level && !t->ncaches && amd_like(c))
		src = amd_legacy(c, t, &llc);

	for (uint32_t i = 0; i < t->ncpus; i++) {
		struct topo_cpu *cpu = &t->cpus[i];

		if (c->have_shifts) {
			cpu->raw_core = (uint32_t)(cpu->hwid >> c->smt_shift);
			cpu->raw_package = (uint32_t)(cpu->hwid >> c->pkg_shift);
		} else {
			cpu->raw_core = (uint32_t)cpu->hwid;
			cpu->raw_package = 0;
		}
		cpu->raw_llc = llc.level ? (uint32_t)(cpu->hwid >> llc.shift) :
			       TOPO_NONE;
	}
	if (llc.level) {
		t->llc_source = src;
		if (llc.line >= 8 && !(llc.line & (llc.line - 1)))
			t->line_size = llc.line;
	}
}

/*
 * The INIT-to-STARTUP wait of the MP spec dates from external APICs; a
 * modern core takes STARTUP at once (Linux sends it without the wait on
 * Intel family 6 and AMD from family 0xf).  448 CPUs x 10 ms is 4.5 s.
 */
bool x86_needs_init_wait(const struct x86_cpuid *c)
{
	if (!strcmp(c->vendor, "GenuineIntel"))
		return c->family < 6;
	if (amd_like(c))
		return c->family < 0xf;
	return true;
}

/*
 * The microcode revision (IA32_BIOS_SIGN_ID, MSR 0x8b, read as the
 * firmware left it): Intel keeps it in the high half, AMD its patch
 * level in the low half.  Read only on bare metal and under QEMU/KVM,
 * whose MSR it is known to answer (another hypervisor may fault).
 */
void x86_microcode_id(const struct x86_cpuid *c, struct machine_info *info)
{
	static char rev[24];
	uint64_t v;

	if (c->hypervisor && strcmp(c->hv_vendor, "TCGTCGTCGTCG") &&
	    strcmp(c->hv_vendor, "KVMKVMKVM"))
		return;
	v = rdmsr(0x8b);
	snprintf(rev, sizeof(rev), "0x%llx", (unsigned long long)
		 (!strcmp(c->vendor, "GenuineIntel") ? v >> 32 :
		  v & 0xffffffffu));
	machine_add_id(info, "microcode", rev);
}
