/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The HCR_EL2 the arm64 image runs with at EL2 (arch/arm64/hcr.h), for
 * each state a firmware hands over: physical IRQs and FIQs must be routed
 * to EL2 (IMO, FMO), and nothing else the firmware set may change.  QEMU
 * ends wfi whatever the routing, so this is what holds the rule.
 */
#include "check.h"
#include "../arch/arm64/hcr.h"

int main(void)
{
	/* U-Boot at EL2: RW only, TGE/IMO/FMO clear, interrupts to EL1 */
	uint64_t uboot = HCR_EL2_RW;
	/* AAVMF/EDK2 at EL2, nVHE: it routes its own interrupts to EL2 */
	uint64_t edk2 = HCR_EL2_RW | HCR_EL2_IMO | HCR_EL2_FMO |
			(1ull << 5) /* AMO */;
	/* a VHE host (Linux's HCR_HOST_VHE_FLAGS: E2H, TGE, AMO, IMO, FMO) */
	uint64_t vhe = HCR_EL2_E2H | HCR_EL2_TGE | (1ull << 5) |
		       HCR_EL2_IMO | HCR_EL2_FMO;
	/* E2H and TGE without IMO/FMO written: TGE already routes them */
	uint64_t vhe_bare = HCR_EL2_E2H | HCR_EL2_TGE | HCR_EL2_RW;
	/* stage-2 and trap bits a firmware left: kept as they were */
	uint64_t odd = HCR_EL2_RW | 1ull /* VM */ | (1ull << 13) /* TWI */;

	CHECK_EQ_U64(arm64_hcr_el2_for_wfi(uboot), 0x80000018ull);
	CHECK_EQ_U64(arm64_hcr_el2_for_wfi(edk2), edk2);
	CHECK_EQ_U64(arm64_hcr_el2_for_wfi(vhe), vhe);
	CHECK_EQ_U64(arm64_hcr_el2_for_wfi(vhe_bare),
		     vhe_bare | HCR_EL2_IMO | HCR_EL2_FMO);
	CHECK_EQ_U64(arm64_hcr_el2_for_wfi(odd), odd | 0x18);
	/* the bits are the Arm ARM's: FMO 3, IMO 4, TGE 27, RW 31, E2H 34 */
	CHECK_EQ_U64(HCR_EL2_FMO | HCR_EL2_IMO | HCR_EL2_TGE | HCR_EL2_RW |
		     HCR_EL2_E2H, 0x488000018ull);
	return check_done("test_arm64_hcr");
}
