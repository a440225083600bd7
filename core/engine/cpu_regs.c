/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>

#include "engine/cpu_regs.h"
#include "output/report.h"

static struct cpu_regs *slots, **tail = &slots;	/* in start order */

struct cpu_regs *cpu_regs_slot(uint32_t cpu)
{
	struct cpu_regs *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->cpu = cpu;
	*tail = c;
	tail = &c->next;
	return c;
}

void cpu_regs_done(struct cpu_regs *c)
{
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
}

static void warn_cpu(const struct cpu_regs *c, const struct reg_diff *d,
		     size_t n, cpu_regs_name_fn name)
{
	char reg[40], more[48] = "", msg[200];

	name(d->id, reg, sizeof(reg));
	if (n > 1)
		snprintf(more, sizeof(more), " (and %zu more register%s)",
			 n - 1, n > 2 ? "s" : "");
	if (d->kind == REG_DIFF_VALUE)
		snprintf(msg, sizeof(msg), "cpu %u: %s %#llx differs from the "
			 "boot CPU's %#llx%s", c->cpu, reg,
			 (unsigned long long)d->cpu,
			 (unsigned long long)d->boot, more);
	else if (d->kind == REG_DIFF_NOT_ON_CPU)
		snprintf(msg, sizeof(msg), "cpu %u: %s missing; the boot CPU's "
			 "is %#llx%s", c->cpu, reg,
			 (unsigned long long)d->boot, more);
	else
		snprintf(msg, sizeof(msg), "cpu %u: %s %#llx, which the boot "
			 "CPU does not have%s", c->cpu, reg,
			 (unsigned long long)d->cpu, more);
	report_warn("mtrr", c->cpu, msg);
}

uint32_t cpu_regs_compare(const struct reg_snap *boot, cpu_regs_name_fn name,
			  uint32_t *compared, uint32_t *fixed_up)
{
	uint32_t differ = 0, n = 0, fixed = 0;
	char msg[96];

	for (const struct cpu_regs *c = slots; c; c = c->next) {
		struct reg_diff d;
		size_t k;

		if (!__atomic_load_n(&c->done, __ATOMIC_ACQUIRE))
			continue;	/* never arrived: core reports it */
		n++;
		fixed += c->fixed_up != 0;
		k = reg_snap_diff(boot, &c->snap, &d, 1);
		if (!k)
			continue;
		if (differ++ < CPU_REGS_MAX_WARN)
			warn_cpu(c, &d, k, name);
	}
	if (differ > CPU_REGS_MAX_WARN) {
		snprintf(msg, sizeof(msg), "%u more CPUs differ from the boot "
			 "CPU (not listed)", differ - CPU_REGS_MAX_WARN);
		report_warn("mtrr", 0, msg);
	}
	*compared = n;
	*fixed_up = fixed;
	return differ;
}
