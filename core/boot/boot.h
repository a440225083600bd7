/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot sequence every platform runs (x86_64 and arm64 UEFI, the
 * riscv64 OpenSBI payload, the Linux twin): console, what the machine
 * is, options, the saved result of an earlier run, firmware tables,
 * topology, the other CPUs, the experiments, the save, the end.  A
 * platform's main sets up what it must before anything can run (heap,
 * firmware library) and calls boot_main() with its hooks; a hook it has
 * no use for is NULL unless marked "required".
 */
#ifndef SBM_BOOT_H
#define SBM_BOOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct engine;

struct boot_ops {
	/* The console up (serial, the screen), before the first line. */
	void (*console)(struct engine *e);
	/* Required: the boot CPU's hardware id, for the run id and the
	 * topology (x86: after CPUID is read). */
	uint64_t (*boot_cpu)(struct engine *e);
	/* What the machine is into e->info (after the run id is set: a
	 * warning here already carries it). */
	void (*machine)(struct engine *e);
	/* Required: the options into *e->cfg; 0, or -1 with the reason in
	 * @err.  The error ends the run only after the restore and the
	 * tables below, so that a bad option costs no saved result and its
	 * message reaches the console the tables name. */
	int (*options)(struct engine *e, char *err, size_t len);
	/* The saved result of an earlier run written out: true when it was
	 * (then stop_after_restore= ends a run whose options are good). */
	bool (*restore)(struct engine *e);
	/* Firmware tables read early: those that name the console (arm64:
	 * SPCR or the DT), which comes up here. */
	void (*tables)(struct engine *e);
	/* Ready to save this run's result at the end. */
	void (*prepare_save)(struct engine *e);
	/* Required: the firmware's CPUs into e->topo; 0, or -1 with *why. */
	int (*cpus)(struct engine *e, const char **why);
	/* The topology comes from firmware tables: the boot CPU is added
	 * where they do not list it (a warning of kind @unlisted_what
	 * saying @unlisted_why), and nodes they state nothing about are
	 * "none".  NULL: the platform's own list is the truth. */
	const char *unlisted_what, *unlisted_why;
	/* What the CPUs say of themselves, before the topology is
	 * finalized (x86: CPUID's packages and cores). */
	void (*cpu_details)(struct engine *e);
	/* Required: after the topology, before experiments_init():
	 * memory per node, the counter's rate, what starting the CPUs
	 * needs. */
	void (*prepare)(struct engine *e);
	/* After experiments_init(), before the run: leave the firmware
	 * (ExitBootServices), interrupts off. */
	void (*leave_firmware)(struct engine *e);
	/* After the run, the other CPUs stopped: keep the result. */
	void (*save)(struct engine *e);
	/* Bare metal: power off with @status (does not return).  NULL:
	 * boot_main() frees the topology and returns @status. */
	void (*end)(struct engine *e, int status);
	/* Required: the run cannot start (@what: options, memory,
	 * topology); as far as can be, a hello, the reason and an end
	 * record, then the end (a hosted platform exits). */
	void (*fail)(struct engine *e, const char *what, const char *why)
		__attribute__((noreturn));
};

/* The run id every record carries, from the counter and the boot CPU's
 * hardware id: two machines, or two boots, differ. */
uint32_t boot_run_id(uint64_t boot_hwid);

/* Run the boot sequence on @e with @ops; returns the run's status (0
 * when all went well) where ops->end is NULL. */
int boot_main(struct engine *e, const struct boot_ops *ops);

#endif
