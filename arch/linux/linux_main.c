/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbmbench-linux: the engine of the bare-metal image as an ordinary
 * program, one pinned thread per online CPU, to show what the OS adds.
 *
 *   sbmbench-linux [key=value ...]      options as in the image
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/engine.h"
#include "isa_ops.h"
#include "linux_twin.h"
#include "out/report.h"

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

int main(int argc, char **argv)
{
	static struct engine b;
	static char model[128];
	struct topo topo;
	struct topo_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	const char *why;
	int status;

	config_defaults(&b.cfg);
	for (int i = 1; i < argc; i++) {
		char err[1024];

		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: %s [key=value ...]\n\n%s", argv[0],
			       config_help());
			return 0;
		}
		if (config_parse(&b.cfg, argv[i], strlen(argv[i]),
				 "command line", err, sizeof(err))) {
			fprintf(stderr, "sbmbench-linux: %s\n", err);
			return 2;
		}
	}
	if (!cpus) {
		fprintf(stderr, "sbmbench-linux: out of memory\n");
		return 1;
	}
	topo_init(&topo, cpus);
	if (linux_topology(&topo, &why)) {
		fprintf(stderr, "sbmbench-linux: topology: %s\n", why);
		return 1;
	}
	if (linux_pin_self(topo.cpus[0].hwid))
		fprintf(stderr, "sbmbench-linux: warning: cannot pin to CPU %llu\n",
			(unsigned long long)topo.cpus[0].hwid);
	b.topo = &topo;
	linux_numa_topo(&topo);
	cpuinfo(&b.info, model, sizeof(model));
	b.info.arch = ISA_NAME;
	b.info.platform = "linux";
	b.info.cpu_model = model;
	b.info.counter = !strcmp(ISA_NAME, "x86_64") ? "tsc" :
			 !strcmp(ISA_NAME, "arm64") ? "cntvct" :
			 !strcmp(ISA_NAME, "riscv64") ? "time" : "clock_gettime";
	b.info.counter_hz = calibrate_hz();
	b.info.hz_source = "calibrated-clock_monotonic_raw";
	b.info.cycles = false;
	b.info.idle_wait = "spin";	/* a parked thread: a relaxed loop */
	linux_pair_offer();
	linux_isa_probe();
	/* pair mode runs threads of its own: none parked on mailboxes */
	b.self_threaded = b.cfg.mode == MODE_PAIR;
	b.start_chosen_only = true;
	b.join_cpus = linux_join_cpus;
	if (engine_init(&b, &why)) {
		fprintf(stderr, "sbmbench-linux: %s\n", why);
		return 2;
	}
	status = engine_main(&b);
	engine_release(&b);
	free(cpus);
	return status;
}
