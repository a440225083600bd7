/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A parked CPU sleeps in wfi and the boot CPU wakes it with an SGI
 * (ICC_SGI1R_EL1), where the firmware left a GICv3 with its system
 * register interface on.  On hardware a wfe on the mailbox line wakes as
 * fast, but under TCG wfe is a busy yield and wfi a real sleep: with
 * wfe, 255 parked vCPUs on a 2-core host starve the boot CPU.
 *
 * Interrupts stay masked at the CPU (PSTATE.I): a pending SGI still ends
 * wfi (a WFI wake-up event whatever PSTATE.I says), and the CPU
 * acknowledges it by reading ICC_IAR1_EL1, never taking the exception.
 * Each secondary proves the path with one SGI to itself before it relies
 * on it; any step that does not take leaves that CPU on wfe.  The ACPI
 * MADT (GICD, GICR, GICC) says where the GIC is, or on a DT boot the
 * "arm,gic-v3" node (dt_topo.c).
 * A redistributor range the firmware's page tables leave out is mapped
 * (Device memory, invalid entries only) before anything reads it.
 *
 * The boot CPU, once the firmware is gone, sleeps the same way while a
 * run it has no part in goes on (plat_boot_cpu_wait()): woken by the SGI
 * of the CPU that acks, bounded by its EL's virtual timer (a PPI enabled
 * in its own redistributor), both proven first; else it spins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm64.h"
#include "efi_acpi.h"
#include "efi_plat.h"
#include "engine/mem.h"
#include "gic_wake.h"
#include "gicr_walk.h"
#include "output/report.h"

#define WAKE_SGI	1	/* a Non-secure SGI (0-7, as Linux's IPIs) */
#define WAKE_PRIO	0xa0	/* above PMR's 0xf0 */
#define PMR_ALL		0xf0

#define GICD_CTLR	0x0000
#define GICD_PIDR2	0xffe8
#define CTLR_RWP	(1u << 31)
#define CTLR_ARE_NS	(1u << 4)
#define CTLR_GRP1A	(1u << 1)	/* DS=1: EnableGrp1 */
#define CTLR_GRP1	(1u << 0)	/* DS=1: EnableGrp0 */

#define GICR_WAKER	0x0014
#define WAKER_SLEEP	(1u << 1)
#define WAKER_ASLEEP	(1u << 2)
#define SGI_BASE	0x10000
#define GICR_IGROUPR0	0x0080
#define GICR_ISENABLER0	0x0100
#define GICR_ICPENDR0	0x0280
#define GICR_ISACTIVER0	0x0300
#define GICR_IPRIORITYR	0x0400
#define GICR_IGRPMODR0	0x0d00

#define ICC_SRE_SRE	(1ull << 0)
#define ICC_SRE_ENABLE	(1ull << 3)	/* ICC_SRE_EL2: EL1 may set SRE */
#define ICC_CTLR_EOI	(1ull << 1)
#define ICC_CTLR_RSS	(1ull << 18)
#define INTID_SPURIOUS	1020	/* 1020-1023: nothing acknowledged */

#define MAX_RANGES	64
#define RANGE_MAX_LEN	(1ull << 30)

static bool gic_ok;
static uint64_t gicd;
static struct gicr_range ranges[MAX_RANGES];
static unsigned nranges;
static bool ranges_full;
static unsigned nunmapped;	/* ranges the firmware's tables leave out */
static uint32_t nwfi;		/* secondaries that proved the SGI */
static bool from_dt;		/* gicd and ranges from the DT */
static uint64_t rd_stride;	/* the DT's redistributor-stride, or 0 */
static unsigned nnot_rd;	/* region walks that met no redistributor */

static uint32_t rd32(uint64_t a)
{
	return *(volatile uint32_t *)(uintptr_t)a;
}

static uint64_t rd64(uint64_t a)
{
	return *(volatile uint64_t *)(uintptr_t)a;
}

static void wr32(uint64_t a, uint32_t v)
{
	*(volatile uint32_t *)(uintptr_t)a = v;
}

static void wr8(uint64_t a, uint8_t v)
{
	*(volatile uint8_t *)(uintptr_t)a = v;
}

static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

