/* SPDX-License-Identifier: BSD-2-Clause */
/* preflight's tables from a directory or acpidump's text: pf_source.h. */
#define _DEFAULT_SOURCE	/* scandir(), alphasort() */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "preflight/pf_source.h"

char *pf_read_file(const char *path, size_t max, size_t *len, char *err,
		   size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	size_t n;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	buf = malloc(max + 2);
	if (!buf) {
		fclose(f);
		snprintf(err, errlen, "%s: out of memory", path);
		return NULL;
	}
	/* one byte more than allowed tells a file that is too long */
	n = fread(buf, 1, max + 1, f);
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error", path);
		n = max + 2;
	} else if (n > max) {
		snprintf(err, errlen, "%s: larger than %zu bytes", path, max);
	}
	fclose(f);
	if (n > max) {
		free(buf);
		return NULL;
	}
	buf[n] = 0;
	*len = n;
	return buf;
}

/* A table's signature: four letters, digits or '_' (and "RSD PTR "). */
static bool table_sig(const uint8_t *p, size_t n, char sig[5])
{
	if (n >= 8 && !memcmp(p, "RSD PTR ", 8)) {
		memcpy(sig, "RSDP", 5);
		return true;
	}
	if (n < 36)
		return false;
	for (int i = 0; i < 4; i++) {
		char c = (char)p[i];

		if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '_'))
			return false;
		sig[i] = c;
	}
	sig[4] = 0;
	return true;
}

static int load_dir(const char *path, struct acpi_dump *d, char *err,
		    size_t errlen, void (*note)(const char *msg))
{
	struct dirent **names;
	int n = scandir(path, &names, NULL, alphasort), rc = 0;

	if (n < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char file[4096], sig[5], msg[4200];
		struct stat st;
		uint8_t *buf;
		size_t len;

		snprintf(file, sizeof(file), "%s/%s", path, names[i]->d_name);
		if (rc || names[i]->d_name[0] == '.' || stat(file, &st) ||
		    !S_ISREG(st.st_mode))
			continue;
		buf = (uint8_t *)pf_read_file(file, ACPI_DUMP_MAX_LEN, &len,
					      err, errlen);
		if (!buf) {
			rc = -1;
			continue;
		}
		if (table_sig(buf, len, sig)) {
			rc = acpi_dump_add(d, sig, buf, len, err, errlen);
		} else if (note) {
			snprintf(msg, sizeof(msg), "%s: not an ACPI table "
				 "(no signature or shorter than its header); "
				 "left out", file);
			note(msg);
		}
		free(buf);
	}
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (!rc && !d->n) {
		snprintf(err, errlen, "%s: no ACPI table in it", path);
		rc = -1;
	}
	return rc;
}

int pf_source_load(const char *path, struct acpi_dump *d, char *err,
		   size_t errlen, void (*note)(const char *msg))
{
	struct stat st;
	char *text, why[200];
	size_t len;
	int rc;

	if (stat(path, &st)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return load_dir(path, d, err, errlen, note);
	/* a server's acpidump text is a few MiB at most */
	text = pf_read_file(path, 64u << 20, &len, err, errlen);
	if (!text)
		return -1;
	rc = acpi_dump_parse_text(text, len, d, why, sizeof(why));
	if (rc)
		snprintf(err, errlen, "%s: %s", path, why);
	free(text);
	return rc;
}
