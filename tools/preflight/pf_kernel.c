/* SPDX-License-Identifier: BSD-2-Clause */
/* The kernel's view and the comparison: pf_kernel.h. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/report.h"
#include "preflight/pf_kernel.h"

#define NODE_MAX	1024	/* node directories looked for */

/* A small sysfs file, NUL-terminated, newline dropped; false if none. */
static bool read_small(const char *root, const char *path, char *buf,
		       size_t len)
{
	char p[512];
	FILE *f;
	size_t n;

	snprintf(p, sizeof(p), "%s%s", root, path);
	f = fopen(p, "r");
	if (!f)
		return false;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
	return true;
}

struct list_into {
	bool *set;
	uint32_t first;
};

static void list_one(uint32_t id, void *ctx)
{
	struct list_into *l = ctx;

	if (l->set)
		l->set[id] = true;
	if (l->first == PF_K_NONE || id < l->first)
		l->first = id;
}

/* A CPU list into @set (TOPO_MAX_CPUS long, may be NULL); the number of
 * CPUs in it, the first in *first; -1 if it is no list (topo.h). */
static int parse_list(const char *s, bool *set, uint32_t *first)
{
	struct list_into l = { set, PF_K_NONE };
	int n = topo_parse_list(s, list_one, &l);

	*first = l.first;
	return n;
}

static uint32_t first_of(const char *root, const char *fmt, uint32_t cpu)
{
	char path[200], buf[8192];
	uint32_t first;

	snprintf(path, sizeof(path), fmt, cpu);
	if (!read_small(root, path, buf, sizeof(buf)) ||
	    parse_list(buf, NULL, &first) <= 0)
		return PF_K_NONE;
	return first;
}

/* The deepest data or unified cache's sharers. */
static void read_llc(const char *root, struct pf_kernel *k, uint32_t cpu)
{
	uint32_t best = 0;

	k->llc[cpu] = PF_K_NONE;
	for (unsigned i = 0; i < 16; i++) {
		char path[200], buf[64];
		unsigned long level;

		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%u/"
			 "cache/index%u/level", cpu, i);
		if (!read_small(root, path, buf, sizeof(buf)))
			break;
		level = strtoul(buf, NULL, 10);
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%u/"
			 "cache/index%u/type", cpu, i);
		if (!read_small(root, path, buf, sizeof(buf)) ||
		    !strcmp(buf, "Instruction") || level < best)
			continue;
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%%u/"
			 "cache/index%u/shared_cpu_list", i);
		best = (uint32_t)level;
		k->llc[cpu] = first_of(root, path, cpu);
	}
	if (best > k->llc_level)
		k->llc_level = best;
}

/*
 * A DT machine: CPU @cpu's reg, the property as the kernel exports it
 * (big-endian 32-bit cells; one or two for a CPU: MPIDR affinity on
 * arm64, hart id on riscv64).  None is fine (ACPI); another size is
 * refused, naming the file.
 */
static int read_of_reg(const char *root, struct pf_kernel *k, uint32_t cpu,
		       char *err, size_t errlen)
{
	unsigned char b[9];
	char path[512];
	uint64_t id = 0;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/sys/devices/system/cpu/cpu%u/"
		 "of_node/reg", root, cpu);
	f = fopen(path, "rb");
	if (!f)
		return 0;
	n = fread(b, 1, sizeof(b), f);
	fclose(f);
	if (n != 4 && n != 8) {
		snprintf(err, errlen, "%s: %s%zu bytes, not one or two "
			 "32-bit cells", path, n == sizeof(b) ? "over " : "",
			 n == sizeof(b) ? n - 1 : n);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		id = id << 8 | b[i];
	k->hwid[cpu] = id;
	k->have_hwid[cpu] = true;
	return 0;
}

/* x86: the APIC id of every CPU (the kernel's map to the MADT). */
static void read_apicids(const char *root, struct pf_kernel *k)
{
	char path[512], line[256];
	long cpu = -1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/cpuinfo", root);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon)
			continue;
		if (!strncmp(line, "processor", 9))
			cpu = strtol(colon + 1, NULL, 10);
		else if (!strncmp(line, "apicid", 6) && cpu >= 0 &&
			 cpu < TOPO_MAX_CPUS) {
			k->hwid[cpu] = strtoull(colon + 1, NULL, 10);
			k->have_hwid[cpu] = true;
		}
	}
	fclose(f);
}