/* Device space the firmware's memory map does not call memory. */
static bool mmio_ok(uint64_t base, uint64_t len)
{
	return base && !(base & 0xffff) && len && base + len > base &&
	       !efi_in_memory(base, len);
}

static void add_range(uint64_t base, uint64_t len)
{
	if (nranges == MAX_RANGES) {
		ranges_full = true;
		return;
	}
	ranges[nranges++] = (struct gicr_range){ base, len };
}

/*
 * MADT entries (ACPI 6.5, 5.2.12): GICD (type 0xc: base at 8, version
 * at 20), GICR (0xe: range base at 4, length at 12), GICC (0xb: its own
 * GICR frame at 60, from 76 bytes on), used when no GICR lists them.
 */
/* What the MADT or the DT (@src) gave, checked alike: NULL, or why not. */
static const char *found_ok(const char *src)
{
	static char why[112];
	const char *what = NULL;

	if (!gicd)
		what = "names no GIC distributor";
	else if (!nranges)
		what = "names no GICv3 redistributor";
	else if (!mmio_ok(gicd, 0x10000))
		what = "puts the GIC distributor in memory or unaligned";
	for (unsigned i = 0; !what && i < nranges; i++)
		if (ranges[i].len > RANGE_MAX_LEN ||
		    !mmio_ok(ranges[i].base, ranges[i].len))
			what = "has a GIC redistributor range in memory, "
			       "unaligned or too long";
	if (!what)
		return NULL;
	snprintf(why, sizeof(why), "the %s %s", src, what);
	return why;
}

static const char *madt_gic(const uint8_t *t, size_t len, unsigned *ver)
{
	uint64_t gicc_rd[MAX_RANGES];
	unsigned ngicc = 0;
	bool have_gicr = false;

	*ver = 0;
	for (size_t o = 44; o + 2 <= len;) {
		uint8_t type = t[o], el = t[o + 1];

		if (el < 2 || o + el > len)
			break;	/* the topology parser already warned */
		if (type == 0xc && el >= 24 && !gicd) {
			gicd = le(t + o + 8, 8);
			*ver = t[o + 20];
		} else if (type == 0xe && el >= 16) {
			have_gicr = true;
			add_range(le(t + o + 4, 8), le(t + o + 12, 4));
		} else if (type == 0xb && el >= 76 && ngicc < MAX_RANGES) {
			uint64_t rd = le(t + o + 60, 8);

			if (rd)
				gicc_rd[ngicc++] = rd;
		}
		o += el;
	}
	if (!have_gicr)
		for (unsigned i = 0; i < ngicc; i++)
			add_range(gicc_rd[i], GICR_FRAME);
	return found_ok("MADT");
}

void arm64_gic_wake_dt(uint64_t d, const uint64_t *base,
		       const uint64_t *len, unsigned n, uint64_t stride)
{
	from_dt = true;
	gicd = d;
	rd_stride = stride;
	for (unsigned i = 0; i < n; i++)
		add_range(base[i], len[i]);
}

static bool sysreg_gic(void)
{
	/* ID_AA64PFR0_EL1.GIC: the system register interface exists */
	return (read_sysreg(id_aa64pfr0_el1) >> 24) & 0xf;
}

static uint64_t sre(void)
{
	if (current_el() == 2)
		return read_sysreg(S3_4_C12_C9_5);	/* ICC_SRE_EL2 */
	return read_sysreg(S3_0_C12_C12_5);		/* ICC_SRE_EL1 */
}

/* Every 64 KiB frame of [base, base + len) mapped as Device memory in
 * the firmware's tables (QEMU's second redistributor range, above
 * 256 GiB, is not: a read there would fault). */
static bool mapped_device(uint64_t base, uint64_t len)
{
	for (uint64_t o = 0; o < len; o += 0x10000) {
		uint64_t par = arm64_translate(base + o);

		if ((par & 1) || (par >> 60))	/* fault, or Normal memory */
			return false;
	}
	return true;
}

#define BLOCK_2M	0x200000ull
#define DESC_ADDR	0x0000fffffffff000ull
#define DESC_TABLE	3ull
#define DESC_BLOCK	1ull
#define DESC_AF		(1ull << 10)
#define DESC_AP1	(1ull << 6)	/* RES1 in the EL2 regime */
#define DESC_PXN	(1ull << 53)
#define DESC_XN		(1ull << 54)	/* UXN at EL1, XN at EL2 */

