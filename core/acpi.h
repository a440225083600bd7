/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bounds-checked parsers of ACPI tables: pure functions over bytes.
 *
 * The caller maps or copies a table and passes its address with the number
 * of bytes it may read ("avail" / "len").  Nothing here dereferences a
 * physical address found inside a table: the root table and the RSDP only
 * hand addresses back.  Firmware data is treated as hostile: every read is
 * checked against both the caller's byte count and the table's own length
 * field, checksums are verified, and entry lengths are validated so that a
 * zero or oversized length ends the walk instead of looping or overrunning.
 *
 * Conventions: functions return 0 on success and a negative value on
 * failure, setting *why (when why is not NULL) to a short static string.
 * Per-entry problems that do not invalidate the table are reported through
 * an optional warning callback and parsing goes on.  No allocation, no
 * global state: output arrays come from the caller with their capacity.
 */
#ifndef SBM_CORE_ACPI_H
#define SBM_CORE_ACPI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ACPI_HDR_LEN		36u

/*
 * Warning callback: table is the 4-character signature ("APIC", "SRAT"),
 * msg a short static string.  Both stay valid forever.
 */
typedef void (*acpi_warn_fn)(void *arg, const char *table, const char *msg);

/* ---- generic header ---------------------------------------------------- */

/*
 * Validate a table header: avail >= 36, signature (when sig is not NULL,
 * exactly 4 characters), 36 <= length <= avail, and a zero byte sum over
 * length bytes.
 */
int acpi_table_check(const void *tbl, size_t avail, const char *sig,
		     const char **why);

/* Length field of a header; hdr36 must have 36 readable bytes. */
uint32_t acpi_table_length(const void *hdr36);

/* Revision byte (offset 8) of a header. */
uint8_t acpi_table_revision(const void *hdr36);

/* Copy the 4-byte signature into out and NUL-terminate it. */
void acpi_table_sig(const void *hdr36, char out[5]);

/* True when the header's signature is the 4 characters of sig. */
bool acpi_sig_is(const void *hdr36, const char *sig);

/* Byte sum of n bytes: 0 for a correctly checksummed region. */
uint8_t acpi_checksum(const void *p, size_t n);

/* ---- RSDP -------------------------------------------------------------- */

struct acpi_rsdp_info {
	uint8_t revision;
	uint64_t rsdt;		/* 32-bit RSDT address, zero-extended */
	uint64_t xsdt;		/* 0 when revision < 2 */
	char oem_id[7];		/* non-printable bytes replaced by '?' */
	uint32_t length;	/* 20 for revision < 2 */
};

/*
 * "RSD PTR " signature and the 20-byte checksum; for revision >= 2 also
 * the length field (36 <= length <= avail) and the extended checksum.
 */
int acpi_rsdp_parse(const void *p, size_t avail, struct acpi_rsdp_info *out,
		    const char **why);

/* ---- RSDT / XSDT ------------------------------------------------------- */

/*
 * Entries of the root table, chosen by signature: RSDT (32-bit) or XSDT
 * (64-bit).  A trailing partial entry is ignored, as are null entries.
 * At most max addresses are stored; *n is the number stored, so size
 * addrs generously (entries past max are dropped).
 */
int acpi_root_entries(const void *tbl, size_t len, uint64_t *addrs,
		      size_t max, size_t *n, const char **why);

/* ---- MADT -------------------------------------------------------------- */

#define ACPI_MADT_LAPIC		0	/* entry type 0 */
#define ACPI_MADT_X2APIC	9	/* entry type 9 */
#define ACPI_MADT_GICC		11	/* entry type 11 */

/*
 * Normalised CPU flags.  The raw GICC flags keep "online capable" in bit 3;
 * we move it to bit 1 so one test works for every kind.  raw_flags keeps
 * the entry's own value.
 */
#define ACPI_CPU_ENABLED	1u
#define ACPI_CPU_ONLINE_CAPABLE	2u

struct acpi_madt_cpu {
	uint32_t id;		/* APIC / x2APIC id; GICC: CPU interface no. */
	uint32_t uid;		/* ACPI processor UID */
	uint32_t flags;		/* ACPI_CPU_* */
	uint8_t kind;		/* ACPI_MADT_LAPIC / _X2APIC / _GICC */
	uint64_t mpidr;		/* GICC only, as in the table; 0 otherwise */
	uint32_t raw_flags;	/* flags as found in the entry */
};

