/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * HCR_EL2 as the image needs it when it runs at EL2 and sleeps in wfi.
 *
 * With HCR_EL2.TGE and .IMO/.FMO clear (U-Boot leaves them so) physical
 * IRQs and FIQs are routed to EL1 (Arm ARM D1.3.6, "Asynchronous exception
 * routing"): at EL2 such an interrupt is never taken, and whether it ends
 * a wfi there is not something to rely on, so a parked CPU or the boot CPU
 * could sleep forever on hardware.  QEMU ends wfi whatever the routing,
 * so no boot row shows this.  Linux (VHE) and Jailhouse route them to EL2;
 * the image does the same with IMO and FMO (under TGE they read as set
 * anyway).  Pure arithmetic, so that the host tests hold it.
 */
#ifndef SBM_ARM64_HCR_H
#define SBM_ARM64_HCR_H

#include <stdint.h>

#define HCR_EL2_FMO	(1ull << 3)
#define HCR_EL2_IMO	(1ull << 4)
#define HCR_EL2_TGE	(1ull << 27)
#define HCR_EL2_RW	(1ull << 31)
#define HCR_EL2_E2H	(1ull << 34)

/* The HCR_EL2 the image runs with at EL2, from what the firmware left. */
static inline uint64_t arm64_hcr_el2_for_wfi(uint64_t firmware_hcr)
{
	return firmware_hcr | HCR_EL2_IMO | HCR_EL2_FMO;
}

#endif
