/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the platform tells the report about the machine it runs on.  A
 * plain description: the report prints it, the engine reads the counter
 * rate from it; neither needs the other to use it.
 */
#ifndef SBM_MACHINE_H
#define SBM_MACHINE_H

#include <stdbool.h>
#include <stdint.h>

#define MACHINE_IDS	6

/* The machine's SMBIOS names, as core/fw/smbios.c reads them (and the
 * hello record prints them). */
#define SMBIOS_STR	48	/* a field's room, NUL included: hello stays one record */

struct smbios_id {
	char bios_vendor[SMBIOS_STR], bios_version[SMBIOS_STR];
	char bios_date[SMBIOS_STR];
	char sys_vendor[SMBIOS_STR], product[SMBIOS_STR];
	char board_vendor[SMBIOS_STR], board[SMBIOS_STR];
	char cpu_version[SMBIOS_STR];
	uint32_t cpu_mhz;	/* 0: unknown */
	uint8_t major, minor;	/* the entry point's SMBIOS version */
};

struct machine_info {
	const char *arch;	/* "x86_64", "arm64", "riscv64" */
	const char *platform;	/* "uefi", "opensbi", "linux" */
	const char *virt;	/* "none", "qemu-tcg", "kvm", "hypervisor" ... */
	const char *cpu_model;
	const char *counter;	/* "tsc", "cntvct", "time", "clock_gettime" */
	uint64_t counter_hz;
	const char *hz_source;	/* "cpuid-15h", "pm-timer", "dt", ... */
	bool cycles;		/* isa_cycles() is real */
	const char *cycle_counter; /* what isa_cycles() reads: "aperf", ... */
	/* how a parked CPU waits for its mailbox: "mwait", "pause" (x86
	 * without MONITOR), "wfe", "spin" (riscv, the twin: a relaxed
	 * loop); NULL unknown */
	const char *idle_wait;
	/* the node of the common heap (what is not placed by node), where
	 * the firmware says so */
	bool heap_node_known;
	uint32_t heap_node;
	/* platforms that look for a screen (UEFI): "WIDTHxHEIGHT" or
	 * "none", and the pixel format ("bgrx", "rgbx", "bitmask") or why
	 * there is none ("no-gop", "blt-only", ...); NULL elsewhere */
	const char *screen, *screen_format;
	/* UEFI: whether the firmware enforces Secure Boot (the SecureBoot
	 * variable); unknown elsewhere */
	bool secure_boot_known, secure_boot;
	/* which machine: SMBIOS names (NULL: none), then what the CPU or
	 * firmware says of itself (x86 microcode, arm64 MIDR/REVIDR, riscv
	 * DT model and SBI ids), as hello keys */
	const struct smbios_id *smbios;
	/* said at the end of the CPU-start line where the platform has
	 * something to add (x86: the CPUs with APIC ids above 255); NULL */
	const char *cpus_note;
	const char *id_key[MACHINE_IDS], *id_val[MACHINE_IDS];
	unsigned nids;
};

/* Add @key=@val (both kept, not copied) to the machine's identity. */
static inline void machine_add_id(struct machine_info *in, const char *key,
				  const char *val)
{
	if (in->nids < MACHINE_IDS) {
		in->id_key[in->nids] = key;
		in->id_val[in->nids++] = val;
	}
}

/* Counter ticks in @ms milliseconds at @hz (exact for slow counters too,
 * no overflow for fast ones; never 0). */
static inline uint64_t machine_ms_ticks(uint64_t hz, uint64_t ms)
{
	return hz / 1000 * ms + hz % 1000 * ms / 1000 + 1;
}

#endif