struct acpi_madt_info {
	uint32_t lapic_addr;
	uint32_t flags;
	size_t nentries_skipped;	/* CPU entries left out, any reason */
	uint8_t revision;
	size_t nunusable;	/* neither enabled nor online capable */
	size_t nduplicate;	/* same APIC id / MPIDR as an earlier entry */
	size_t ndropped;	/* usable, but beyond max */
	size_t nonline_capable;	/* returned, online capable but not enabled */
	size_t nunknown;	/* entries of types this parser does not know */
};

/* A CPU entry worth returning: enabled, or can be brought online. */
bool acpi_cpu_usable(uint32_t flags);

/*
 * Collect the usable CPU entries (local APIC, x2APIC, GICC) in table
 * order.  Skipped with a warning: duplicates (same APIC id across LAPIC and
 * x2APIC, or same MPIDR affinity for GICC), local APIC id 0xff or x2APIC
 * id 0xffffffff, entries too short for their type, entries beyond max.
 * Unusable entries are counted and warned once.  LAPIC/x2APIC "online
 * capable" is honoured from MADT revision 5 (ACPI 6.3) on.  A zero-length
 * or overrunning entry ends the walk with a warning; what was found before
 * it is kept.  cpus may be NULL
 * when max is 0 (count only); n and info may be NULL.
 */
int acpi_madt_parse(const void *tbl, size_t len, struct acpi_madt_cpu *cpus,
		    size_t max, size_t *n, struct acpi_madt_info *info,
		    acpi_warn_fn warn, void *arg, const char **why);

/* ---- SRAT -------------------------------------------------------------- */

#define ACPI_SRAT_LAPIC		0
#define ACPI_SRAT_MEM		1
#define ACPI_SRAT_X2APIC	2
#define ACPI_SRAT_GICC		3

#define ACPI_SRAT_ENABLED	1u	/* every affinity type */
#define ACPI_SRAT_MEM_HOTPLUG	2u
#define ACPI_SRAT_MEM_NONVOLATILE 4u

struct acpi_srat_cpu {
	uint32_t apic_id;	/* APIC / x2APIC id; GICC: ACPI processor UID */
	uint32_t domain;	/* proximity domain */
	uint32_t flags;
	uint8_t kind;		/* ACPI_SRAT_LAPIC / _X2APIC / _GICC */
};

struct acpi_srat_mem {
	uint32_t domain;
	uint64_t base, length;
	uint32_t flags;
};

/*
 * Enabled CPU and memory affinity entries (entries start at offset 48).
 * SRAT revision 1 tables only have an 8-bit domain (the high bytes were
 * reserved then), so those are masked as the spec requires.  Arrays may be
 * NULL with a capacity of 0; entries beyond capacity are warned once.
 */
int acpi_srat_parse(const void *tbl, size_t len, struct acpi_srat_cpu *cpus,
		    size_t maxc, size_t *nc, struct acpi_srat_mem *mem,
		    size_t maxm, size_t *nm, acpi_warn_fn warn, void *arg,
		    const char **why);

/* ---- SLIT -------------------------------------------------------------- */

#define ACPI_SLIT_LOCAL		10u
#define ACPI_SLIT_UNREACHABLE	0xffu

/*
 * Distance matrix, row-major n*n into dist, which must hold
 * max_localities * max_localities bytes.  Rejected: n == 0,
 * n > max_localities, a matrix past the table, a diagonal other than 10,
 * an off-diagonal value below 10 (0xff, unreachable, is allowed).
 */
int acpi_slit_parse(const void *tbl, size_t len, uint8_t *dist,
		    size_t max_localities, size_t *n, const char **why);

/* ---- FADT -------------------------------------------------------------- */

#define ACPI_FADT_TMR_VAL_EXT	(1u << 8)
#define ACPI_FADT_HW_REDUCED	(1u << 20)

#define ACPI_ARM_PSCI_COMPLIANT	1u
#define ACPI_ARM_PSCI_USE_HVC	2u

#define ACPI_GAS_SYSTEM_MEMORY	0u
#define ACPI_GAS_SYSTEM_IO	1u

struct acpi_fadt_info {
	uint32_t pm_tmr_blk;
	uint8_t pm_tmr_len;
	bool tmr_val_ext;	/* 32-bit PM timer */
	uint64_t x_pm_tmr_addr;
	uint8_t x_pm_tmr_space;
	uint16_t arm_boot_arch;	/* ACPI_ARM_PSCI_* */
	uint32_t flags;
	bool hw_reduced;
	uint8_t revision;	/* header revision (major version) */
	uint8_t minor_revision;	/* offset 131, ACPI 5.1+ */
};

/*
 * Fields that lie (wholly or partly) past the table's length read as 0:
 * an old short FADT is valid.
 */
int acpi_fadt_parse(const void *tbl, size_t len, struct acpi_fadt_info *out,
		    const char **why);

/* ---- SPCR -------------------------------------------------------------- */

