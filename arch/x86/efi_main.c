/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The x86_64 UEFI image's boot hooks (core/boot/boot.h): the console
 * SPCR names, CPUID, ACPI into the topology, the TSC rate, the AP
 * trampoline, ExitBootServices; the sequence and the end are core's.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "bmc_kcs.h"
#include "boot/boot.h"
#include "engine/engine.h"
#include "efi_acpi.h"
#include "efi_results.h"
#include "isa_ops.h"
#include "options/config.h"
#include "output/report.h"
#include "x86.h"

#define HEAP_SIZE	(256ull << 20)	/* arena, mailboxes, stacks, samples:
					 * 4096 CPUs fit; halved until it fits */
#define AP_STACK_SIZE	(16 * 1024)	/* APs run only the mailbox loop */
/* Said on the screen while there still is one to say it on. */
#define NO_UART_NOTE	"sbmbench: no working UART (COM1 did not answer and SPCR " \
	"named none that does): from ExitBootServices on the run prints " \
	"nothing; it goes on and powers off with its verdict as the exit " \
	"status.\n"


static struct engine b;
static struct x86_cpuid cpu;
static struct x86_acpi acpi;
static bool acpi_ok;
static char model[49];
static void *tramp;	/* the AP trampoline page, when the firmware gave one */

static const char *virt_name(void)
{
	if (cpu.hypervisor) {
		if (!strcmp(cpu.hv_vendor, "TCGTCGTCGTCG"))
			return "qemu-tcg";
		if (!strcmp(cpu.hv_vendor, "KVMKVMKVM"))
			return "kvm";
		return "hypervisor";
	}
	/* QEMU's ACPI says BOCHS even where CPUID does not tell. */
	if (!strncmp(acpi.oem_id, "BOCHS", 5))
		return "qemu";
	return "none";
}

/* No free page below 640 KiB before ExitBootServices: one from the
 * final memory map, where boot-services memory is free now. */
static void late_trampoline(const struct efi_memmap *m)
{
	const char *type;
	uint64_t p = x86_tramp_page_late(m, X86_TRAMP_PAGES, &type);
	char msg[160];

	if (!p) {
		report_warn("cpu-start", 0, "no page below 640 KiB for the AP "
			    "trampoline, before or after ExitBootServices; "
			    "boot CPU only");
		return;
	}
	snprintf(msg, sizeof(msg), "no free page below 640 KiB before "
		 "ExitBootServices; trampoline at %#llx from the final memory "
		 "map (%s)", (unsigned long long)p, type);
	report_warn("cpu-start", 0, msg);
	x86_ap_setup(p);
}

/* SPCR before the first serial byte: a BMC's console may be COM2 or
 * MMIO, and writing COM1 is not ours to do where SPCR names one. */
static void console(struct engine *e)
{
	acpi_ok = !x86_acpi_open(efi_find_rsdp(), &acpi);
	x86_console_init(&acpi);
	efi_screen_init(e);
}

static uint64_t boot_cpu(struct engine *e)
{
	(void)e;
	x86_cpuid_probe(&cpu);
	memcpy(model, cpu.brand, sizeof(model));
	return cpu.bsp_apic_id;
}

static void machine(struct engine *e)
{
	e->info.arch = ISA_NAME;
	e->info.platform = "uefi";
	e->info.counter = "tsc";
	e->info.cpu_model = model;
	e->info.cycles = plat_cycles_available();
	e->info.cycle_counter = "aperf";
	e->info.idle_wait = x86_idle_wait_name();
	e->info.virt = virt_name();
	e->info.hz_source = "none";
	efi_machine_names(&e->info);
	efi_secure_boot_note(&e->info);
	x86_microcode_id(&cpu, &e->info);
	/* servers above 255 CPUs start in x2APIC mode: say which it was */
	machine_add_id(&e->info, "apic", x86_apic_mode());
}

static int cpus(struct engine *e, const char **why)
{
	(void)why;
	if (acpi_ok && acpi.tables && e->cfg->acpidump)
		efi_acpi_dump(acpi.tables);
	if (!acpi_ok || x86_acpi_collect(e->topo, cpu.bsp_apic_id, &acpi))
		report_warn("acpi", 0, "no usable ACPI root table; "
			    "boot CPU only");
	x86_bmc_watchdog(e->cfg);	/* before a long run, while Stall works */
	e->info.virt = virt_name();
	return 0;
}

