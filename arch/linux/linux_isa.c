/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the instruction set offers the twin at run time, where isa_ops.h
 * asks: on arm64 whether the CPU has LSE atomics (the kernel's
 * HWCAP_ATOMICS), so that the c2c CAS is casal there, as in the image.
 */
#include <stdint.h>

#include "linux_twin.h"

#if defined(__aarch64__)
#include <sys/auxv.h>

#ifndef HWCAP_ATOMICS
#define HWCAP_ATOMICS (1ul << 8)
#endif

uint8_t arm64_lse;

void linux_isa_probe(void)
{
	arm64_lse = (getauxval(AT_HWCAP) & HWCAP_ATOMICS) != 0;
}
#else
void linux_isa_probe(void)
{
}
#endif
