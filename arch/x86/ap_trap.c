/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every AP gets a small IDT (vectors 0-31, loaded by the trampoline)
 * whose handlers print the vector on the console and halt that CPU: an
 * NMI or a machine check on an AP is reported, where the IDT that INIT
 * leaves (base 0) would turn it into a triple fault and a platform reset.
 * The handler runs on the CPU's own stack (no IST): a fault from stack
 * overflow still ends in a triple fault.
 */
#include "apic_encode.h"
#include "trampoline.h"
#include "x86.h"

#define AP_TRAP_VECTORS	32
#define AP_TRAP_STUB	16	/* bytes per stub in ap_trap_entry.S */
#define GATE_INTR64	0x8e	/* present, DPL 0, 64-bit interrupt */

/* What ap_trap_entry.S pushed, then what the CPU pushed. */
struct ap_trap_frame {
	uint64_t vector, error, rip, cs, rflags, rsp, ss;
};

struct idt_gate {
	uint16_t off_lo, sel;
	uint8_t ist, attr;
	uint16_t off_mid;
	uint32_t off_hi, zero;
} __attribute__((packed));

extern const char ap_trap_stubs[];
void ap_trap(const struct ap_trap_frame *f) __attribute__((noreturn));

static struct idt_gate idt[AP_TRAP_VECTORS] __attribute__((aligned(16)));

static const char *const vec_name[AP_TRAP_VECTORS] = {
	"#DE", "#DB", "NMI", "#BP", "#OF", "#BR", "#UD", "#NM", "#DF", "",
	"#TS", "#NP", "#SS", "#GP", "#PF", "", "#MF", "#AC", "#MC", "#XM",
	"#VE", "#CP", "", "", "", "", "", "", "#HV", "#VC", "#SX", "",
};

void x86_ap_trap_idt(uint64_t *base, uint16_t *limit)
{
	for (unsigned i = 0; i < AP_TRAP_VECTORS; i++) {
		uint64_t a = (uint64_t)(uintptr_t)(ap_trap_stubs +
						   i * AP_TRAP_STUB);

		idt[i] = (struct idt_gate){
			.off_lo = (uint16_t)a,
			.sel = TRAMP_SEL_CODE64,
			.attr = GATE_INTR64,
			.off_mid = (uint16_t)(a >> 16),
			.off_hi = (uint32_t)(a >> 32),
		};
	}
	*base = (uint64_t)(uintptr_t)idt;
	*limit = sizeof(idt) - 1;
}

/*
 * The handler formats by hand: no newlib (its state is the boot CPU's)
 * and no SSE (the fault may be an SSE one).
 */
#define TRAP_FN __attribute__((target("general-regs-only")))

TRAP_FN static char *put_str(char *p, const char *s)
{
	while (*s)
		*p++ = *s++;
	return p;
}

TRAP_FN static char *put_hex(char *p, uint64_t v)
{
	int shift = 60;

	p = put_str(p, "0x");
	while (shift > 0 && !(v >> shift))
		shift -= 4;
	for (; shift >= 0; shift -= 4)
		*p++ = "0123456789abcdef"[(v >> shift) & 0xf];
	return p;
}

TRAP_FN static uint32_t my_apic_id(void)
{
	uint32_t l0[4], l1[4], lb[4];

	cpuid(0, 0, l0);
	cpuid(1, 0, l1);
	if (l0[0] >= 0xb) {
		cpuid(0xb, 0, lb);
		return x86_apic_id_from_cpuid(l1, lb);
	}
	return x86_apic_id_from_cpuid(l1, NULL);
}

TRAP_FN void ap_trap(const struct ap_trap_frame *f)
{
	char line[192], *p = line;
	uint64_t cr2;

	__asm__ volatile("mov %%cr2, %0" : "=r"(cr2));
	p = put_str(p, "cpu-trap: AP apic ");
	p = put_hex(p, my_apic_id());
	p = put_str(p, " vector ");
	*p++ = (char)('0' + f->vector / 10 % 10);
	*p++ = (char)('0' + f->vector % 10);
	p = put_str(p, " ");
	p = put_str(p, f->vector < AP_TRAP_VECTORS && vec_name[f->vector][0] ?
		    vec_name[f->vector] : "reserved");
	p = put_str(p, " rip ");
	p = put_hex(p, f->rip);
	p = put_str(p, " error ");
	p = put_hex(p, f->error);
	p = put_str(p, " cr2 ");
	p = put_hex(p, cr2);
	p = put_str(p, "; CPU halted\n");
	x86_console_write_trap(line, (size_t)(p - line));
	x86_cpu_halt_forever();
}
