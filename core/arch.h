/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The seam between core/ and a platform (arch/<name>/).  core/ calls only
 * what is declared here and in "isa_ops.h", which every instruction set
 * provides as static inlines (arch/<isa>/isa_ops.h, picked by the build's
 * include path) so that the measured loops carry no call overhead.
 *
 * isa_ops.h must define:
 *   static inline uint64_t isa_counter(void);      constant-rate counter
 *   static inline uint64_t isa_cycles(void);       core cycles (may be 0)
 *   static inline void isa_relax(void);            spin-wait hint
 *   ISA_NAME                                       "x86_64", "arm64", ...
 *   ISA_BIT_OPS(X)   X(name, set_fn, clear_fn) for each atomic bit op on a
 *                    uint64_t word, native op first; fn(volatile uint64_t *,
 *                    unsigned bit)
 *   ISA_BYTE_OPS(X)  the same for byte ops on a uint8_t (may be empty)
 */
#ifndef SBM_ARCH_H
#define SBM_ARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>


/* Write console bytes; may be called before and after firmware exit. */
void plat_console_write(const char *s, size_t n);

/*
 * Start logical CPU @cpu (hardware id @hwid) so that it calls
 * entry(arg, cpu) on the stack ending at @stack_top with interrupts off.
 * Returns 0 when the start request was accepted; arrival is confirmed by
 * core through the CPU's mailbox, with a timeout.
 */
typedef void (*plat_cpu_entry)(void *arg, uint32_t cpu);
int plat_cpu_start(uint32_t cpu, uint64_t hwid, plat_cpu_entry entry,
		   void *arg, void *stack_top);

/*
 * Wait until *@word differs from @old and return the new value, quietly:
 * a parked CPU must take no issue slots from a measured SMT sibling and
 * put no traffic on the interconnect (x86 monitor/mwait where CPUID
 * offers it, arm64 wfe on the exclusive monitor, a relaxed spin on the
 * CPU's own line elsewhere).  @word sits alone on its line.
 */
uint32_t plat_wait_change(volatile uint32_t *word, uint32_t old);

/*
 * After the boot CPU changed logical CPU @cpu's (hardware id @hwid)
 * mailbox word: wake it where plat_wait_change() sleeps until an
 * interrupt (arm64 wfi and an SGI, x86 hlt and an IPI, riscv wfi and an
 * SBI IPI), so that an emulator spends nothing on a parked CPU; nothing
 * where the store itself wakes the waiter.  Never inside a timed window.
 */
void plat_cpu_wake(uint32_t cpu, uint64_t hwid);

/*
 * Whether the boot CPU sleeps in plat_boot_cpu_wait(): the platform has
 * proven its wake and its timer on it (asked after plat_check_cpus()).
 * Where it cannot, the engine spins as before and nobody sends a wake.
 */
bool plat_boot_cpu_sleeps(void);

/*
 * On the boot CPU where plat_boot_cpu_sleeps(), while a run it takes no
 * part in goes on: sleep until *@word differs from @old,
 * plat_boot_cpu_wake() reaches it, or a bounded while has passed (about a
 * millisecond under QEMU or KVM), whichever is first; returning early is
 * allowed.  So an emulator with more vCPUs than host cores runs the
 * measured CPUs, not a coordinator spinning on acks.
 */
void plat_boot_cpu_wait(volatile uint32_t *word, uint32_t old);

/* From a CPU that has just acked and taken the boot CPU's sleep flag:
 * wake it (hardware id @hwid).  Never inside a timed window. */
void plat_boot_cpu_wake(uint64_t hwid);

/* Whether isa_cycles() reads a real core-cycle counter on this platform. */
bool plat_cycles_available(void);

/*
 * After bring-up, on the boot CPU, before the first experiment: compare
 * what each started CPU recorded of itself as it started (its memory
 * types: x86 MTRRs and PAT, arm64 MAIR and SCTLR) with the boot CPU's,
 * and check that the memory measured lines come from is write-back;
 * differences are `warn what=mtrr` records, and one console line says
 * how many CPUs were compared.  Platforms with nothing to check (riscv,
 * the Linux twin) do nothing.
 */
void plat_check_cpus(void);

/*
 * @size bytes aligned to @align from memory homed on logical NUMA node
 * @node (the platform maps it through topo->node_raw[] to the firmware's
 * proximity domain), so that per-node leaves live where the kernel would
 * put them.  NULL when the platform cannot place memory there: core then
 * takes the region from its common allocator.  Called on the boot CPU
 * once per node per run.  plat_free_node() gives a region back (hosted
 * platforms; bare-metal ones never free).
 */
void *plat_alloc_node(size_t size, size_t align, uint32_t node);
void plat_free_node(void *p, size_t size);

/*
 * The run is over and its end record not yet written: what leaves the
 * machine some other way than the console goes here (the UEFI images: the
 * screen's QR codes).  plat_before_end() may write records (the end
 * record counts them); plat_end_record() gets the finished end record
 * before it is printed, so that it travels with the rest.  Both are
 * called once, from report_end(); platforms without such a way do nothing.
 */
void plat_before_end(void);
void plat_end_record(const char *line, size_t len);

/*
 * End the run (bare metal): power off, with @status as the exit code
 * where the machine has one (QEMU's exit devices); with @do_exit false,
 * stop the CPU and leave the console as it is.
 */
void plat_power_off(int status, bool do_exit) __attribute__((noreturn));

#endif
