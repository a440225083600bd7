/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * preflight: what the image would make of this machine, before it starts
 * a CPU, by the image's own decoders built for this machine, held
 * against what the running kernel says.  See docs/preflight.md.
 *
 *   preflight [--from DIR|FILE] [--root DIR] [--no-kernel]
 *
 * Exit status: 0 all agrees (or differs on purpose), 1 something
 * disagrees or the image would find no CPU, 2 usage or unreadable input.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "preflight/acpi_dump.h"
#include "fw/smbios.h"
#include "output/crc32.h"
#include "output/record.h"
#include "output/report.h"
#include "preflight/pf_decode.h"
#include "preflight/pf_kernel.h"
#include "preflight/pf_fdt.h"
#include "preflight/pf_source.h"

static void usage(FILE *f)
{
	fprintf(f, "usage: preflight [--from DIR|FILE] [--root DIR] "
		"[--no-kernel]\n"
		"  the image's view of this machine's firmware tables, and the "
		"kernel's\n"
		"  --from: binary tables (a directory: acpidump -b), "
		"acpidump's text, or a DTB\n"
		"  --root: where sys/ and proc/ are (default /)\n"
		"  --no-kernel: the image's view only\n");
}

static void note(const char *msg)
{
	report_printf("note: %s\n", msg);
}

/* The run id: the tables' own CRC, so the same tables give the same. */
static uint32_t tables_id(const struct acpi_dump *d)
{
	uint32_t c = 0;

	for (size_t i = 0; i < d->n; i++)
		c = crc32_update(c, d->t[i].data, d->t[i].len);
	return c ? c : 1;
}

/* SMBIOS as the kernel exports it: the image's parser over its bytes. */
static const struct smbios_id *smbios(const char *root)
{
	static struct smbios_id id;
	char path[512], err[300];
	const char *why;
	uint64_t addr;
	uint32_t tlen;
	size_t elen, len;
	char *ep, *t;
	int rc;

	snprintf(path, sizeof(path), "%s/sys/firmware/dmi/tables/"
		 "smbios_entry_point", root);
	ep = pf_read_file(path, 64, &elen, err, sizeof(err));
	if (!ep)
		return NULL;
	rc = smbios_entry(ep, elen, &addr, &tlen, &id, &why);
	free(ep);
	if (rc) {
		report_warn("smbios", 0, why);
		return NULL;
	}
	snprintf(path, sizeof(path), "%s/sys/firmware/dmi/tables/DMI", root);
	t = pf_read_file(path, 1u << 20, &len, err, sizeof(err));
	if (!t)
		return NULL;
	rc = smbios_parse(t, len < tlen ? len : tlen, &id, &why);
	free(t);
	if (rc)
		report_warn("smbios", 0, why);
	return &id;
}

static void id_key(struct rec *r, const char *key, const char *v)
{
	if (v && v[0])
		rec_str(r, key, v);
}

/* hello, as the image's: which machine, which view */
static void hello(const struct pf_view *v, const struct smbios_id *s,
		  const char *from)
{
	struct rec r;

	report_printf("\nsbmbench %s preflight: the image's view of %s\n",
		      SBM_VERSION, from);
	if (s && (s->product[0] || s->board[0]))
		report_printf("machine: %s %s, board %s %s, firmware %s %s "
			      "(%s)\n", s->sys_vendor, s->product,
			      s->board_vendor, s->board, s->bios_vendor,
			      s->bios_version, s->bios_date);
	if (v->cpu_model[0])
		report_printf("cpu: %s\n", v->cpu_model);
	report_rec_start(&r, "hello");
	rec_str(&r, "version", SBM_VERSION);
	rec_str(&r, "arch", v->arch ? v->arch : "unknown");
	rec_str(&r, "platform", "preflight");
	rec_str(&r, "virt", "unknown");
	rec_str(&r, "cpu_model", v->cpu_model[0] ? v->cpu_model : "unknown");
	rec_str(&r, "counter", "none");
	rec_u64(&r, "counter_hz", 0);
	rec_str(&r, "hz_source", "none");
	rec_u64(&r, "cycles", 0);
	if (s) {
		id_key(&r, "sys_vendor", s->sys_vendor);
		id_key(&r, "product", s->product);
		id_key(&r, "board_vendor", s->board_vendor);
		id_key(&r, "board", s->board);
		id_key(&r, "bios_vendor", s->bios_vendor);
		id_key(&r, "bios_version", s->bios_version);
		id_key(&r, "bios_date", s->bios_date);
	}
	report_record(&r);
}

static void tables_line(const struct acpi_dump *d)
{
	char buf[400] = "";

	for (size_t i = 0; i < d->n && strlen(buf) + 6 < sizeof(buf); i++)
		if (strcmp(d->t[i].sig, "SSDT"))
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
				 " %s", d->t[i].sig);
	report_printf("tables:%s\n", buf);
}

