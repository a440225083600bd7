/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * plat_cpu_start() on Linux: a thread pinned to the CPU plays it; a thread
 * that cannot be pinned never arrives, and core leaves that CPU out.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

#include "arch.h"
#include "isa_ops.h"
#include "linux_twin.h"

/* A parked thread's CPU runs nothing measured but its own (there is no
 * thread on an unchosen CPU): a relaxed spin on its own line is quiet. */
uint32_t plat_wait_change(volatile uint32_t *word, uint32_t old)
{
	uint32_t v;

	while ((v = __atomic_load_n(word, __ATOMIC_ACQUIRE)) == old)
		isa_relax();
	return v;
}

/* The store wakes a spinning thread: nothing to send. */
void plat_cpu_wake(uint32_t cpu, uint64_t hwid)
{
	(void)cpu;
	(void)hwid;
}

/* The boot thread's CPU measures nothing while it waits: it spins. */
bool plat_boot_cpu_sleeps(void)
{
	return false;
}

void plat_boot_cpu_wait(volatile uint32_t *word, uint32_t old)
{
	(void)word;
	(void)old;
	isa_relax();
}

void plat_boot_cpu_wake(uint64_t hwid)
{
	(void)hwid;
}

int linux_pin_self(uint64_t cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET((int)cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

struct start_arg {
	plat_cpu_entry entry;
	void *arg;
	uint32_t cpu;
	uint64_t hwid;
};

static void *thread_main(void *p)
{
	struct start_arg sa = *(struct start_arg *)p;

	free(p);
	/* A thread that cannot be pinned never reports online. */
	if (linux_pin_self(sa.hwid))
		return NULL;
	sa.entry(sa.arg, sa.cpu);
	return NULL;
}

/* Every thread started, joined by linux_join_cpus() (only the boot CPU's
 * thread starts and joins them: no lock). */
static pthread_t *threads;
static size_t nthreads, maxthreads;

void linux_join_cpus(void)
{
	for (size_t i = 0; i < nthreads; i++)
		pthread_join(threads[i], NULL);
	free(threads);
	threads = NULL;
	nthreads = maxthreads = 0;
}

int plat_cpu_start(uint32_t cpu, uint64_t hwid, plat_cpu_entry entry,
		   void *arg, void *stack_top)
{
	struct start_arg *sa = malloc(sizeof(*sa));
	pthread_t th;

	(void)stack_top;
	if (!sa)
		return -1;
	if (nthreads == maxthreads) {
		size_t n = maxthreads ? maxthreads * 2 : 64;
		pthread_t *t = realloc(threads, n * sizeof(*t));

		if (!t) {
			free(sa);
			return -1;
		}
		threads = t;
		maxthreads = n;
	}
	sa->entry = entry;
	sa->arg = arg;
	sa->cpu = cpu;
	sa->hwid = hwid;
	if (pthread_create(&th, NULL, thread_main, sa)) {
		free(sa);
		return -1;
	}
	threads[nthreads++] = th;
	return 0;
}

/* Threads of one process share what the kernel set up: nothing to compare. */
void plat_check_cpus(void)
{
}