/* The MAIR index of a Device-nGnRE (else nGnRnE) attribute; 8: none. */
static unsigned device_index(uint64_t mair)
{
	unsigned best = 8;

	for (unsigned i = 0; i < 8; i++) {
		unsigned a = (unsigned)(mair >> (8 * i)) & 0xff;

		if (a == 0x04)
			return i;
		if (a == 0x00 && best == 8)
			best = i;
	}
	return best;
}

/*
 * Map [base, base + len) as Device memory, 2 MiB blocks, where the
 * firmware's identity map leaves it out (QEMU's redistributors above
 * 256 GiB): only entries that are invalid are written, a 4 KiB granule
 * only.  The boot CPU's TLB is invalidated; each secondary invalidates
 * its own as it starts (secondary.S).
 */
static bool map_device(uint64_t base, uint64_t len)
{
	bool el2 = current_el() == 2;
	uint64_t tcr = el2 ? read_sysreg(tcr_el2) : read_sysreg(tcr_el1);
	uint64_t ttbr = el2 ? read_sysreg(ttbr0_el2) : read_sysreg(ttbr0_el1);
	unsigned idx = device_index(el2 ? read_sysreg(mair_el2) :
				    read_sysreg(mair_el1));
	unsigned vabits = 64 - (unsigned)(tcr & 0x3f), start;
	uint64_t leaf = DESC_AF | DESC_XN | DESC_BLOCK |
			(el2 ? DESC_AP1 : DESC_PXN);

	if (((tcr >> 14) & 3) || idx == 8 || vabits < 31 || vabits > 48 ||
	    (base | len) & (BLOCK_2M - 1) || base + len > 1ull << vabits)
		return false;
	start = vabits > 39 ? 0 : 1;
	leaf |= (uint64_t)idx << 2;
	for (uint64_t va = base; va < base + len; va += BLOCK_2M) {
		uint64_t *t = (uint64_t *)(uintptr_t)(ttbr & DESC_ADDR), *e;
		bool skip = false;

		for (unsigned lvl = start; lvl < 2 && !skip; lvl++) {
			e = &t[(va >> (39 - 9 * lvl)) & 511];
			if ((*e & 3) == DESC_BLOCK) {
				skip = true;	/* a block maps it already */
				break;
			}
			if (!(*e & 1)) {
				uint64_t *nt = mem_alloc_aligned(4096, 4096);

				if (!nt)
					return false;
				memset(nt, 0, 4096);
				__asm__ volatile("dsb ishst" ::: "memory");
				*e = (uintptr_t)nt | DESC_TABLE;
			}
			t = (uint64_t *)(uintptr_t)(*e & DESC_ADDR);
		}
		if (skip)
			continue;
		e = &t[(va >> 21) & 511];
		if (!(*e & 1))
			*e = va | leaf;
	}
	__asm__ volatile("dsb ishst" ::: "memory");
	if (el2)
		__asm__ volatile("tlbi alle2" ::: "memory");
	else
		__asm__ volatile("tlbi vmalle1" ::: "memory");
	__asm__ volatile("dsb ish\n\tisb" ::: "memory");
	return true;
}

static const char *why_not(void)
{
	struct efi_acpi a;
	uint64_t rsdp = efi_find_rsdp();
	const void *madt;
	const char *why;
	unsigned ver;
	size_t len;

	if (!sysreg_gic())
		return "no GIC system register interface (ID_AA64PFR0_EL1.GIC)";
	if (!(sre() & ICC_SRE_SRE))
		return "the firmware left the GIC's system registers off "
		       "(ICC_SRE.SRE)";
	if (from_dt) {
		if ((why = found_ok("DT's arm,gic-v3 node")))
			return why;
		ver = 0;
	} else if (!rsdp || efi_acpi_scan(rsdp, &a) ||
		   !(madt = efi_acpi_find(&a, "APIC", &len))) {
		return "no ACPI MADT and no GICv3 node in the DT";
	} else if ((why = madt_gic(madt, len, &ver))) {
		return why;
	}
	if (!ver)	/* "not stated": the distributor's own ArchRev */
		ver = (rd32(gicd + GICD_PIDR2) >> 4) & 0xf;
	if (ver < 3)
		return "a GICv2 (its SGIs are not system registers)";
	if (!mapped_device(gicd, 0x10000))
		return "the GIC distributor is not mapped as Device memory";
	for (unsigned i = 0; i < nranges; i++)
		if (!mapped_device(ranges[i].base, ranges[i].len) &&
		    !(map_device(ranges[i].base, ranges[i].len) &&
		      mapped_device(ranges[i].base, ranges[i].len))) {
			ranges[i].len = 0;	/* its CPUs keep wfe */
			nunmapped++;
		}
	if (nunmapped == nranges)
		return "no GIC redistributor range is mapped as Device memory";
	return NULL;
}

