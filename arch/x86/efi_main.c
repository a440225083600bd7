/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The x86_64 UEFI image: options, firmware tables and CPUID into the
 * topology, TSC rate, memory for the run, ExitBootServices, then the
 * engine with the whole machine, then power off with the verdict.
 */
#include <efi.h>
#include <efilib.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "engine.h"
#include "efi_acpi.h"
#include "isa_ops.h"
#include "report.h"
#include "x86.h"

#define HEAP_SIZE	(256ull << 20)	/* arena, mailboxes, stacks, samples:
					 * 4096 CPUs fit; halved until it fits */
#define TRAMP_PAGES	4		/* code + a 3-page identity map */
#define AP_STACK_SIZE	(16 * 1024)	/* APs run only the mailbox loop */

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

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	static char model[49], err[1024];
	struct topo *topo;
	void *tramp;
	const char *why, *hz_source;
	int status;

	x86_uart_init(0);
	/* Below 4 GiB where possible. */
	if (efi_start(image, systab, HEAP_SIZE, 0xffffffffull))
		return EFI_OUT_OF_RESOURCES;
	efi_screen_init(&b);

	x86_cpuid_probe(&cpu);
	memcpy(model, cpu.brand, sizeof(model));
	report_set_run_id((uint32_t)(isa_counter() * 2654435761u) ^ cpu.bsp_apic_id);
	b.info.arch = ISA_NAME;
	b.info.platform = "uefi";
	b.info.counter = "tsc";
	b.info.cpu_model = model;
	b.info.cycles = plat_cycles_available();
	b.info.virt = virt_name();
	b.info.hz_source = "none";
	config_defaults(&b.cfg);

	topo = calloc(1, sizeof(*topo));
	struct topo_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));

	if (!topo || !cpus)
		efi_fail_early(&b, "no memory for the topology");
	topo_init(topo, cpus);
	b.topo = topo;

	if (efi_options(image, &b.cfg, err, sizeof(err)))
		efi_fail_early(&b, err);

	if (x86_acpi_collect(topo, efi_find_rsdp(), cpu.bsp_apic_id, &acpi))
		report_warn("acpi", 0, "no usable ACPI root table; "
			    "boot CPU only");
	b.info.virt = virt_name();
	if (acpi.uart_port && acpi.uart_port != 0x3f8)
		x86_uart_init(acpi.uart_port);
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

	b.info.counter_hz = x86_tsc_calibrate(&cpu, &acpi, efi_stall_us, &hz_source);
	b.info.hz_source = hz_source;
	if (!cpu.invariant_tsc)
		report_printf("note: CPUID does not state an invariant TSC\n");

	/* The SIPI vector is a page number: the trampoline lives < 1 MiB. */
	tramp = efi_alloc_pages(0x9ffffull, TRAMP_PAGES * EFI_PAGE_SIZE, true);
	if (tramp)
		x86_ap_setup((uint64_t)(uintptr_t)tramp);
	else
		report_warn("cpu-start", 0, "no page below 1 MiB for "
			    "the AP trampoline; boot CPU only");
	x86_lapic_init();
	b.stack_size = AP_STACK_SIZE;
	if (engine_init(&b, &why))
		efi_fail_early(&b, why);

	if (efi_exit_boot_services(image))
		efi_fail_early(&b, "ExitBootServices failed");
	__asm__ volatile("cli");

	status = engine_main(&b);
	plat_power_off(status, b.cfg.exit);
}
