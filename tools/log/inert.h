/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Text from a log on its way out, held inert in each output's syntax.
 * A log is hostile input: its CRC is integrity, not authenticity, and a
 * record's values may hold quotes, backquotes, tabs, DEL, C1 controls
 * and bytes that are no UTF-8 (the reader drops C0 controls and ANSI
 * escapes, a record is one line of under REC_MAX bytes).  Every writer
 * of reports, tables and plots puts record text through one of these.
 */
#ifndef SBM_INERT_H
#define SBM_INERT_H

#include <stdbool.h>
#include <stdio.h>

/*
 * Run @body(f, arg) into memory, then copy what it wrote to @out with
 * every byte other than printable ASCII, '\n' and a well-formed UTF-8
 * character as "\xNN", so that no escape sequence from a log reaches a
 * terminal.  A UTF-8 control (C1) or mark that reorders or breaks text
 * (bidirectional overrides, line separators) counts as bytes.  -1 when
 * out of memory.
 */
int text_inert(FILE *out, void (*body)(FILE *f, const void *arg),
	       const void *arg);

/* A CSV field (RFC 4180): in double quotes, a quote twice, when it holds
 * a comma, a quote or a blank at an end; UTF-8 characters as they are,
 * other bytes outside printable ASCII as "\xNN" (no control byte or line
 * break inside a field), as text_inert() says. */
void csv_field(FILE *f, const char *s);

/* A JSON string (RFC 8259), ASCII only: '"' and '\\' escaped, a UTF-8
 * character as text_inert() shows it as its \uXXXX (a surrogate pair
 * above U+FFFF), any other byte outside printable ASCII as \u00XX (a
 * log's bytes are not promised UTF-8). */
void json_str(FILE *f, const char *s);
/*
 * The one JSON writer of every report: a member "key":value, the key and
 * any text through json_str(); a number as %.10g, or null when @ok is
 * false or it is not finite (JSON has no NaN).  The caller writes the
 * braces and commas around members.
 */
void json_kstr(FILE *f, const char *key, const char *val);
void json_knum(FILE *f, const char *key, bool ok, double v);
void json_kuint(FILE *f, const char *key, unsigned long long v);
void json_kbool(FILE *f, const char *key, bool v);

/*
 * A gnuplot string in single quotes, where gnuplot substitutes nothing
 * (no `command`, no @macro, no backslash escape): a quote is written
 * twice, and a byte that is neither printable ASCII nor part of a
 * well-formed UTF-8 character as text_inert() shows them (C0, DEL, C1
 * controls and the marks that reorder text included) as '?', so
 * no control byte or line break reaches a script line and an SVG stays
 * well-formed.  The one way any text enters a gnuplot script.
 */
void gp_str(FILE *f, const char *s);
/* gp_str() would write @s unchanged (a file name must be). */
bool gp_str_exact(const char *s);
/* A string field of a gnuplot data file, in double quotes: as gp_str()
 * but '"', '\\' and '#' also as '_' (gnuplot ends the field at the
 * quote); never read as a command. */
void gp_data_str(FILE *f, const char *s);

#endif
