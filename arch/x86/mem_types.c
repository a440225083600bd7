/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every AP records its MTRRs and PAT as it starts (smp.c's ap_entry);
 * after bring-up the boot CPU compares them with its own (cpu_regs.c
 * warns, naming CPU and register), and checks by its own MTRRs that the
 * memory the measurements take their lines from (the common heap, the
 * per-node pools) is write-back: lines in UC or WT memory would measure
 * the memory bus, not coherence.  The pages there are walked in the boot
 * CPU's page tables too (every CPU runs on them): the PAT entry their
 * PAT/PCD/PWT bits select must be WB, since over WB MTRRs the PAT type
 * is the memory's type.
 */
#include <stdio.h>

#include "arch.h"
#include "engine/cpu_regs.h"
#include "efi_plat.h"
#include "mem_types.h"
#include "mtrr.h"
#include "engine/node_pool.h"
#include "output/report.h"
#include "topo/topo.h"
#include "trampoline.h"
#include "x86.h"

#define CPUID1_EDX_MTRR	(1u << 12)
#define CPUID1_EDX_PAT	(1u << 16)
#define CR0_NW		(1ull << 29)
#define CR0_CD		(1ull << 30)
#define CR4_PGE		(1ull << 7)

/* The boot CPU's, written before the first AP starts, read-only after. */
static struct reg_snap boot_snap;
static struct mtrr_regs boot_mtrr;
static bool boot_has_mtrr, boot_taken;
/* APs whose fixed ranges were left as they were (mtrr_fixed_copy_ok) */
static uint32_t fixed_kept;

static uint32_t cpuid1_edx(void)
{
	uint32_t r[4];

	cpuid(1, 0, r);
	return r[3];
}

/* AMD's SYSCFG and TOP_MEM2 (K8 on: family 0xf and later), Hygon's too */
static bool amd_syscfg(void)
{
	uint32_t v[4], f[4];

	cpuid(0, 0, v);
	if (!(v[1] == 0x68747541 && v[3] == 0x69746e65 && v[2] == 0x444d4163) &&
	    !(v[1] == 0x6f677948 && v[3] == 0x6e65476e && v[2] == 0x656e6975))
		return false;	/* "AuthenticAMD", "HygonGenuine" */
	cpuid(1, 0, f);
	return ((f[0] >> 8) & 0xf) == 0xf;
}

/* What this CPU has: its MTRRs when CPUID offers them. */
static bool read_mtrrs(struct mtrr_regs *m)
{
	*m = (struct mtrr_regs){ 0 };
	if (!(cpuid1_edx() & CPUID1_EDX_MTRR))
		return false;
	m->cap = rdmsr(MSR_MTRRCAP);
	m->def_type = rdmsr(MSR_MTRR_DEF_TYPE);
	if (mtrr_fixed_active(m))
		for (unsigned i = 0; i < MTRR_NFIXED; i++)
			m->fixed[i] = rdmsr(mtrr_fixed_msr(i));
	m->nvar = MTRRCAP_VCNT(m->cap);
	if (m->nvar > MTRR_MAX_VAR)
		m->nvar = MTRR_MAX_VAR;	/* the snapshot says truncated */
	for (unsigned i = 0; i < m->nvar; i++) {
		m->base[i] = rdmsr(MSR_MTRR_PHYSBASE0 + 2 * i);
		m->mask[i] = rdmsr(MSR_MTRR_PHYSBASE0 + 2 * i + 1);
	}
	if (amd_syscfg()) {	/* SYSCFG #GPs on Intel: AMD and Hygon only */
		uint64_t syscfg = rdmsr(MSR_AMD_SYSCFG);

		m->tom2 = mtrr_amd_tom2(syscfg, rdmsr(MSR_AMD_TOP_MEM2));
		m->fixed_dram_bits = syscfg & SYSCFG_MTRR_FIX_DRAM_MOD_EN;
	}
	return true;
}

static void snap(struct reg_snap *s)
{
	struct mtrr_regs m;

	*s = (struct reg_snap){ 0 };
	if (cpuid1_edx() & CPUID1_EDX_PAT)
		reg_snap_put(s, MSR_PAT, rdmsr(MSR_PAT));
	if (!read_mtrrs(&m))
		return;
	reg_snap_put(s, MSR_MTRRCAP, m.cap);
	reg_snap_put(s, MSR_MTRR_DEF_TYPE, m.def_type);
	if (mtrr_fixed_active(&m))
		for (unsigned i = 0; i < MTRR_NFIXED; i++)
			reg_snap_put(s, mtrr_fixed_msr(i), m.fixed[i]);
	for (unsigned i = 0; i < m.nvar; i++) {
		reg_snap_put(s, MSR_MTRR_PHYSBASE0 + 2 * i, m.base[i]);
		reg_snap_put(s, MSR_MTRR_PHYSBASE0 + 2 * i + 1, m.mask[i]);
	}
	if (MTRRCAP_VCNT(m.cap) > MTRR_MAX_VAR)
		s->truncated = true;
}

struct cpu_regs *x86_mem_types_slot(uint32_t cpu)
{
	if (!boot_taken) {
		snap(&boot_snap);
		boot_has_mtrr = read_mtrrs(&boot_mtrr);
		boot_taken = true;
	}
	return cpu_regs_slot(cpu);
}

static void flush_tlb(uint64_t cr4)
{
	uint64_t cr3;

	if (cr4 & CR4_PGE) {	/* global pages too */
		__asm__ volatile("mov %0, %%cr4" : : "r"(cr4 & ~CR4_PGE)
				 : "memory");
		__asm__ volatile("mov %0, %%cr4" : : "r"(cr4) : "memory");
	} else {
		__asm__ volatile("mov %%cr3, %0; mov %0, %%cr3" : "=r"(cr3)
				 : : "memory");
	}
}

/*
 * The boot CPU's MTRRs and PAT into this AP, by the SDM's procedure
 * (vol. 3, 11.11.7.2 and 11.11.8): caches off and flushed, MTRRs
 * disabled while written, flushed again, enabled.  Linux does the same
 * for every AP it starts (mtrr_ap_init).  Real CPUs keep their MTRRs
 * across INIT; QEMU resets them, leaving its APs all UC.
 */
static void load_boot_types(void)
{
	uint64_t cr0, cr4, cap = rdmsr(MSR_MTRRCAP);
	unsigned nvar = boot_mtrr.nvar;
	bool fixed = mtrr_fixed_active(&boot_mtrr) && (cap & MTRRCAP_FIX);
	bool ap_dram_bits = amd_syscfg() &&
		(rdmsr(MSR_AMD_SYSCFG) & SYSCFG_MTRR_FIX_DRAM_MOD_EN);

	if (fixed && !mtrr_fixed_copy_ok(&boot_mtrr, ap_dram_bits)) {
		fixed = false;
		__atomic_fetch_add(&fixed_kept, 1, __ATOMIC_RELAXED);
	}

	if (MTRRCAP_VCNT(cap) < nvar)
		nvar = MTRRCAP_VCNT(cap);
	__asm__ volatile("mov %%cr0, %0" : "=r"(cr0));
	__asm__ volatile("mov %%cr4, %0" : "=r"(cr4));
	__asm__ volatile("mov %0, %%cr0; wbinvd"
			 : : "r"((cr0 | CR0_CD) & ~CR0_NW) : "memory");
	flush_tlb(cr4);
	wrmsr(MSR_MTRR_DEF_TYPE, boot_mtrr.def_type &
	      ~(MTRR_DEF_E | MTRR_DEF_FE));
	if (fixed)
		for (unsigned i = 0; i < MTRR_NFIXED; i++)
			wrmsr(mtrr_fixed_msr(i), boot_mtrr.fixed[i]);
	for (unsigned i = 0; i < nvar; i++) {
		wrmsr(MSR_MTRR_PHYSBASE0 + 2 * i, boot_mtrr.base[i]);
		wrmsr(MSR_MTRR_PHYSBASE0 + 2 * i + 1, boot_mtrr.mask[i]);
	}
	for (uint32_t i = 0; i < boot_snap.n; i++)
		if (boot_snap.r[i].id == MSR_PAT)
			wrmsr(MSR_PAT, boot_snap.r[i].val);
	__asm__ volatile("wbinvd" : : : "memory");
	flush_tlb(cr4);
	wrmsr(MSR_MTRR_DEF_TYPE, boot_mtrr.def_type);
	__asm__ volatile("mov %0, %%cr0" : : "r"(cr0) : "memory");
}

void x86_mem_types_take(struct cpu_regs *c)
{
	struct reg_diff d;

	snap(&c->snap);
	if (boot_taken && boot_has_mtrr && (cpuid1_edx() & CPUID1_EDX_MTRR) &&
	    reg_snap_diff(&boot_snap, &c->snap, &d, 1)) {
		load_boot_types();
		c->fixed_up = 1;
		snap(&c->snap);	/* what the boot CPU compares: the result */
	}
	cpu_regs_done(c);
}

/* [lo, hi) write-back by the boot CPU's MTRRs, or a warning. */
static bool check_wb(const struct mtrr_regs *m, const char *what,
		     uint64_t lo, uint64_t hi)
{
	enum mtrr_type got;
	uint64_t at;
	char msg[200];

	if (hi <= lo || mtrr_range_is(m, lo, hi - lo, MTRR_WB, &at, &got))
		return true;
	snprintf(msg, sizeof(msg), "%s [%#llx, %#llx): %#llx is %s by the "
		 "boot CPU's MTRRs, not write-back; lines there do not "
		 "measure coherence", what, (unsigned long long)lo,
		 (unsigned long long)hi, (unsigned long long)at,
		 mtrr_type_name(got));
	report_warn("mtrr", 0, msg);
	return false;
}

#define PTE_P		(1ull << 0)
#define PTE_PWT		(1ull << 3)
#define PTE_PCD		(1ull << 4)
#define PTE_PS		(1ull << 7)	/* PDPTE/PDE: a 1 GiB / 2 MiB page */
#define PTE_PAT_4K	(1ull << 7)
#define PTE_PAT_BIG	(1ull << 12)
#define PTE_ADDR	0x000ffffffffff000ull
#define PAT_WB		6

/*
 * The leaf that maps @va in the boot CPU's tables (UEFI's identity map:
 * a table's physical address is where we read it): its entry, and in
 * *size the bytes it maps; 0 when @va is not mapped.
 */
static uint64_t leaf(uint64_t va, uint64_t *size)
{
	uint64_t cr3, cr4, e;
	int level;

	__asm__ volatile("mov %%cr3, %0" : "=r"(cr3));
	__asm__ volatile("mov %%cr4, %0" : "=r"(cr4));
	e = cr3;
	for (level = cr4 & X86_CR4_LA57 ? 5 : 4; level >= 1; level--) {
		unsigned shift = 12 + 9 * (unsigned)(level - 1);
		const uint64_t *t = (const uint64_t *)(uintptr_t)(e & PTE_ADDR);

		e = t[(va >> shift) & 511];
		*size = 1ull << shift;
		if (!(e & PTE_P))
			return 0;
		if (level == 1 || ((level == 2 || level == 3) && (e & PTE_PS)))
			return e;
	}
	return 0;
}

/* The PAT entry (0-7) a leaf selects. */
static unsigned pat_index(uint64_t e, uint64_t size)
{
	bool pat = size == 4096 ? e & PTE_PAT_4K : e & PTE_PAT_BIG;

	return (unsigned)pat << 2 | !!(e & PTE_PCD) << 1 | !!(e & PTE_PWT);
}

/* Every page of [lo, hi) mapped through a WB PAT entry, or a warning. */
static bool check_pages(const char *what, uint64_t lo, uint64_t hi)
{
	uint64_t pat = rdmsr(MSR_PAT), va = lo, e = 0, size = 4096;
	unsigned idx = 0, type = 0;
	char msg[200];

	while (va < hi) {
		e = leaf(va, &size);
		if (!e)
			break;
		idx = pat_index(e, size);
		type = (unsigned)(pat >> (8 * idx)) & 7;
		if (type != PAT_WB)
			break;
		va = (va & ~(size - 1)) + size;
	}
	if (va >= hi)
		return true;
	if (!e)
		snprintf(msg, sizeof(msg), "cpu 0: %s page %#llx is not "
			 "mapped in the boot CPU's page tables", what,
			 (unsigned long long)va);
	else
		snprintf(msg, sizeof(msg), "cpu 0: %s page %#llx: PAT/PCD/PWT "
			 "select PAT entry %u, type %u, not write-back; lines "
			 "there do not measure coherence", what,
			 (unsigned long long)va, idx, type);
	report_warn("memtype", 0, msg);
	return false;
}

/* The common heap and every node pool: where the arenas come from. */
static void check_arena(const struct mtrr_regs *m, char *out, size_t n)
{
	uint64_t lo, hi;
	uint32_t pools = 0, bad = 0;
	char what[40];

	bad += !check_wb(m, "common heap", (uintptr_t)heap_start(),
			 (uintptr_t)heap_limit());
	bad += !check_pages("common heap", (uintptr_t)heap_start(),
			    (uintptr_t)heap_limit());
	for (uint32_t node = 0; node < TOPO_MAX_NODES; node++) {
		if (!node_pool_window(node, &lo, &hi))
			continue;
		snprintf(what, sizeof(what), "node %u pool", node);
		pools++;
		bad += !check_wb(m, what, lo, hi);
		bad += !check_pages(what, lo, hi);
	}
	snprintf(out, n, "%s, heap and %u node pool%s", bad ?
		 "NOT ALL WRITE-BACK" : "write-back", pools,
		 pools == 1 ? "" : "s");
}

static void msr_name(uint32_t id, char *buf, size_t n)
{
	mtrr_msr_name(id, buf, n);
}

void plat_check_cpus(void)
{
	static struct reg_snap boot;
	struct mtrr_regs m;
	uint32_t compared, differ, fixed_up;
	char arena[80] = "no MTRRs: memory types not known";

	snap(&boot);	/* now: what the APs were given may have changed */
	if (read_mtrrs(&m))
		check_arena(&m, arena, sizeof(arena));
	differ = cpu_regs_compare(&boot, msr_name, &compared, &fixed_up);
	report_printf("memory types: %u CPUs compared with the boot CPU "
		      "(%u registers: MTRRs, PAT), %u differ; %s\n", compared,
		      boot.n, differ, arena);
	if (fixed_up)
		report_printf("memory types: %u of %u CPUs started with MTRRs "
			      "or PAT unlike the boot CPU's and were given "
			      "the boot CPU's, as Linux does (QEMU resets "
			      "them at INIT; real CPUs keep them)\n",
			      fixed_up, compared);
	if (boot_mtrr.fixed_dram_bits)
		report_warn("firmware", 0, "SYSCFG.MtrrFixDramModEn left set "
			    "by the firmware (AMD: cleared for operation); "
			    "fixed-range types read from bits 2:0");
	if (fixed_kept)
		report_printf("memory types: %u CPUs kept their own fixed-range "
			      "MTRRs: their SYSCFG.MtrrFixDramModEn differs "
			      "from the boot CPU's (copying would move their "
			      "RdMem/WrMem)\n", fixed_kept);
	x86_idle_wait_report(compared);
}