#define ACPI_SPCR_16550		0x00u
#define ACPI_SPCR_16450		0x01u
#define ACPI_SPCR_PL011		0x03u
#define ACPI_SPCR_SBSA_32BIT	0x0du
#define ACPI_SPCR_SBSA		0x0eu
#define ACPI_SPCR_BCM2835	0x10u
#define ACPI_SPCR_16550_GAS	0x12u

struct acpi_spcr_info {
	uint8_t interface_type;
	uint8_t space_id;	/* ACPI_GAS_* */
	uint8_t bit_width;
	uint64_t address;
	uint8_t baud_code;	/* see acpi_spcr_baud() */
	uint8_t access_size;	/* GAS access size: 1 byte .. 4 qword, 0 any */
	uint8_t revision;
};

/* The 80-byte SPCR body is required. */
int acpi_spcr_parse(const void *tbl, size_t len, struct acpi_spcr_info *out,
		    const char **why);

/* Baud rate for a SPCR baud code; 0 when "as configured" or reserved. */
uint32_t acpi_spcr_baud(uint8_t baud_code);

/* ---- PPTT -------------------------------------------------------------- */

#define ACPI_PPTT_PACKAGE	(1u << 0)	/* physical package */
#define ACPI_PPTT_ID_VALID	(1u << 1)	/* ACPI processor ID valid */
#define ACPI_PPTT_THREAD	(1u << 2)
#define ACPI_PPTT_LEAF		(1u << 3)	/* revision 2+ */
#define ACPI_PPTT_IDENTICAL	(1u << 4)

#define ACPI_PPTT_MAX_DEPTH	8	/* levels of a CPU chain */

struct acpi_pptt_node {
	uint32_t offset;	/* of the node in the table: a stable key */
	uint32_t flags;		/* ACPI_PPTT_* */
	uint32_t parent;	/* offset, 0 for the root */
	uint32_t uid;		/* meaningful with ACPI_PPTT_ID_VALID */
	uint32_t nres;		/* private resources */
};

/*
 * Chain of processor hierarchy nodes for the leaf whose ACPI processor ID
 * is uid: leaf first, then each parent up to the root (at most
 * ACPI_PPTT_MAX_DEPTH and at most max).  A leaf has the leaf flag or no
 * children (revision 1 has no leaf flag); only nodes with the ID-valid flag
 * match.  Parent cycles, bad parent offsets and overlong chains fail.
 */
int acpi_pptt_cpu_chain(const void *tbl, size_t len, uint32_t uid,
			struct acpi_pptt_node *chain, size_t max, size_t *n,
			const char **why);

#define ACPI_PPTT_CACHE_SIZE_VALID	(1u << 0)
#define ACPI_PPTT_CACHE_SETS_VALID	(1u << 1)
#define ACPI_PPTT_CACHE_WAYS_VALID	(1u << 2)
#define ACPI_PPTT_CACHE_ALLOC_VALID	(1u << 3)
#define ACPI_PPTT_CACHE_TYPE_VALID	(1u << 4)
#define ACPI_PPTT_CACHE_WPOLICY_VALID	(1u << 5)
#define ACPI_PPTT_CACHE_LINE_VALID	(1u << 6)
#define ACPI_PPTT_CACHE_ID_VALID	(1u << 7)	/* revision 3+ */

#define ACPI_CACHE_DATA		0
#define ACPI_CACHE_INSTRUCTION	1
#define ACPI_CACHE_UNIFIED	2
#define ACPI_CACHE_UNKNOWN	3	/* type not marked valid */

struct acpi_pptt_cache {
	uint32_t offset;	/* of the cache structure: its identity */
	uint32_t node;		/* offset of the node that reaches it */
	uint32_t flags;		/* ACPI_PPTT_CACHE_*; invalid fields are 0 */
	uint32_t size;
	uint32_t sets;
	uint32_t cache_id;
	uint16_t line_size;
	uint8_t ways;
	uint8_t attributes;
	uint8_t level;		/* 1 = closest to the CPU */
	uint8_t type;		/* ACPI_CACHE_* */
};

/*
 * Caches of the CPU whose ACPI processor ID is uid, walking its chain from
 * the leaf: each node's private cache resources and their next-level
 * chains.  Levels count up from the leaf as Linux does (a node's caches
 * start one past the deepest level found below it).  Each cache appears
 * once; node tells the lowest node that reaches it, which is the set of
 * CPUs sharing it.  More caches than max fails.
 */
int acpi_pptt_caches(const void *tbl, size_t len, uint32_t uid,
		     struct acpi_pptt_cache *caches, size_t max, size_t *n,
		     const char **why);

#endif