/* The console the image would choose, and why (arch/x86/uart16550.c,
 * arch/arm64/efi_main.c). */
static void console_line(const struct pf_view *v)
{
	const struct acpi_spcr_uart *u = &v->uart;
	bool x86 = v->arch && !strcmp(v->arch, "x86_64");

	if (v->spcr == 1)
		report_printf("console: %s %s %#llx from SPCR (type %#x, "
			      "%u-byte access, stride %u, %s)%s\n",
			      u->kind == ACPI_UART_PL011 ? "pl011" : "16550",
			      u->io ? "io" : "mmio",
			      (unsigned long long)u->base, u->type, u->width,
			      u->stride, u->baud ? "rate from SPCR" :
			      "as configured: not reprogrammed",
			      x86 && u->kind != ACPI_UART_16550 ?
			      ": not a 16550, the x86 image stays on COM1" :
			      ": used once it answers");
	else if (v->spcr < 0)
		report_printf("console: SPCR unusable (%s): %s\n",
			      v->spcr_why, x86 ? "COM1 0x3f8 if it answers" :
			      "the device tree's or none");
	else
		report_printf("console: no SPCR: %s\n", x86 ?
			      "COM1 0x3f8 if it answers, at 115200" :
			      "the UART the firmware's device tree names, "
			      "else none (the screen only)");
	if (v->spcr == 1 && u->baud)
		report_printf("console: %u baud\n", u->baud);
}

static void bmc_lines(const struct pf_view *v)
{
	if (!v->nspmi) {
		report_printf("bmc: no SPMI table: no BMC the image would "
			      "ask (x86 also asks SMBIOS type 38)\n");
		return;
	}
	for (unsigned i = 0; i < v->nspmi; i++) {
		const struct acpi_spmi_info *s = &v->spmi[i];

		report_printf("bmc: IPMI %x.%x %s at %s %#llx, register "
			      "spacing %u%s\n", s->spec_revision >> 8,
			      (s->spec_revision >> 4) & 0xf,
			      acpi_spmi_interface_name(s->interface_type),
			      s->space_id == ACPI_GAS_SYSTEM_IO ? "io" : "mmio",
			      (unsigned long long)s->address,
			      s->bit_width >= 8 ? s->bit_width / 8 : 1,
			      i == acpi_spmi_pick(v->spmi, v->nspmi) ?
			      ": the image asks its watchdog (Get Watchdog "
			      "Timer) and stops it if armed" : "");
	}
}

static void slit_lines(const struct pf_view *v)
{
	for (size_t i = 0; v->slit && i < v->at.slit_n; i++) {
		char row[TOPO_MAX_NODES * 4 + 1] = "";

		for (size_t j = 0; j < v->at.slit_n; j++)
			snprintf(row + strlen(row), sizeof(row) - strlen(row),
				 "%s%u", j ? "," : "",
				 v->at.slit[i * v->at.slit_n + j]);
		report_printf("slit %zu: %s\n", i, row);
	}
}

static void view_lines(const struct pf_view *v)
{
	if (v->fadt)
		report_printf("fadt: revision %u.%u%s, pm timer %s%s\n",
			      v->fadt_info.revision,
			      v->fadt_info.minor_revision,
			      v->fadt_info.hw_reduced ? ", hardware-reduced" :
			      "", v->fadt_info.pm_tmr_blk ||
			      v->fadt_info.x_pm_tmr_addr ? "present" : "none",
			      v->fadt_info.tmr_val_ext ? " (32-bit)" : "");
	console_line(v);
	bmc_lines(v);
	if (v->arch && !strcmp(v->arch, "x86_64") && v->cpuid_foreign)
		report_printf("cpuid: not this machine's: CPU 0's APIC id by "
			      "CPUID (0x%llx) is in no MADT entry (a hypervisor "
			      "that passes the host's CPUID to user space); "
			      "packages, cores and LLCs unknown here, the image "
			      "takes them from CPUID\n",
			      (unsigned long long)v->bsp);
	else if (v->arch && !strcmp(v->arch, "x86_64"))
		report_printf("cpuid: %s\n", v->cpuid ? "run on this machine's "
			      "CPU 0: cores, packages, LLCs and caches from it" :
			      "not run (tables from elsewhere): packages, cores "
			      "and LLCs unknown here, the image takes them from "
			      "CPUID");
	slit_lines(v);
}

/*
 * Hold @v against the kernel under @root ("" for this machine), its
 * hardware ids cut to @hwid_mask (~0: as they are): -1 if the kernel's
 * view could not be read, else 0 with the items that disagree in *@ndiff.
 */
static int kernel_check(const struct pf_view *v, const char *root,
			uint64_t hwid_mask, unsigned *ndiff)
{
	struct pf_kernel *k = calloc(1, sizeof(*k));
	char err[600];
	int rc = 0;

	if (!k || pf_kernel_read(root, k, err, sizeof(err))) {
		report_warn("kernel", 0, k ? err : "out of memory");
		rc = -1;
	} else {
		if (hwid_mask != ~0ull)
			pf_kernel_mask_hwids(k, hwid_mask);
		*ndiff = pf_kernel_compare(v, k);
		report_printf("%u item%s disagree%s\n", *ndiff,
			      *ndiff == 1 ? "" : "s", *ndiff == 1 ? "s" : "");
	}
	free(k);
	return rc;
}

