/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internals of the arm64 UEFI platform: system registers, PSCI, the
 * secondary boot block, and what its files share.
 */
#ifndef SBM_ARM64_H
#define SBM_ARM64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/engine.h"
#include "efi_plat.h"

#define read_sysreg(r) ({ uint64_t __v;                                    \
	__asm__ volatile("mrs %0, " #r : "=r"(__v)); __v; })
#define write_sysreg(r, v)                                                 \
	__asm__ volatile("msr " #r ", %0" : : "r"((uint64_t)(v)) : "memory")
#define isb() __asm__ volatile("isb" ::: "memory")

/* MPIDR affinity fields Aff3..Aff0: what MADT GICC and the DT reg hold. */
#define MPIDR_AFF_MASK	0xff00ffffffull

static inline unsigned current_el(void)
{
	return (unsigned)(read_sysreg(CurrentEL) >> 2) & 3;
}

/* PAR_EL1 after AT S1E1R (S1E2R at EL2) of @va: bit 0 set when it does
 * not translate, else the page's MAIR attribute in bits 63:56 (the memory
 * type checks of mem_types.c and gic_wake.c). */
static inline uint64_t arm64_translate(uint64_t va)
{
	if (current_el() == 2)
		__asm__ volatile("at s1e2r, %0" : : "r"(va) : "memory");
	else
		__asm__ volatile("at s1e1r, %0" : : "r"(va) : "memory");
	isb();
	return read_sysreg(par_el1);
}

/* psci.c */
enum psci_conduit { PSCI_NONE, PSCI_HVC, PSCI_SMC };
extern enum psci_conduit psci_conduit;
const char *psci_conduit_name(void);
/* PSCI_VERSION as "major.minor", or NULL without a conduit. */
const char *psci_version(char *buf, size_t len);
const char *psci_error_name(int64_t rc);
int64_t psci_cpu_on(uint64_t mpidr, uint64_t entry, uint64_t context);
/* This CPU off (PSCI CPU_OFF): returns only on failure. */
int64_t psci_cpu_off(void);
void psci_system_off(void);

/* What the firmware said, from ACPI or the DT. */
struct arm64_fw {
	const char *tables;	/* "acpi", "dt" or "none" */
	uint64_t uart;		/* UART base, 0 when none stated */
	const char *uart_source; /* "spcr", "dt-stdout-path", ... */
	/* SPCR types 0, 1, 0x12, 0x10, DT ns16550a, snps,dw-apb-uart,
	 * brcm,bcm2835-aux-uart: a 16550 on MMIO (else a PL011) */
	bool uart_16550;
	bool uart_mini;		/* BCM2835 mini-UART: its divisor rule */
	bool uart_pl011_id;	/* an ARM PL011 (not SBSA): check its ID */
	unsigned uart_width, uart_stride;
	/* 0: unknown; a baud of 0 is "as configured": not reprogrammed */
	uint32_t uart_clock_hz, uart_baud;
	bool qemu;		/* QEMU's ACPI OEM id or DT compatible */
};

/* pl011.c: the console the firmware named in @fw, once its address is
 * outside RAM and (an ARM PL011) its ID registers name one; else none
 * (fw->uart = 0), said on ConOut and as a warning. */
void arm64_console_init(struct arm64_fw *fw);

/* acpi_topo.c: CPUs, nodes, packages, LLCs; conduit and UART; with
 * @dump (acpidump=1) the tables printed first (efi_acpi_dump()). */
int arm64_acpi_topo(struct topo *topo, uint64_t rsdp, uint64_t bsp_mpidr,
		  struct arm64_fw *fw, bool dump);
/* After topo_finalize(): SLIT distances, PPTT or CCSIDR caches. */
void arm64_acpi_after(struct topo *t);

/* dt_topo.c: the same from the DTB (acpi=off). */
int arm64_dt_topo(struct topo *t, const void *dtb, uint64_t bsp_mpidr,
		struct arm64_fw *fw, const char **why);
void arm64_dt_after(struct topo *t);

/* cpu_info.c */
void arm64_cpu_model(char *buf, size_t len);
void arm64_cpu_ids(struct machine_info *info);
bool arm64_has_lse(void);
/* arm64_has_lse() on the boot CPU, set before any CAS (isa_ops.h) */
extern uint8_t arm64_lse;
/* Caches of this CPU from CLIDR/CCSIDR; returns the largest data line. */
uint32_t arm64_cache_line(void);
/* Add CLIDR caches to @t (after finalize): levels below the last are
 * private, the last is shared by each LLC group. */
void arm64_add_clidr_caches(struct topo *t);
/* Start PMCCNTR on this CPU; true when it advances. */
bool arm64_pmu_enable(void);
/*
 * The boot CPU at EL2, as Linux's init_el2 leaves it (secondary.S does the
 * same for the others): MDCR_EL2 with no PMU or debug traps and HPMN =
 * PMCR_EL0.N.  Says whether HCR_EL2.E2H (VHE) is set, MDCR_EL2.HPMN read
 * back and PMCR_EL0.N (both 0 without a PMU).
 */
void arm64_el2_init(bool *vhe, unsigned *hpmn, unsigned *pmu_n);
extern bool arm64_pmu_on;

/* pl011.c: the console, a PL011 or core's 16550 (MMIO). */
void pl011_init(uint64_t base);
uint64_t pl011_base(void);	/* 0 when the console is not a PL011 */
/* The 16550 @fw names, when it passes the driver's test; says how. */
bool arm64_uart16550_init(const struct arm64_fw *fw);
bool arm64_uart_present(void);

/* smp.c */
void arm64_smp_prepare(void);

#endif