static void read_nodes(const char *root, struct pf_kernel *k)
{
	char buf[8192], path[200];
	uint32_t online[TOPO_MAX_NODES], nonline = 0;

	for (uint32_t c = 0; c < TOPO_MAX_CPUS; c++)
		k->node[c] = k->node_id[c] = PF_K_NONE;
	/* distance rows run over the online nodes, in order */
	if (read_small(root, "/sys/devices/system/node/online", buf,
		       sizeof(buf))) {
		bool set[TOPO_MAX_CPUS] = { false };
		uint32_t first;

		if (parse_list(buf, set, &first) > 0)
			for (uint32_t n = 0; n < TOPO_MAX_CPUS &&
			     nonline < TOPO_MAX_NODES; n++)
				if (set[n])
					online[nonline++] = n;
	}
	for (uint32_t n = 0; n < NODE_MAX; n++) {
		bool set[TOPO_MAX_CPUS] = { false };
		uint32_t first;
		char *s;

		snprintf(path, sizeof(path), "/sys/devices/system/node/node%u/"
			 "cpulist", n);
		if (!read_small(root, path, buf, sizeof(buf)) ||
		    parse_list(buf, set, &first) <= 0)
			continue;
		k->nnodes++;
		for (uint32_t c = 0; c < TOPO_MAX_CPUS; c++)
			if (set[c])
				k->node[c] = first, k->node_id[c] = n;
		snprintf(path, sizeof(path), "/sys/devices/system/node/node%u/"
			 "distance", n);
		if (n >= TOPO_MAX_NODES || !read_small(root, path, buf,
							sizeof(buf)))
			continue;
		s = buf;
		for (uint32_t i = 0; i < nonline; i++) {
			char *e;
			unsigned long d = strtoul(s, &e, 10);

			if (e == s || d > 255 || online[i] >= TOPO_MAX_NODES)
				break;
			k->dist[n][online[i]] = (uint8_t)d;
			k->have_dist = true;
			s = e;
		}
	}
}

int pf_kernel_read(const char *root, struct pf_kernel *k, char *err,
		   size_t errlen)
{
	char buf[8192];
	uint32_t first;
	bool dt = false;
	int n;

	memset(k, 0, sizeof(*k));
	if (!read_small(root, "/sys/devices/system/cpu/present", buf,
			sizeof(buf)) ||
	    (n = parse_list(buf, NULL, &first)) <= 0) {
		snprintf(err, errlen, "%s/sys/devices/system/cpu/present: "
			 "missing or not a CPU list", root);
		return -1;
	}
	k->present = (uint32_t)n;
	if (read_small(root, "/sys/devices/system/cpu/possible", buf,
		       sizeof(buf)) && (n = parse_list(buf, NULL, &first)) > 0)
		k->possible = (uint32_t)n;
	if (!read_small(root, "/sys/devices/system/cpu/online", buf,
			sizeof(buf)) || parse_list(buf, k->online, &first) <= 0) {
		snprintf(err, errlen, "%s/sys/devices/system/cpu/online: "
			 "missing or not a CPU list", root);
		return -1;
	}
	for (uint32_t c = 0; c < TOPO_MAX_CPUS; c++) {
		k->package[c] = k->core[c] = k->llc[c] = PF_K_NONE;
		if (!k->online[c])
			continue;
		k->ncpus = c + 1;
		k->package[c] = first_of(root, "/sys/devices/system/cpu/cpu%u/"
					 "topology/package_cpus_list", c);
		if (k->package[c] == PF_K_NONE)
			k->package[c] = first_of(root, "/sys/devices/system/"
				"cpu/cpu%u/topology/core_siblings_list", c);
		k->core[c] = first_of(root, "/sys/devices/system/cpu/cpu%u/"
				      "topology/core_cpus_list", c);
		if (k->core[c] == PF_K_NONE)
			k->core[c] = first_of(root, "/sys/devices/system/cpu/"
				"cpu%u/topology/thread_siblings_list", c);
		read_llc(root, k, c);
		if (read_of_reg(root, k, c, err, errlen))
			return -1;
		dt |= k->have_hwid[c];
	}
	if (!dt)
		read_apicids(root, k);
	read_nodes(root, k);
	return 0;
}

