/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbmbench-linux: the engine of the bare-metal image as an ordinary
 * program, one pinned thread per online CPU, to show what the OS adds.
 *
 *   sbmbench-linux [key=value ...]      options as in the image
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "boot/boot.h"
#include "engine/engine.h"
#include "exp/sbm/exp_sbm_opts.h"
#include "isa_ops.h"
#include "linux_twin.h"
#include "options/config.h"
#include "output/report.h"

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The counter's rate against CLOCK_MONOTONIC_RAW over 100 ms. */
static uint64_t calibrate_hz(void)
{
	uint64_t n0 = mono_ns(), c0 = isa_counter(), n1, c1;

	do
		n1 = mono_ns();
	while (n1 - n0 < 100000000ull);
	c1 = isa_counter();
	return (uint64_t)((double)(c1 - c0) * 1e9 / (double)(n1 - n0));
}

static void cpuinfo(struct machine_info *in, char *model, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[1024];

	in->virt = "none";
	snprintf(model, len, "unknown");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon)
			continue;
		if ((!strncmp(line, "model name", 10) ||
		     !strncmp(line, "uarch", 5)) && !strcmp(model, "unknown")) {
			snprintf(model, len, "%s", colon + 2);
			model[strcspn(model, "\n")] = 0;
		}
		if (!strncmp(line, "flags", 5) && strstr(colon, " hypervisor"))
			in->virt = "hypervisor";
	}
	fclose(f);
	/* other ISAs have no CPUID bit: ask the firmware tables instead */
	if (!strcmp(in->virt, "none")) {
		static const char *const vms[] = { "QEMU", "KVM", "VMware",
			"VirtualBox", "Xen", "Microsoft", "Amazon EC2", "Google",
			"linux,dummy-virt", "riscv-virtio" };
		const char *files[] = { "/sys/class/dmi/id/sys_vendor",
			"/sys/class/dmi/id/product_name",
			"/sys/firmware/devicetree/base/compatible" };

		for (size_t i = 0; i < 3; i++) {
			FILE *g = fopen(files[i], "r");
			size_t n;

			if (!g)
				continue;
			n = fread(line, 1, sizeof(line) - 1, g);
			fclose(g);
			line[n] = 0;
			for (size_t k = 0; k < n; k++)
				if (!line[k])
					line[k] = ' ';	/* DT string lists */
			for (size_t v = 0; v < sizeof(vms) / sizeof(vms[0]); v++)
				if (strstr(line, vms[v]))
					in->virt = "hypervisor";
		}
	}
}

static int nargs;
static char **args;

static uint64_t boot_cpu(struct engine *e)
{
	int cpu = sched_getcpu();

	(void)e;
	return cpu < 0 ? 0 : (uint64_t)cpu;
}

static void machine(struct engine *e)
{
	static char model[128];

	cpuinfo(&e->info, model, sizeof(model));
	e->info.arch = ISA_NAME;
	e->info.platform = "linux";
	e->info.cpu_model = model;
	e->info.counter = !strcmp(ISA_NAME, "x86_64") ? "tsc" :
			  !strcmp(ISA_NAME, "arm64") ? "cntvct" :
			  !strcmp(ISA_NAME, "riscv64") ? "time" : "clock_gettime";
	e->info.cycles = false;
	e->info.idle_wait = "spin";	/* a parked thread: a relaxed loop */
}

static int options(struct engine *e, char *err, size_t len)
{
	for (int i = 1; i < nargs; i++) {
		if (!strcmp(args[i], "--help") || !strcmp(args[i], "-h")) {
			printf("usage: %s [key=value ...]\n\n%s", args[0],
			       config_help());
			exit(0);
		}
		if (config_parse(e->cfg, args[i], strlen(args[i]),
				 "command line", err, len))
			return -1;
	}
	return 0;
}

/* sysfs into the topology (linux_topology() finalizes it: boot_main()'s
 * topo_finalize() then changes nothing), pinned to its first CPU. */
static int cpus(struct engine *e, const char **why)
{
	struct topo *t = e->topo;

	if (linux_topology(t, why))
		return -1;
	if (linux_pin_self(t->cpus[0].hwid))
		fprintf(stderr, "sbmbench-linux: warning: cannot pin to CPU %llu\n",
			(unsigned long long)t->cpus[0].hwid);
	linux_numa_topo(t);
	return 0;
}

static void prepare(struct engine *e)
{
	e->info.counter_hz = calibrate_hz();
	e->info.hz_source = "calibrated-clock_monotonic_raw";
	linux_pair_offer();
	linux_isa_probe();
	/* pair mode runs threads of its own: none parked on mailboxes */
	e->self_threaded = sbm_opts.mode == MODE_PAIR;
	e->start_chosen_only = true;
	e->join_cpus = linux_join_cpus;
}

/* A run that cannot start: the reason on stderr, exit 2 for what the
 * user asked (options), 1 for what the machine lacks. */
__attribute__((noreturn))
static void fail(struct engine *e, const char *what, const char *why)
{
	(void)e;
	if (!strcmp(what, "memory")) {
		fprintf(stderr, "sbmbench-linux: out of memory\n");
		exit(1);
	}
	if (!strcmp(what, "topology")) {
		fprintf(stderr, "sbmbench-linux: topology: %s\n", why);
		exit(1);
	}
	fprintf(stderr, "sbmbench-linux: %s\n", why);
	exit(2);
}

static const struct boot_ops linux_boot = {
	.boot_cpu = boot_cpu,
	.machine = machine,
	.options = options,
	.cpus = cpus,
	.prepare = prepare,
	.fail = fail,
};

int main(int argc, char **argv)
{
	static struct engine b;

	nargs = argc;
	args = argv;
	return boot_main(&b, &linux_boot);
}
