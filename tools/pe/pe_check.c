/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pe-check IMAGE...: reads the PE headers of UEFI images itself (objdump
 * cannot read the arm64 one, GNU-EFI's hand-made header) and fails on any
 * rule of pe_image.h the image breaks, naming the rule.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pe/pe_image.h"

static void say(void *arg, const char *line)
{
	printf("FAIL: %s: %s\n", (const char *)arg, line);
}

static int check_one(const char *path)
{
	struct pe_image pe;
	char err[200];
	uint8_t *p;
	long n = pe_read_file(path, &p);
	unsigned bad;

	if (n < 0) {
		printf("FAIL: %s: cannot read: %s\n", path, strerror(errno));
		return 1;
	}
	if (pe_parse(&pe, p, (size_t)n, err, sizeof(err))) {
		printf("FAIL: %s: %s\n", path, err);
		free(p);
		return 1;
	}
	printf("%s: machine 0x%04x, SectionAlignment 0x%x, "
	       "DllCharacteristics 0x%04x, %u sections:", path, pe.machine,
	       pe.section_align, pe.dll_chars, pe.nsect);
	for (unsigned i = 0; i < pe.nsect; i++)
		printf(" %s(%s%s%s)", pe.sect[i].name,
		       pe.sect[i].flags & PE_SCN_MEM_READ ? "r" : "",
		       pe.sect[i].flags & PE_SCN_MEM_WRITE ? "w" : "",
		       pe.sect[i].flags & PE_SCN_MEM_EXECUTE ? "x" : "");
	printf("\n");
	bad = pe_check(&pe, say, (void *)path);
	if (!bad)
		printf("ok: %s: no W+X section, 4 KiB aligned, NX_COMPAT, "
		       ".sbat\n", path);
	free(p);
	return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	int rc = 0;

	if (argc < 2 || !strcmp(argv[1], "--help")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: pe-check IMAGE.EFI...\n"
			"Fails on a W+X section, a section alignment other than "
			"4 KiB multiples,\nno NX_COMPAT, no valid .sbat "
			"section.\n");
		return argc < 2 ? 2 : 0;
	}
	for (int i = 1; i < argc; i++)
		rc |= check_one(argv[i]);
	return rc;
}
