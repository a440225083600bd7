/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Platform services of the Linux twin: stdout console, memory bound to a
 * NUMA node.  Threads as CPUs are in smp.c.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "arch.h"
#include "linux_twin.h"

void plat_console_write(const char *s, size_t n)
{
	while (n) {
		ssize_t w = write(1, s, n);

		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

/* The twin's results are its stdout. */
void plat_before_end(void)
{
}

void plat_end_record(const char *line, size_t len)
{
	(void)line;
	(void)len;
}

bool plat_cycles_available(void)
{
	return false;
}

#define LINUX_MPOL_BIND		2	/* <linux/mempolicy.h>, no libnuma */
#define LINUX_MAX_NODE_BITS	1024

/* The topology linux_topology() filled: node_raw[] holds sysfs node ids. */
static const struct topo *numa_topo;

void linux_numa_topo(const struct topo *t)
{
	numa_topo = t;
}

void *plat_alloc_node(size_t size, size_t align, uint32_t node)
{
	unsigned long mask[LINUX_MAX_NODE_BITS / (8 * sizeof(unsigned long))];
	const size_t bits = 8 * sizeof(unsigned long);
	uint32_t raw;
	void *p;

	if (!numa_topo || node >= numa_topo->nnodes || align > 4096 || !size)
		return NULL;
	raw = numa_topo->node_raw[node];
	if (raw >= LINUX_MAX_NODE_BITS)
		return NULL;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	memset(mask, 0, sizeof(mask));
	mask[raw / bits] |= 1ul << (raw % bits);
	/* maxnode counts one past the last bit (the kernel drops one) */
	if (syscall(SYS_mbind, p, size, LINUX_MPOL_BIND, mask,
		    (unsigned long)LINUX_MAX_NODE_BITS + 1, 0ul)) {
		/* no NUMA kernel, a seccomp filter, a node without memory */
		munmap(p, size);
		return NULL;
	}
	/* mbind decides where the pages go, whoever touches them first */
	memset(p, 0, size);
	return p;
}

void plat_free_node(void *p, size_t size)
{
	if (p)
		munmap(p, size);
}
