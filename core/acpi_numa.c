/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SRAT and SLIT: which proximity domain holds each CPU and memory
 * range, and the distances between domains.  See acpi_numa.h.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acpi.h"
#include "acpi_numa.h"
#include "acpi_parse.h"

/* ---- SRAT -------------------------------------------------------------- */

int acpi_srat_parse(const void *tbl, size_t len, struct acpi_srat_cpu *cpus,
		    size_t maxc, size_t *nc, struct acpi_srat_mem *mem,
		    size_t maxm, size_t *nm, acpi_warn_fn warn, void *arg,
		    const char **why)
{
	static const char T[] = "SRAT";
	const uint8_t *t = tbl, *e;
	size_t off, ccnt = 0, mcnt = 0;
	bool cdrop = false, mdrop = false;
	uint32_t tlen;
	uint8_t rev;

	if (nc)
		*nc = 0;
	if (nm)
		*nm = 0;
	if (acpi_table_check(tbl, len, T, why))
		return -1;
	tlen = acpi_table_length(t);
	if (tlen < 48)
		return fail(why, "srat shorter than 48 bytes");
	if ((maxc && !cpus) || (maxm && !mem))
		return fail(why, "null output array");
	rev = t[8];

	off = 48;
	while ((e = acpi_sub_next(t, tlen, &off, warn, arg, T))) {
		struct acpi_srat_cpu c = { 0 };
		uint8_t type = e[0], elen = e[1];

		switch (type) {
		case ACPI_SRAT_LAPIC:
			if (elen < 16) {
				warn_if(warn, arg, T,
					"short lapic entry skipped");
				continue;
			}
			c.domain = e[2];
			/* Domain bits 31:8 were reserved before revision 2. */
			if (rev >= 2)
				c.domain |= (uint32_t)e[9] << 8 |
					    (uint32_t)e[10] << 16 |
					    (uint32_t)e[11] << 24;
			c.apic_id = e[3];
			c.flags = rd32(e + 4);
			break;
		case ACPI_SRAT_X2APIC:
			if (elen < 24) {
				warn_if(warn, arg, T,
					"short x2apic entry skipped");
				continue;
			}
			c.domain = rd32(e + 4);
			c.apic_id = rd32(e + 8);
			c.flags = rd32(e + 12);
			break;
		case ACPI_SRAT_GICC:
			if (elen < 18) {
				warn_if(warn, arg, T,
					"short gicc entry skipped");
				continue;
			}
			c.domain = rd32(e + 2);
			c.apic_id = rd32(e + 6);
			c.flags = rd32(e + 10);
			break;
		case ACPI_SRAT_MEM: {
			struct acpi_srat_mem m;

			if (elen < 40) {
				warn_if(warn, arg, T,
					"short memory entry skipped");
				continue;
			}
			m.domain = rd32(e + 2);
			if (rev < 2)
				m.domain &= 0xff;
			m.base = rd64(e + 8);
			m.length = rd64(e + 16);
			m.flags = rd32(e + 28);
			if (!(m.flags & ACPI_SRAT_ENABLED))
				continue;
			if (mcnt >= maxm) {
				if (!mdrop && mem)
					warn_if(warn, arg, T,
						"more memory ranges than room");
				mdrop = true;
				continue;
			}
			mem[mcnt++] = m;
			continue;
		}
		default:
			/* ITS, generic initiator/port, RINTC: not ours. */
			continue;
		}
		c.kind = type;
		if (!(c.flags & ACPI_SRAT_ENABLED))
			continue;
		if (ccnt >= maxc) {
			if (!cdrop && cpus)
				warn_if(warn, arg, T, "more cpus than room");
			cdrop = true;
			continue;
		}
		cpus[ccnt++] = c;
	}
	if (nc)
		*nc = ccnt;
	if (nm)
		*nm = mcnt;
	return 0;
}

/* ---- SLIT -------------------------------------------------------------- */

int acpi_slit_parse(const void *tbl, size_t len, uint8_t *dist,
		    size_t max_localities, size_t *n, const char **why)
{
	const uint8_t *t = tbl;
	uint64_t cnt, room;
	uint32_t tlen;
	size_t i, j, k;

	if (n)
		*n = 0;
	if (acpi_table_check(tbl, len, "SLIT", why))
		return -1;
	tlen = acpi_table_length(t);
	if (tlen < 44)
		return fail(why, "slit shorter than 44 bytes");
	cnt = rd64(t + 36);
	if (cnt == 0)
		return fail(why, "zero localities");
	/* Divide instead of multiplying: cnt is 64 bits of firmware. */
	room = tlen - 44;
	if (cnt > room / cnt)
		return fail(why, "matrix runs past table end");
	if (cnt > max_localities)
		return fail(why, "more localities than room");
	if (!dist)
		return fail(why, "null output array");

	for (i = 0; i < cnt; i++) {
		for (j = 0; j < cnt; j++) {
			uint8_t d;

			k = i * cnt + j;
			d = t[44 + k];
			if (i == j && d != ACPI_SLIT_LOCAL)
				return fail(why, "diagonal distance not 10");
			if (i != j && d < ACPI_SLIT_LOCAL)
				return fail(why, "distance below 10");
		}
	}
	/* Copy only a matrix that passed: no half-written output. */
	for (k = 0; k < cnt * cnt; k++)
		dist[k] = t[44 + k];
	if (n)
		*n = cnt;
	return 0;
}