/* ---- the comparison ---------------------------------------------------- */

static unsigned ndiff;

static void line(const char *what, const char *image, const char *kernel,
		 const char *verdict)
{
	report_printf("  %-18s image %-14s kernel %-14s %s\n", what, image,
		      kernel, verdict);
}

static void count_line(const char *what, uint64_t a, uint64_t b,
		       const char *purpose)
{
	char x[24], y[24];

	snprintf(x, sizeof(x), "%llu", (unsigned long long)a);
	snprintf(y, sizeof(y), "%llu", (unsigned long long)b);
	if (a != b && !purpose)
		ndiff++;
	line(what, x, y, a == b ? "agrees" : purpose ? purpose : "DIFFERS");
}

void pf_kernel_mask_hwids(struct pf_kernel *k, uint64_t mask)
{
	for (uint32_t c = 0; c < TOPO_MAX_CPUS; c++)
		k->hwid[c] &= mask;
}

/* The kernel CPU of image CPU @i: by hardware id where the kernel says
 * them (of_node/reg, /proc/cpuinfo's APIC ids), else by MADT order
 * (Linux numbers CPUs so on arm64 ACPI). */
static uint32_t kcpu(const struct pf_view *v, const struct pf_kernel *k,
		     uint32_t i)
{
	bool any = false;

	for (uint32_t c = 0; c < k->ncpus; c++) {
		any |= k->have_hwid[c];
		if (k->have_hwid[c] && k->online[c] &&
		    k->hwid[c] == v->topo.cpus[i].hwid)
			return c;
	}
	if (any || i >= k->ncpus || !k->online[i])
		return PF_K_NONE;
	return i;
}

/* CPU @i's group at @off in struct topo_cpu (package, core, llc...) */
static uint32_t grp(const struct topo *t, uint32_t i, size_t off)
{
	return *(const uint32_t *)((const char *)&t->cpus[i] + off);
}

/* How many groups at @off the image has. */
static uint32_t image_groups(const struct topo *t, size_t off)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < t->ncpus; i++) {
		bool new_i = true;

		for (uint32_t j = 0; j < i; j++)
			new_i &= grp(t, i, off) != grp(t, j, off);
		n += new_i;
	}
	return n;
}

/* Groups (package, core, LLC, node): do both put the same CPUs
 * together?  The first pair they part on is named. */
static void groups(const struct pf_view *v, const struct pf_kernel *k,
		   const char *what, const uint32_t *kg, size_t off,
		   const char *purpose)
{
	const struct topo *t = &v->topo;
	uint32_t ni = 0, nk = 0, said = 0;
	char x[24], y[24], msg[200] = "";

	/* a kernel that says nothing of these (no cache/ in its sysfs,
	 * as under some hypervisors) has nothing to disagree with */
	for (uint32_t i = 0; i < t->ncpus; i++) {
		uint32_t a = kcpu(v, k, i);

		said += a != PF_K_NONE && kg[a] != PF_K_NONE;
	}
	if (t->ncpus && !said) {
		snprintf(x, sizeof(x), "%u", image_groups(t, off));
		line(what, x, "none", "not compared: the kernel does not "
		     "say for any CPU");
		return;
	}
	for (uint32_t i = 0; i < t->ncpus; i++) {
		uint32_t a = kcpu(v, k, i);
		uint32_t gi = grp(t, i, off);
		bool new_i = true, new_k = true;

		if (a == PF_K_NONE || kg[a] == PF_K_NONE) {
			if (!msg[0])
				snprintf(msg, sizeof(msg), "DIFFERS: the "
					 "kernel does not say for CPU %u", i);
			continue;
		}
		for (uint32_t j = 0; j < i; j++) {
			uint32_t b = kcpu(v, k, j);
			uint32_t gj = grp(t, j, off);

			if (b == PF_K_NONE || kg[b] == PF_K_NONE)
				continue;
			new_i &= gi != gj;
			new_k &= kg[a] != kg[b];
			if ((gi == gj) != (kg[a] == kg[b]) && !msg[0])
				snprintf(msg, sizeof(msg), "%s: CPUs %u and %u "
					 "(kernel %u and %u): image %s, "
					 "kernel %s", purpose ? purpose :
					 "DIFFERS", j, i, b, a,
					 gi == gj ? "together" : "apart",
					 kg[a] == kg[b] ? "together" : "apart");
		}
		ni += new_i;
		nk += new_k;
	}
	snprintf(x, sizeof(x), "%u", ni);
	snprintf(y, sizeof(y), "%u", nk);
	if (msg[0] && !purpose)
		ndiff++;
	line(what, x, y, msg[0] ? msg : "agrees");
}

