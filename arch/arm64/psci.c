/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PSCI through the conduit the firmware names (ACPI FADT ARM_BOOT_ARCH or
 * the DT /psci method).  Never guessed: the wrong conduit takes an
 * exception nobody handles, so without one nothing is called.
 */
#include <stdio.h>

#include "arm64.h"

#define PSCI_VERSION		0x84000000u
#define PSCI_CPU_OFF		0x84000002u
#define PSCI_CPU_ON_64		0xc4000003u
#define PSCI_SYSTEM_OFF		0x84000008u

enum psci_conduit psci_conduit = PSCI_NONE;

static int64_t psci_call(uint64_t fn, uint64_t a1, uint64_t a2, uint64_t a3)
{
	register uint64_t x0 __asm__("x0") = fn;
	register uint64_t x1 __asm__("x1") = a1;
	register uint64_t x2 __asm__("x2") = a2;
	register uint64_t x3 __asm__("x3") = a3;

	/* SMCCC 1.0 may clobber x4-x17. */
	if (psci_conduit == PSCI_HVC)
		__asm__ volatile("hvc #0"
				 : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
				 :
				 : "x4", "x5", "x6", "x7", "x8", "x9", "x10",
				   "x11", "x12", "x13", "x14", "x15", "x16",
				   "x17", "memory");
	else if (psci_conduit == PSCI_SMC)
		__asm__ volatile("smc #0"
				 : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
				 :
				 : "x4", "x5", "x6", "x7", "x8", "x9", "x10",
				   "x11", "x12", "x13", "x14", "x15", "x16",
				   "x17", "memory");
	else
		return -1;	/* NOT_SUPPORTED */
	return (int64_t)x0;
}

const char *psci_conduit_name(void)
{
	return psci_conduit == PSCI_HVC ? "hvc" :
	       psci_conduit == PSCI_SMC ? "smc" : "none";
}

const char *psci_version(char *buf, size_t len)
{
	int64_t v;

	if (psci_conduit == PSCI_NONE)
		return NULL;
	v = psci_call(PSCI_VERSION, 0, 0, 0);
	if (v < 0)
		return NULL;
	snprintf(buf, len, "%u.%u", (unsigned)(v >> 16) & 0x7fff,
		 (unsigned)v & 0xffff);
	return buf;
}

const char *psci_error_name(int64_t rc)
{
	switch ((int)rc) {
	case 0: return "SUCCESS";
	case -1: return "NOT_SUPPORTED";
	case -2: return "INVALID_PARAMETERS";
	case -3: return "DENIED";
	case -4: return "ALREADY_ON";
	case -5: return "ON_PENDING";
	case -6: return "INTERNAL_FAILURE";
	case -7: return "NOT_PRESENT";
	case -8: return "DISABLED";
	case -9: return "INVALID_ADDRESS";
	default: return "unknown PSCI error";
	}
}

int64_t psci_cpu_on(uint64_t mpidr, uint64_t entry, uint64_t context)
{
	return psci_call(PSCI_CPU_ON_64, mpidr, entry, context);
}

int64_t psci_cpu_off(void)
{
	return psci_call(PSCI_CPU_OFF, 0, 0, 0);
}

void psci_system_off(void)
{
	psci_call(PSCI_SYSTEM_OFF, 0, 0, 0);
}