/*
 * A device-tree machine: the DTB at @path through the image's DT glue,
 * held against the kernel under @root unless @root is NULL (a DTB from
 * elsewhere), its CPUs matched by their reg.  Exit status as main()'s.
 */
static int dt_main(const char *path, const char *root,
		   const struct smbios_id *s)
{
	struct topo_cpu *cpus = calloc(TOPO_MAX_CPUS, sizeof(*cpus));
	char err[600];
	const char *why = NULL;
	struct pf_view v;
	unsigned ndiff = 0;
	size_t len;
	char *blob = pf_read_file(path, 2u << 20, &len, err, sizeof(err));
	int rc;

	if (!blob || !cpus) {
		fprintf(stderr, "preflight: %s\n", blob ? "out of memory" : err);
		free(blob);
		free(cpus);
		return 2;
	}
	memset(&v, 0, sizeof(v));
	topo_init(&v.topo, cpus);
	report_set_run_id(crc32_update(0, blob, len) | 1);
	rc = pf_fdt_topo(blob, len, &v.topo, &v.arch, &why);
	hello(&v, s, path);
	report_printf("tables: device tree (%zu bytes)\n", len);
	if (rc)
		report_warn("dt", 0, why);	/* as the arm64 image says it */
	else
		report_topology(&v.topo);
	if (!rc && root)
		rc = kernel_check(&v, root, pf_fdt_hwid_mask(v.arch), &ndiff);
	report_end(rc || ndiff);
	free(blob);
	free(cpus);
	return rc || ndiff ? 1 : 0;
}

/* --from FILE: a DTB, by its magic (acpidump's text is never one) */
static bool from_dtb(const char *path)
{
	char err[300];
	size_t len;
	char *head = pf_read_file(path, 2u << 20, &len, err, sizeof(err));
	bool dt = head && pf_fdt_is(head, len);

	free(head);
	return dt;
}

int main(int argc, char **argv)
{
	const char *from = NULL, *root = "";
	char tabdir[512], err[600];
	bool kernel = true, live;
	struct acpi_dump *d = calloc(1, sizeof(*d));
	struct pf_view v;
	unsigned ndiff = 0;
	int rc;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--from") && i + 1 < argc) {
			from = argv[++i];
		} else if (!strcmp(argv[i], "--root") && i + 1 < argc) {
			root = argv[++i];
		} else if (!strcmp(argv[i], "--no-kernel")) {
			kernel = false;
		} else if (!strcmp(argv[i], "-h") ||
			   !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "preflight: unknown argument '%s'\n",
				argv[i]);
			usage(stderr);
			return 2;
		}
	}
	if (!d)
		return 2;
	live = !from && !root[0];
	if (from)
		kernel = false;	/* another machine's tables */
	snprintf(tabdir, sizeof(tabdir), "%s/sys/firmware/acpi/tables", root);
	if (from && from_dtb(from)) {
		free(d);
		return dt_main(from, NULL, NULL);
	}
	if (!from) {
		struct stat st;
		char fdt[512];

		snprintf(fdt, sizeof(fdt), "%s/sys/firmware/fdt", root);
		if (stat(tabdir, &st) && !stat(fdt, &st)) {
			free(d);
			return dt_main(fdt, kernel ? root : NULL,
				       smbios(root));
		}
		if (stat(tabdir, &st)) {
			fprintf(stderr, "preflight: %s: no ACPI tables and no "
				"%s (not root?)\n", tabdir, fdt);
			return 2;
		}
	}
	if (pf_source_load(from ? from : tabdir, d, err, sizeof(err), note)) {
		fprintf(stderr, "preflight: %s\n", err);
		acpi_dump_free(d);
		free(d);
		return 2;
	}
	report_set_run_id(tables_id(d));
	if (pf_decode_open(d, live, &v)) {
		fprintf(stderr, "preflight: out of memory\n");
		pf_view_free(&v);
		acpi_dump_free(d);
		free(d);
		return 2;
	}
	hello(&v, from ? NULL : smbios(root), from ? from : tabdir);
	tables_line(d);
	rc = pf_decode(d, &v);
	view_lines(&v);
	if (!v.finalized) {
		report_warn("topology", 0, v.why ? v.why : "no topology");
		rc = -1;
	} else {
		report_topology(&v.topo);
	}
	if (!rc && kernel)
		rc = kernel_check(&v, root, ~0ull, &ndiff);
	report_end(rc || ndiff);
	pf_view_free(&v);
	acpi_dump_free(d);
	free(d);
	return rc || ndiff ? 1 : 0;
}