static void distances(const struct pf_view *v, const struct pf_kernel *k)
{
	const struct topo *t = &v->topo;
	char msg[200] = "";

	if (!k->have_dist) {
		line("node distances", v->topo.have_distance ? "slit" : "none",
		     "none", "not compared");
		return;
	}
	for (uint32_t a = 0; a < t->nnodes && !msg[0]; a++)
		for (uint32_t b = 0; b < t->nnodes && !msg[0]; b++) {
			uint32_t ca = PF_K_NONE, cb = PF_K_NONE, na, nb, di, dk;

			for (uint32_t i = 0; i < t->ncpus; i++) {
				if (t->cpus[i].node == a && ca == PF_K_NONE)
					ca = kcpu(v, k, i);
				if (t->cpus[i].node == b && cb == PF_K_NONE)
					cb = kcpu(v, k, i);
			}
			if (ca == PF_K_NONE || cb == PF_K_NONE)
				continue;
			na = k->node_id[ca];
			nb = k->node_id[cb];
			if (na >= TOPO_MAX_NODES || nb >= TOPO_MAX_NODES)
				continue;
			/* without a SLIT Linux takes 10 local, 20 remote */
			di = t->have_distance ? topo_distance(t, a, b) :
			     a == b ? 10 : 20;
			dk = k->dist[na][nb];
			if (di != dk)
				snprintf(msg, sizeof(msg), "DIFFERS: nodes %u "
					 "to %u (kernel %u to %u): image %u, "
					 "kernel %u", a, b, na, nb, di, dk);
		}
	if (msg[0])
		ndiff++;
	line("node distances", t->have_distance ? "slit" : "none (10/20)",
	     "sysfs", msg[0] ? msg : "agrees");
}

unsigned pf_kernel_compare(const struct pf_view *v, const struct pf_kernel *k)
{
	const struct topo *t = &v->topo;
	const char *llc_why = NULL;

	ndiff = 0;
	report_printf("\nheld against the running kernel:\n");
	count_line("CPUs present", t->ncpus, k->present, NULL);
	count_line("CPUs possible", t->ncpus + t->ndisabled, k->possible,
		   NULL);
	groups(v, k, "packages", k->package,
	       offsetof(struct topo_cpu, package), NULL);
	groups(v, k, "cores", k->core, offsetof(struct topo_cpu, core), NULL);
	groups(v, k, "NUMA nodes", k->node, offsetof(struct topo_cpu, node),
	       NULL);
	distances(v, k);
	if (v->pptt_used && v->pptt.private_llc)
		llc_why = "on purpose: the deepest cache is per core, the "
			  "image takes the scheduler's LLC (warn llc)";
	else if (v->llc_unknown && v->cpuid_foreign)
		llc_why = "not known here: this CPUID is not the machine's "
			  "(the image reads CPUID on the machine)";
	else if (v->llc_unknown)
		llc_why = "not known here: no CPUID for these tables (the "
			  "image reads CPUID on the machine)";
	else if (t->llc_split_by_node)
		llc_why = "on purpose: an LLC spanning nodes is split per "
			  "node (warn topology)";
	groups(v, k, "LLCs", k->llc, offsetof(struct topo_cpu, llc), llc_why);
	return ndiff;
}
