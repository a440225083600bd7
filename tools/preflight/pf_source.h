/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where preflight's tables come from: a directory of binary tables (the
 * running system's /sys/firmware/acpi/tables, or "acpidump -b" output)
 * or a file of acpidump's text.  Every file is hostile input.
 */
#ifndef SBM_TOOLS_PF_SOURCE_H
#define SBM_TOOLS_PF_SOURCE_H

#include <stddef.h>

#include "preflight/acpi_dump.h"

/*
 * The tables at @path into @d: a directory's regular files, each a
 * binary table named by its own header (files too short or without a
 * signature are noted in @note and left out), else acpidump's text.
 * 0, or -1 with the reason (naming the file) in @err.
 */
int pf_source_load(const char *path, struct acpi_dump *d, char *err,
		   size_t errlen, void (*note)(const char *msg));

/* A whole file of at most @max bytes, NUL-terminated; NULL with @err. */
char *pf_read_file(const char *path, size_t max, size_t *len, char *err,
		   size_t errlen);

#endif
