/* SPDX-License-Identifier: BSD-2-Clause */
/* SBI calls: the payload's only way to the firmware. */
#include "sbi.h"

struct sbiret sbi_call(unsigned long ext, unsigned long fid,
		       unsigned long a0, unsigned long a1, unsigned long a2)
{
	register unsigned long r0 __asm__("a0") = a0;
	register unsigned long r1 __asm__("a1") = a1;
	register unsigned long r2 __asm__("a2") = a2;
	register unsigned long r6 __asm__("a6") = fid;
	register unsigned long r7 __asm__("a7") = ext;

	__asm__ volatile("ecall"
			 : "+r"(r0), "+r"(r1)
			 : "r"(r2), "r"(r6), "r"(r7)
			 : "memory");
	return (struct sbiret){ (long)r0, (long)r1 };
}

bool sbi_probe(unsigned long ext)
{
	struct sbiret r = sbi_call(SBI_EXT_BASE, 3, ext, 0, 0);

	return !r.error && r.value;
}

long sbi_spec_version(void)
{
	return sbi_call(SBI_EXT_BASE, 0, 0, 0, 0).value;
}

void sbi_legacy_putchar(int ch)
{
	sbi_call(SBI_EXT_LEGACY_PUTCHAR, 0, (unsigned long)ch, 0, 0);
}

long sbi_hart_start(unsigned long hart, unsigned long start_pa,
		    unsigned long opaque)
{
	return sbi_call(SBI_EXT_HSM, 0, hart, start_pa, opaque).error;
}

void sbi_hart_stop(void)
{
	sbi_call(SBI_EXT_HSM, 1, 0, 0, 0);	/* returns only on failure */
}

long sbi_hart_status(unsigned long hart)
{
	struct sbiret r = sbi_call(SBI_EXT_HSM, 2, hart, 0, 0);

	return r.error ? r.error : r.value;
}

void sbi_set_timer(uint64_t when)
{
	sbi_call(SBI_EXT_TIME, 0, when, 0, 0);
}

long sbi_send_ipi(unsigned long mask, unsigned long base)
{
	return sbi_call(SBI_EXT_IPI, 0, mask, base, 0).error;
}

long sbi_dbcn_write(const char *s, unsigned long n)
{
	struct sbiret r = sbi_call(SBI_EXT_DBCN, 0, n, (unsigned long)s, 0);

	return r.error ? r.error : r.value;
}

bool riscv_test_no_srst;

void sbi_shutdown(bool failure)
{
	/* SRST: type 0 = shutdown, reason 1 = system failure */
	if (!riscv_test_no_srst)
		sbi_call(SBI_EXT_SRST, 0, 0, failure ? 1 : 0, 0);
	/* returned: no SRST (OpenSBI before 0.3, other firmware), or it
	 * failed; the v0.1 call, which many still keep */
	sbi_call(SBI_EXT_LEGACY_SHUTDOWN, 0, 0, 0, 0);
}