const char *arm64_gic_wake_prepare(void)
{
	const char *why = why_not();

	if (why) {
		report_printf("parked CPUs: wfe (%s)\n", why);
		return "wfe";
	}
	gic_ok = true;
	report_printf("parked CPUs: wfi, woken by SGI %u (GICv3 distributor "
		      "0x%llx, %u redistributor range%s%s%s)\n", WAKE_SGI,
		      (unsigned long long)gicd, nranges, nranges == 1 ? "" : "s",
		      nunmapped ? ", some not mapped by the firmware: their "
		      "CPUs wait with wfe" : "",
		      ranges_full ? ", more not read" : "");
	return "wfi";
}

/* Bounded: a register that never settles leaves the wake unproven,
 * and the self-test then keeps that CPU on wfe. */
static bool wait_clear(uint64_t reg, uint32_t bits)
{
	for (unsigned i = 0; i < 1000000; i++)
		if (!(rd32(reg) & bits))
			return true;
	return false;
}

void arm64_gic_wake_start(void)
{
	uint32_t ctlr;

	if (!gic_ok)
		return;
	wait_clear(gicd + GICD_CTLR, CTLR_RWP);
	ctlr = rd32(gicd + GICD_CTLR);
	wr32(gicd + GICD_CTLR, ctlr | CTLR_ARE_NS | CTLR_GRP1A | CTLR_GRP1);
	wait_clear(gicd + GICD_CTLR, CTLR_RWP);
	ctlr = rd32(gicd + GICD_CTLR);
	if ((ctlr & (CTLR_ARE_NS | CTLR_GRP1A)) != (CTLR_ARE_NS | CTLR_GRP1A)) {
		gic_ok = false;
		report_warn("idle-wait", 0, "the GIC distributor kept Group 1 "
			    "or affinity routing off: parked CPUs use wfe");
	}
}

/* MPIDR affinity as GICR_TYPER and ICC_SGI1R_EL1 spell it. */
static uint32_t aff32(uint64_t mpidr)
{
	return (uint32_t)((mpidr & 0xffffff) | ((mpidr >> 8) & 0xff000000));
}

static uint64_t sgi1r(uint64_t mpidr, unsigned intid)
{
	uint64_t aff0 = mpidr & 0xff;

	return (1ull << (aff0 & 0xf)) | (((mpidr >> 8) & 0xff) << 16) |
	       ((uint64_t)intid << 24) | (((mpidr >> 16) & 0xff) << 32) |
	       ((aff0 >> 4) << 44) | (((mpidr >> 32) & 0xff) << 48);
}

static uint64_t find_rd(uint64_t mpidr)
{
	static const struct gicr_io io = { rd32, rd64 };
	unsigned nbad = 0;
	uint64_t rd = gicr_find(ranges, nranges, rd_stride, aff32(mpidr), &io,
				&nbad);

	__atomic_fetch_add(&nnot_rd, nbad, __ATOMIC_RELAXED);
	return rd;
}

static void send(uint64_t mpidr)
{
	__asm__ volatile("dsb ishst" ::: "memory");
	write_sysreg(S3_0_C12_C11_5, sgi1r(mpidr, WAKE_SGI)); /* ICC_SGI1R */
	isb();
}

/* Acknowledge one interrupt; its INTID, or >= 1020 when none. */
static uint32_t ack_one(void)
{
	uint32_t intid = (uint32_t)read_sysreg(S3_0_C12_C12_0) & 0xffffff;

	__asm__ volatile("dsb sy" ::: "memory");	/* ICC_IAR1 above */
	if (intid < INTID_SPURIOUS) {
		write_sysreg(S3_0_C12_C12_1, intid);	/* ICC_EOIR1_EL1 */
		isb();
	}
	return intid;
}

