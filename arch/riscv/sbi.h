/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef SBM_RISCV_SBI_H
#define SBM_RISCV_SBI_H

#include <stdbool.h>
#include <stdint.h>

#define SBI_EXT_LEGACY_SHUTDOWN	0x08	/* v0.1: no return, no reason */
#define SBI_EXT_LEGACY_PUTCHAR	0x01
#define SBI_EXT_BASE		0x10
#define SBI_EXT_HSM		0x48534d
#define SBI_EXT_IPI		0x735049
#define SBI_EXT_SRST		0x53525354
#define SBI_EXT_DBCN		0x4442434e
#define SBI_EXT_TIME		0x54494d45

#define SBI_HSM_STARTED		0
#define SBI_HSM_STOPPED		1
#define SBI_HSM_START_PENDING	2

struct sbiret {
	long error;
	long value;
};

struct sbiret sbi_call(unsigned long ext, unsigned long fid,
		       unsigned long a0, unsigned long a1, unsigned long a2);
bool sbi_probe(unsigned long ext);
void sbi_legacy_putchar(int ch);
long sbi_hart_start(unsigned long hart, unsigned long start_pa,
		    unsigned long opaque);
long sbi_hart_status(unsigned long hart);
/* SSIP on the harts @mask names (bit n: hart @base + n); 0 or an error */
long sbi_send_ipi(unsigned long mask, unsigned long base);
/* This hart stopped (SBI HSM hart_stop); returns only on failure. */
void sbi_hart_stop(void);
/* STIP once the time CSR reaches @when; UINT64_MAX clears it (TIME) */
void sbi_set_timer(uint64_t when);
long sbi_dbcn_write(const char *s, unsigned long n);
void sbi_shutdown(bool failure);
/* Test only (/chosen "sbmbench,test-no-srst"): shut down as if the
 * firmware had no SRST, by the v0.1 call. */
extern bool riscv_test_no_srst;
long sbi_spec_version(void);

#endif
