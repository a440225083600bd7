/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The x86_64 UEFI image: options, firmware tables and CPUID into the
 * topology, TSC rate, memory for the run, ExitBootServices, then the
 * engine with the whole machine, then power off with the verdict.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "bmc_kcs.h"
#include "engine/engine.h"
#include "efi_acpi.h"
#include "efi_results.h"
#include "isa_ops.h"
#include "out/report.h"
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

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	static struct efi_memmap final_map;
	static char model[49], err[1024];
	struct topo *topo;
	void *tramp;
	const char *why, *hz_source;
	int status, opt_rc;
	bool acpi_ok;

	/* Below 4 GiB where possible. */
	if (efi_start(image, systab, HEAP_SIZE, 0xffffffffull))
		return EFI_OUT_OF_RESOURCES;
	/* SPCR before the first serial byte: a BMC's console may be COM2
	 * or MMIO, and writing COM1 is not ours to do where SPCR names one */
	acpi_ok = !x86_acpi_open(efi_find_rsdp(), &acpi);
	x86_console_init(&acpi);
	efi_screen_init(&b);

	x86_cpuid_probe(&cpu);
	memcpy(model, cpu.brand, sizeof(model));
	report_set_run_id((uint32_t)(isa_counter() * 2654435761u) ^ cpu.bsp_apic_id);
	b.info.arch = ISA_NAME;
	b.info.platform = "uefi";
	b.info.counter = "tsc";
	b.info.cpu_model = model;
	b.info.cycles = plat_cycles_available();
	b.info.cycle_counter = "aperf";
	b.info.idle_wait = x86_idle_wait_name();
	b.info.virt = virt_name();
	b.info.hz_source = "none";
	efi_machine_names(&b.info);
	efi_secure_boot_note(&b.info);
	x86_microcode_id(&cpu, &b.info);
	config_defaults(&b.cfg);

	topo = calloc(1, sizeof(*topo));
	struct topo_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));

	if (!topo || !cpus)
		efi_fail_early(&b, "no memory for the topology");
	topo_init(topo, cpus);
	b.topo = topo;

	/* options first: a bad one still lets saved results be written */
	opt_rc = efi_options(image, &b.cfg, err, sizeof(err));
	efi_results_restore_options(&b.cfg);
	if (efi_results_restore(image) && b.cfg.stop_after_restore && !opt_rc)
		plat_power_off(0, b.cfg.exit);
	efi_results_prepare(&b.cfg);
	if (opt_rc)
		efi_fail_early(&b, err);

	if (!acpi_ok || x86_acpi_collect(topo, cpu.bsp_apic_id, &acpi))
		report_warn("acpi", 0, "no usable ACPI root table; "
			    "boot CPU only");
	x86_bmc_watchdog(&b.cfg);	/* before a long run, while Stall works */
	b.info.virt = virt_name();
	if (topo_find_hwid(topo, cpu.bsp_apic_id) < 0) {
		/* The MADT must list us; if it does not, we still run. */
		topo_add_cpu(topo, cpu.bsp_apic_id, TOPO_CPU_BSP);
		report_warn("acpi", 0, "boot CPU not in the MADT");
	}
	if (!strcmp(topo->node_source, "unknown"))
		topo->node_source = "none";
	x86_cpuid_fill_topo(&cpu, topo);
	if (topo_finalize(topo, &why))
		efi_fail_early(&b, why);
	efi_numa_apply_distances(topo);
	efi_numa_pools(topo);	/* leaves in their node's memory */
	efi_numa_heap_note(topo, &b.info);

	b.info.counter_hz = x86_tsc_calibrate(&cpu, &acpi, efi_stall_us, &hz_source);
	b.info.hz_source = hz_source;
	if (!cpu.invariant_tsc)
		report_printf("note: CPUID does not state an invariant TSC\n");

	if (b.cfg.test & CONFIG_TEST_LOW_MEM_TAKEN)
		report_printf("test=low-mem-taken: %u free pages below 640 KiB "
			      "taken as boot-services data\n",
			      x86_take_low_memory());
	/* The SIPI vector is a page number: the trampoline lives < 640 KiB,
	 * from the firmware now or from the final memory map (below). */
	tramp = efi_alloc_pages(0x9ffffull, X86_TRAMP_PAGES * EFI_PAGE_SIZE, true);
	if (tramp)
		x86_ap_setup((uint64_t)(uintptr_t)tramp);
	x86_ap_set_init_wait(x86_needs_init_wait(&cpu));
	report_printf("AP start: INIT-SIPI-SIPI, %s\n",
		      x86_needs_init_wait(&cpu) ?
		      "10 ms INIT wait (MP spec)" :
		      "no INIT wait (modern CPU family; a retry waits 10 ms)");
	x86_lapic_init();
	b.stack_size = AP_STACK_SIZE;
	if (engine_init(&b, &why))
		efi_fail_early(&b, why);

	if (!x86_uart_present())
		efi_conout_write(NO_UART_NOTE, sizeof(NO_UART_NOTE) - 1);
	if (efi_exit_boot_services(image, &final_map))
		efi_fail_early(&b, "ExitBootServices failed");
	__asm__ volatile("cli");
	if (!tramp)
		late_trampoline(&final_map);

	status = engine_main(&b);
	/* the secondaries halted (x86) or off (arm64): the save and the
	 * hold run alone, and cost an emulator nothing for idle CPUs */
	engine_release(&b);
	efi_results_save(&b.cfg);
	plat_power_off(status, b.cfg.exit);
}