void arm64_gic_wake_ack(void)
{
	ack_one();
}

static bool self_test(uint64_t mpidr)
{
	uint64_t hz = read_sysreg(cntfrq_el0), t0;

	for (unsigned i = 0; i < 64 && ack_one() < INTID_SPURIOUS; i++)
		;	/* whatever the firmware left pending */
	send(mpidr);
	t0 = read_sysreg(cntvct_el0);
	/*
	 * 10 ms (1e6 reads when CNTFRQ says nothing).  The time is read
	 * before each look, so the last look comes after the deadline: a
	 * vCPU its host stopped for longer than that (QEMUs side by side)
	 * still sees an SGI that arrived meanwhile.
	 */
	for (uint64_t n = 0;; n++) {
		bool late = hz ? read_sysreg(cntvct_el0) - t0 >= hz / 100 :
				 n >= 1000000;

		if (ack_one() == WAKE_SGI)
			return true;
		if (late)
			return false;
	}
}

/* @intid (an SGI or PPI) in Group 1 at WAKE_PRIO, enabled, not pending,
 * in the redistributor at @rd. */
static void intid_on(uint64_t rd, uint32_t intid)
{
	uint64_t sgi = rd + SGI_BASE;
	uint32_t bit = 1u << intid;

	wr32(sgi + GICR_IGROUPR0, rd32(sgi + GICR_IGROUPR0) | bit);
	wr32(sgi + GICR_IGRPMODR0, rd32(sgi + GICR_IGRPMODR0) & ~bit);
	wr8(sgi + GICR_IPRIORITYR + intid, WAKE_PRIO);
	wr32(sgi + GICR_ICPENDR0, bit);
	wr32(sgi + GICR_ISENABLER0, bit);
	__asm__ volatile("dsb sy" ::: "memory");
}

/* This CPU's redistributor and CPU interface on, its SGI seen. */
static bool cpu_wake_setup(void)
{
	uint64_t mpidr = read_sysreg(mpidr_el1) & MPIDR_AFF_MASK, rd;

	if (!gic_ok)
		return false;
	if (current_el() == 2)
		write_sysreg(S3_4_C12_C9_5, sre() | ICC_SRE_SRE | ICC_SRE_ENABLE);
	else
		write_sysreg(S3_0_C12_C12_5, sre() | ICC_SRE_SRE);
	isb();
	if (!(sre() & ICC_SRE_SRE))
		return false;
	/* an Aff0 above 15 needs the range selector */
	if ((mpidr & 0xf0) &&
	    !(read_sysreg(S3_0_C12_C12_4) & ICC_CTLR_RSS))
		return false;
	if (!(rd = find_rd(mpidr)))
		return false;
	if (rd32(rd + GICR_WAKER) & WAKER_SLEEP) {
		wr32(rd + GICR_WAKER, rd32(rd + GICR_WAKER) & ~WAKER_SLEEP);
		wait_clear(rd + GICR_WAKER, WAKER_ASLEEP);
	}
	intid_on(rd, WAKE_SGI);
	write_sysreg(S3_0_C4_C6_0, PMR_ALL);		/* ICC_PMR_EL1 */
	write_sysreg(S3_0_C12_C12_3, 0);		/* ICC_BPR1_EL1 */
	write_sysreg(S3_0_C12_C12_4,			/* ICC_CTLR_EL1 */
		     read_sysreg(S3_0_C12_C12_4) & ~ICC_CTLR_EOI);
	write_sysreg(S3_0_C12_C12_7, 1);		/* ICC_IGRPEN1_EL1 */
	isb();
	if (self_test(mpidr))
		return true;
	write_sysreg(S3_0_C12_C12_7, 0);	/* nothing signalled to wfe */
	isb();
	return false;
}

bool arm64_gic_wake_cpu(void)
{
	if (!cpu_wake_setup())
		return false;
	__atomic_add_fetch(&nwfi, 1, __ATOMIC_RELAXED);
	return true;
}

