/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target: any bytes as an ACPI table (and as an RSDP), through
 * every parser in core/fw/acpi*.c, twice: as they are (the signature and
 * checksum checks), and made into a table each decoder accepts at its
 * door -- its signature written in, a length field within the bytes, the
 * checksum (and the RSDP's two) recomputed -- so that the fuzzer's bytes
 * reach the MADT, SRAT, SLIT, FADT, SPCR, SPMI and PPTT decoders and the
 * root table walk.  What is checked: no crash, no read out of bounds, no
 * endless loop, whatever the firmware hands over.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fw/acpi.h"
#include "fw/acpi_madt.h"
#include "fw/acpi_numa.h"
#include "fw/acpi_platform.h"
#include "fw/acpi_pptt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The signatures of the decoders, in the order of struct tables. */
static const char *const sigs[] = { "APIC", "SRAT", "SLIT", "FACP", "SPCR",
				    "SPMI", "PPTT", "RSDT", "XSDT" };
#define NSIGS	(sizeof(sigs) / sizeof(sigs[0]))

struct tables {
	uint8_t *t[NSIGS];
	size_t len;
};

static void ignore(void *arg, const char *table, const char *msg)
{
	(void)arg;
	(void)table;
	(void)msg;
}

/* Maps no address: the root walk runs over every entry. */
static const void *map_none(void *arg, uint64_t addr, const char *sig,
			    size_t *len)
{
	(void)arg;
	(void)addr;
	(void)sig;
	(void)len;
	return NULL;
}

/* Maps an address to one of the fixed-up tables (or to none): the walk
 * then checks what it was handed. */
static const void *map_tables(void *arg, uint64_t addr, const char *sig,
			      size_t *len)
{
	const struct tables *ts = arg;

	(void)sig;
	if (addr % (NSIGS + 1) == NSIGS)
		return NULL;
	*len = ts->len;
	return ts->t[addr % (NSIGS + 1)];
}

static void wr32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* The fuzzer's length when it lies within the bytes, else all of them. */
static uint32_t fit_length(uint32_t len, size_t size, uint32_t least)
{
	if (len >= least && len <= size)
		return len;
	return size > UINT32_MAX ? UINT32_MAX : (uint32_t)size;
}

/* A copy of the bytes that passes acpi_table_check(..., sig): exact size,
 * so ASan sees any read past the end. */
static uint8_t *as_table(const uint8_t *data, size_t size, const char *sig)
{
	uint8_t *t = malloc(size ? size : 1);
	uint32_t len;

	if (!t)
		return NULL;
	memcpy(t, data, size);
	if (size < ACPI_HDR_LEN)
		return t;
	memcpy(t, sig, 4);
	len = fit_length(rd32(t + 4), size, ACPI_HDR_LEN);
	wr32(t + 4, len);
	t[9] = 0;
	t[9] = (uint8_t)-acpi_checksum(t, len);
	return t;
}

/* A copy that passes acpi_rsdp_parse(): signature and the 20-byte
 * checksum; from revision 2 the length and the extended checksum too. */
static uint8_t *as_rsdp(const uint8_t *data, size_t size)
{
	uint8_t *r = malloc(size ? size : 1);
	uint32_t len;

	if (!r)
		return NULL;
	memcpy(r, data, size);
	if (size < 20)
		return r;
	memcpy(r, "RSD PTR ", 8);
	r[8] = 0;
	r[8] = (uint8_t)-acpi_checksum(r, 20);
	if (r[15] < 2 || size < 36)
		return r;
	len = fit_length(rd32(r + 20), size, 36);
	wr32(r + 20, len);
	r[32] = 0;
	r[32] = (uint8_t)-acpi_checksum(r, len);
	return r;
}

/* Every decoder on @t of @size bytes (whatever its signature). */
static void decode(const uint8_t *t, size_t size, const struct tables *ts)
{
	static struct acpi_madt_cpu cpus[64];
	static struct acpi_srat_cpu scpus[64];
	static struct acpi_srat_mem smem[16];
	static struct acpi_pptt_node chain[8];
	static struct acpi_pptt_cache caches[16];
	static uint8_t dist[16 * 16];
	struct acpi_madt_info mi;
	struct acpi_rsdp_info ri;
	struct acpi_fadt_info fi;
	struct acpi_spcr_info si;
	struct acpi_spcr_uart su;
	struct acpi_spmi_info spmi;
	uint64_t addrs[32];
	size_t n, m;
	const char *why;

	acpi_rsdp_parse(t, size, &ri, &why);
	acpi_table_check(t, size, NULL, &why);
	acpi_root_entries(t, size, addrs, 32, &n, &why);
	n = 0;
	acpi_root_find(t, size, NULL, map_none, NULL, &n, &m);
	if (ts) {
		/* the first tables it lists (each lookup checks the whole
		 * root again: a walk of thousands of entries took most of
		 * the run), then one signature */
		n = 0;
		for (int k = 0; k < 16 && acpi_root_find(t, size, NULL,
							  map_tables,
							  (void *)ts, &n, &m);
		     k++)
			;
		n = 0;
		acpi_root_find(t, size, "APIC", map_tables, (void *)ts, &n, &m);
	}
	acpi_madt_parse(t, size, cpus, 64, &n, &mi, ignore, NULL, &why);
	acpi_srat_parse(t, size, scpus, 64, &n, smem, 16, &m, ignore, NULL,
			&why);
	acpi_slit_parse(t, size, dist, 16, &n, &why);
	acpi_fadt_parse(t, size, &fi, &why);
	if (!acpi_spcr_parse(t, size, &si, &why))
		acpi_spcr_uart(&si, &su, &why);
	acpi_spmi_parse(t, size, &spmi, &why);
	for (uint32_t uid = 0; uid < 4; uid++) {
		acpi_pptt_cpu_chain(t, size, uid, chain, 8, &n, &why);
		acpi_pptt_caches(t, size, uid, caches, 16, &n, &why);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tables ts = { .len = size };
	uint8_t *raw = malloc(size ? size : 1), *rsdp;
	size_t i;

	if (!raw)
		return 0;
	/* as they are: the doors (signature, length, checksum) */
	memcpy(raw, data, size);
	decode(raw, size, NULL);
	free(raw);
	/* past the doors: each decoder gets a table with its signature */
	for (i = 0; i < NSIGS; i++)
		if (!(ts.t[i] = as_table(data, size, sigs[i])))
			goto out;
	for (i = 0; i < NSIGS; i++)
		decode(ts.t[i], size, &ts);
	rsdp = as_rsdp(data, size);
	if (rsdp)
		decode(rsdp, size, NULL);
	free(rsdp);
out:
	for (i = 0; i < NSIGS; i++)
		free(ts.t[i]);
	return 0;
}
