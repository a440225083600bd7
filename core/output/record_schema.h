/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The record schema (record_schema.def) as a table: one row per kind,
 * followed by one row per key of that kind.  What the image keeps when
 * room is short and what tools call a field both come from it.
 */
#ifndef SBM_RECORD_SCHEMA_H
#define SBM_RECORD_SCHEMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What the saved result and the QR codes' pool keep first. */
enum rec_save {
	REC_SAVE_END,		/* the end record: room is kept for it */
	REC_SAVE_VERDICT,	/* without these a reader has no verdict */
	REC_SAVE_REST,
	REC_SAVE_LIST,		/* breakdowns, detail: while room is left */
};

enum rec_type {
	REC_T_U64,		/* decimal */
	REC_T_HEX,		/* 0x and lowercase hex digits */
	REC_T_DBL,		/* decimal, maybe negative, maybe a point */
	REC_T_STR,		/* a bare word or "quoted text" */
	REC_T_LIST,		/* decimals between commas */
	REC_T_CPUS,		/* a CPU list such as 0-3,8 */
	REC_T_U64_OR_NEVER,	/* decimal, or the word never */
};

/* What a key says of the machine, for the tools that tell machines
 * apart (sbmdb's machine table): the hardware it names, the same on
 * every boot of one machine. */
enum rec_role {
	REC_R_NONE,
	REC_R_MACHINE,
	REC_R_FIRMWARE,	/* the firmware and microcode a boot ran on */
	REC_R_SUMMARY,	/* a run at a glance: results stores' run columns */
};

#define REC_QR_RANKS	8	/* qr: 0 never left out .. 7 first out */

struct rec_schema {
	const char *kind;	/* a kind's row; NULL in a key's row */
	const char *key;	/* a key's row; NULL in a kind's row */
	const char *unit;	/* a key's unit, "" for none */
	uint8_t type;		/* a key's enum rec_type */
	uint8_t save;		/* a kind's enum rec_save */
	uint8_t qr;		/* a kind's QR rank */
	bool grows;		/* a kind with a record per CPU, pair, ... */
	uint8_t role;		/* a key's enum rec_role */
};

/*
 * The rows of a table of kinds, as record_schema.def writes them: a kind,
 * then its keys, ...; REC_END closes the table.  The engine's kinds are in
 * record_schema.def; an experiment's own, in its file, as
 * exp_NAME_records[], found through the registry (experiment_records.c).
 */
#define REC_KIND(k, s, q, g) { .kind = k, .unit = "", .save = REC_SAVE_##s, \
			       .qr = q, .grows = REC_KIND_##g },
#define REC_KEY(k, t, u) { .key = k, .unit = u, .type = REC_T_##t },
/* a key with a role (enum rec_role, REC_R_ left off): MACHINE */
#define REC_KEY_AS(k, t, u, r) { .key = k, .unit = u, .type = REC_T_##t, \
				 .role = REC_R_##r },
#define REC_END { .kind = NULL }	/* neither kind nor key */
#define REC_KIND_ONE	false
#define REC_KIND_GROWS	true

/* Every experiment's table, NULL-terminated (experiment_records.c). */
extern const struct rec_schema *const experiment_records[];

/* The row of @kind, NULL when the schema does not know it. */
const struct rec_schema *rec_schema_kind(const char *kind);
/* The row retention ranks @kind by: its own, or for a kind the schema
 * does not know, the same rule everywhere: kept last (LIST, grows, QR
 * rank 7). */
const struct rec_schema *rec_schema_rank(const char *kind);
/* The row of @key in kind row @kind, NULL when the kind has no such key. */
const struct rec_schema *rec_schema_key(const struct rec_schema *kind,
					const char *key);
/* The first kind row, and the kind row after @kind (NULL after the
 * last).  A kind's keys are the rows after it while ->key is set. */
const struct rec_schema *rec_schema_first(void);
const struct rec_schema *rec_schema_next(const struct rec_schema *kind);
/* Whether @v is written as @type says. */
bool rec_schema_value_ok(unsigned type, const char *v);
const char *rec_schema_type_name(unsigned type);
/* "machine", "firmware", "summary" for REC_R_MACHINE, REC_R_FIRMWARE,
 * REC_R_SUMMARY; NULL for REC_R_NONE (a key with no role). */
const char *rec_schema_role_name(unsigned role);

#endif