static bool boot_sleeps;
static uint32_t boot_ppi;

/* The virtual timer's PPI: 27, or the EL2 virtual timer's (28) where
 * HCR_EL2.E2H sends CNTV_*_EL0 there. */
static uint32_t vtimer_ppi(void)
{
	if (current_el() == 2 && (read_sysreg(hcr_el2) >> 34) & 1)
		return 28;
	return 27;
}

static void vtimer_arm(uint64_t ticks)
{
	write_sysreg(cntv_cval_el0, read_sysreg(cntvct_el0) + ticks);
	write_sysreg(cntv_ctl_el0, 1);		/* ENABLE, not IMASK */
	isb();
}

/* Timer off (its level interrupt drops), then whatever is pending
 * acknowledged and ended. */
static void vtimer_off(void)
{
	write_sysreg(cntv_ctl_el0, 0);
	isb();
	for (unsigned i = 0; i < 8 && ack_one() < INTID_SPURIOUS; i++)
		;
}

/* The boot CPU's SGI proven (cpu_wake_setup), then its timer: one that
 * fires at once must reach the CPU interface within 10 ms. */
static bool boot_sleep_setup(void)
{
	uint64_t hz = read_sysreg(cntfrq_el0), rd, t0;
	bool seen = false;

	if (!hz || !cpu_wake_setup())
		return false;
	rd = find_rd(read_sysreg(mpidr_el1) & MPIDR_AFF_MASK);
	boot_ppi = vtimer_ppi();
	intid_on(rd, boot_ppi);
	vtimer_arm(0);
	t0 = read_sysreg(cntvct_el0);
	for (;;) {
		bool late = read_sysreg(cntvct_el0) - t0 >= hz / 100;

		if (ack_one() == boot_ppi) {
			seen = true;
			break;
		}
		if (late)
			break;
	}
	vtimer_off();
	/* both ended, not left active: an active one at WAKE_PRIO would
	 * keep every later wake from being signalled (at EL2 whether EOIR
	 * also deactivates is EL3's choice) */
	return seen && !(rd32(rd + SGI_BASE + GICR_ISACTIVER0) &
			 (1u << WAKE_SGI | 1u << boot_ppi));
}

bool arm64_gic_boot_sleeps(void)
{
	return boot_sleeps;
}

bool arm64_gic_boot_sleep(volatile uint32_t *word, uint32_t old)
{
	if (!boot_sleeps)
		return false;
	vtimer_arm(read_sysreg(cntfrq_el0) / 1000);	/* 1 ms */
	/* an SGI sent since the caller's look is pending: wfi returns */
	if (__atomic_load_n(word, __ATOMIC_ACQUIRE) == old)
		__asm__ volatile("dsb sy\n\twfi" ::: "memory");
	vtimer_off();
	return true;
}

/* Only from a CPU with the GIC's system registers on: a secondary that
 * could not turn them on would take an undefined instruction here. */
void arm64_gic_boot_wake(uint64_t mpidr)
{
	if (__atomic_load_n(&boot_sleeps, __ATOMIC_RELAXED) &&
	    (sre() & ICC_SRE_SRE))
		send(mpidr);
}

void arm64_gic_wake_send(uint64_t mpidr)
{
	if (gic_ok)
		send(mpidr);
}

void arm64_gic_wake_report(uint32_t started)
{
	uint32_t n = __atomic_load_n(&nwfi, __ATOMIC_RELAXED);

	if (!gic_ok)
		return;
	boot_sleeps = boot_sleep_setup();
	report_printf("parked CPUs: %u of %u secondaries sleep in wfi (SGI "
		      "wake), %u in wfe; the boot CPU %s while it only "
		      "coordinates\n", n, started, started - n, boot_sleeps ?
		      "sleeps (wfi, SGI wake, virtual timer bound)" : "spins");
	if (n < started)
		report_warn("idle-wait", 0, "some secondaries park with wfe: "
			    "their redistributor is not mapped, or they did "
			    "not see their own SGI");
	if (__atomic_load_n(&nnot_rd, __ATOMIC_RELAXED))
		report_warn("idle-wait", 0, "a redistributor region holds a "
			    "frame whose GICR_PIDR2 is not GICv3/v4: its walk "
			    "stopped there");
}
