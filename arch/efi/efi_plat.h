/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the UEFI images (x86_64, arm64) share: firmware helpers used before
 * ExitBootServices, the options from \sbmbench.cfg and the load options,
 * the heap behind newlib's sbrk.  No EFI types here, so arch files that do
 * not include <efi.h> can use it.
 */
#ifndef SBM_EFI_PLAT_H
#define SBM_EFI_PLAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "options/config.h"

/* True until ExitBootServices succeeded. */
extern bool efi_boot_services;

/*
 * A console UART the firmware named, checked before its first access
 * (efi_console_check.c): MMIO registers spanning @span bytes, accessed
 * @width bytes at a time, outside every RAM range of the memory map; I/O
 * ports clear of the reset ports.  0 when it may be used; -1 with *why.
 */
int efi_console_mmio_check(uint64_t base, uint64_t span, unsigned width,
			   const char **why);
int efi_console_port_check(uint64_t port, const char **why);
/* Is [@base, @base + @len) memory the firmware's map describes (not
 * device space, not outside the map)?  For addresses a table names
 * before they are read (boot services only; false after). */
bool efi_in_memory(uint64_t base, uint64_t len);
/* A line on ConOut while boot services last ("sbmbench: " + @msg): what
 * the console setup refused reaches a screen even without a UART. */
void efi_console_note(const char *msg);

/* ConOut, for a platform that has no UART of its own to print to. */
void efi_conout_write(const char *s, size_t n);
void efi_stall_us(unsigned us);

/* Pages from the firmware: any address, or below @max (0 = anywhere). */
void *efi_alloc_pages(uint64_t max, size_t bytes, bool code);
/* Up to @max bytes, halving down to @min; *got = what was taken. */
void *efi_alloc_heap(size_t max, size_t min, uint64_t below, size_t *got);

/* The ACPI RSDP (2.0 first, then 1.0), 0 when none. */
uint64_t efi_find_rsdp(void);
/* The flattened device tree from the configuration table, or NULL. */
const void *efi_find_dtb(void);
/* The SMBIOS entry point (3.0 first: *@v3), or NULL. */
const void *efi_find_smbios(bool *v3);

struct machine_info;
/* The machine's SMBIOS names into @info (efi_smbios.c); a bad table is
 * a warning and no names. */
void efi_machine_names(struct machine_info *info);
struct smbios_ipmi;
/* SMBIOS type 38 (IPMI device) structures into @out, at most @max: the
 * number found (efi_smbios.c); before ExitBootServices. */
unsigned efi_smbios_ipmi(struct smbios_ipmi *out, unsigned max);
/* Whether Secure Boot is on (the SecureBoot variable) into @info, for the
 * hello record (efi_secure_boot.c); before ExitBootServices. */
void efi_secure_boot_note(struct machine_info *info);

/*
 * The memory map ExitBootServices was given: after the exit it is the
 * machine's, boot-services memory included (EFI_MEMORY_DESCRIPTORs of
 * @dsize bytes each, @size bytes in all).
 */
struct efi_memmap {
	const void *map;
	size_t size, dsize;
};

/* ExitBootServices with a fresh memory map, retried once; that map in
 * @final when not NULL. */
int efi_exit_boot_services(void *image, struct efi_memmap *final);

/* \sbmbench.cfg then the load options (which win) into @cfg. */
int efi_options(void *image, struct config *cfg, char *err, size_t errlen);

/* syscalls.c: the heap newlib's sbrk hands out. */
void heap_set(void *base, size_t size);
void *heap_start(void);
void *heap_limit(void);	/* one past its last byte */

struct topo;
struct machine_info;
/* Which node's SRAT memory holds the common heap (what is not placed by
 * node lives there): into @info for the hello record, and said on the
 * console on a multi-node machine. */
void efi_numa_heap_note(const struct topo *t, struct machine_info *info);

/* The start both images share: GNU-EFI, the firmware watchdog off, a
 * heap of up to @heap_max below @heap_below (0: anywhere) for newlib.
 * -1 (said on the console) when there is no memory for it. */
int efi_start(void *image, void *systab, size_t heap_max, uint64_t heap_below);

/* The compact result (efi_results_*.c): before ExitBootServices note how
 * full the variable store is; after the run (the end record printed) keep
 * what core/output/keep.c collected in UEFI variables (cfg->save); at the next
 * boot write them to \sbmbench\results\<run id>.log on the image's
 * volume, read back, then delete the variables: true when written. */
void efi_results_prepare(const struct config *cfg);
void efi_results_save(const struct config *cfg);
bool efi_results_restore(void *image);

struct engine;
/* efi_screen.c: take the GOP framebuffer for the screen console (core's
 * screen.c) and say what was found in e->info.screen*; before
 * ExitBootServices.  Keeps @e for the hold. */
void efi_screen_init(struct engine *e);
/* The QR codes planned, the qr record and a line on the hold written
 * (efi_end.c calls it before the end record). */
void efi_screen_before_end(void);
/* After the end record: keep the final screen hold_s seconds (or until a
 * key on the serial console); plat_power_off() calls it. */
void efi_screen_hold(void);
/* The image's UART (uart16550.c, pl011.c): true when a byte arrived (it
 * is taken); *present: whether there is a UART to read at all. */
bool efi_uart_key(bool *present);

/* A run that cannot start still ends with a verdict record: hello, the
 * reason, end status=fail; then power off. */
void efi_fail_early(const struct engine *e, const char *msg)
	__attribute__((noreturn));

/* The boot hooks (core/boot/boot.h) both images share, on the image
 * efi_start() was given: its options, the restore and save of a result,
 * ExitBootServices (the final map in @final when not NULL), the end. */
int efi_boot_options(struct engine *e, char *err, size_t len);
bool efi_boot_restore(struct engine *e);
void efi_boot_prepare_save(struct engine *e);
void efi_boot_exit(struct engine *e, struct efi_memmap *final);
void efi_boot_save(struct engine *e);
void efi_boot_end(struct engine *e, int status) __attribute__((noreturn));
void efi_boot_fail(struct engine *e, const char *what, const char *why)
	__attribute__((noreturn));

#endif