static void cpu_details(struct engine *e)
{
	static char note[48];
	uint32_t high = 0;

	x86_cpuid_fill_topo(&cpu, e->topo);
	/* CPUs to start whose ids do not fit xAPIC's 8-bit destination */
	for (uint32_t i = 0; i < e->topo->ncpus; i++)
		high += !(e->topo->cpus[i].flags & TOPO_CPU_DISABLED) &&
			e->topo->cpus[i].hwid > UINT8_MAX;
	snprintf(note, sizeof(note), "%u with APIC ids above 255", high);
	e->info.cpus_note = note;
}

static void prepare(struct engine *e)
{
	const char *hz_source;

	efi_numa_apply_distances(e->topo);
	efi_numa_pools(e->topo);	/* leaves in their node's memory */
	efi_numa_heap_note(e->topo, &e->info);

	e->info.counter_hz = x86_tsc_calibrate(&cpu, &acpi, efi_stall_us,
					       &hz_source);
	e->info.hz_source = hz_source;
	if (!cpu.invariant_tsc)
		report_printf("note: CPUID does not state an invariant TSC\n");

	if (e->cfg->test & CONFIG_TEST_LOW_MEM_TAKEN)
		report_printf("test=low-mem-taken: %u free pages below 640 KiB "
			      "taken as boot-services data\n",
			      x86_take_low_memory());
	x86_lapic_init();	/* before the trampoline: its tokens ask it */
	/* The SIPI vector is a page number: the trampoline lives < 640 KiB,
	 * from the firmware now or from the final memory map (below). */
	tramp = efi_alloc_pages(0x9ffffull, X86_TRAMP_PAGES * EFI_PAGE_SIZE, true);
	if (tramp)
		x86_ap_setup((uint64_t)(uintptr_t)tramp);
	x86_ap_set_init_wait(x86_needs_init_wait(&cpu));
	if (e->cfg->test & CONFIG_TEST_EARLY_RESEND)
		x86_ap_set_early_resend();
	if (e->cfg->test & CONFIG_TEST_LONG_START_WAIT) {
		const uint32_t us = 2000000;

		x86_ap_set_first_window_us(us);
		report_printf("test=long-start-wait: an AP's first start "
			      "waits %u ms for a sign of life\n", us / 1000);
	}
	report_printf("AP start: INIT-SIPI-SIPI, %s\n",
		      x86_needs_init_wait(&cpu) ?
		      "10 ms INIT wait (MP spec)" :
		      "no INIT wait (modern CPU family; a retry waits 10 ms)");
	e->stack_size = AP_STACK_SIZE;
}

static void leave_firmware(struct engine *e)
{
	static struct efi_memmap final_map;

	if (!x86_uart_present())
		efi_conout_write(NO_UART_NOTE, sizeof(NO_UART_NOTE) - 1);
	efi_boot_exit(e, &final_map);
	__asm__ volatile("cli");
	if (!tramp)
		late_trampoline(&final_map);
}

static const struct boot_ops x86_boot = {
	.console = console,
	.boot_cpu = boot_cpu,
	.machine = machine,
	/* options first: a bad one still lets saved results be written */
	.options = efi_boot_options,
	.restore = efi_boot_restore,
	.prepare_save = efi_boot_prepare_save,
	.cpus = cpus,
	.unlisted_what = "acpi",
	.unlisted_why = "boot CPU not in the MADT",
	.cpu_details = cpu_details,
	.prepare = prepare,
	.leave_firmware = leave_firmware,
	.save = efi_boot_save,
	.end = efi_boot_end,
	.fail = efi_boot_fail,
};

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	/* Below 4 GiB where possible. */
	if (efi_start(image, systab, HEAP_SIZE, 0xffffffffull))
		return EFI_OUT_OF_RESOURCES;
	boot_main(&b, &x86_boot);
	return EFI_ABORTED;	/* not reached: boot_main() powers off */
}
