/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pe-fix --sbat SBAT.csv IN.EFI OUT.EFI: the last step of making a UEFI
 * image (pe_image.h's pe_fix()): NX_COMPAT, SizeOfImage whole pages, the
 * .sbat section, the checksum.  GNU-EFI's objcopy output (x86_64) and its
 * hand-made aarch64 header both go through it; objcopy 2.40 has no switch
 * for DllCharacteristics and cannot edit the aarch64 header at all.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pe/pe_image.h"

static int usage(FILE *f, int rc)
{
	fprintf(f, "usage: pe-fix --sbat SBAT.csv IN.EFI OUT.EFI\n");
	return rc;
}

int main(int argc, char **argv)
{
	struct pe_image pe;
	uint8_t *in, *sbat, *out;
	size_t outlen;
	long n, sn;
	char err[200], tmp[4096];
	FILE *f;

	if (argc == 2 && !strcmp(argv[1], "--help"))
		return usage(stdout, 0);
	if (argc != 5 || strcmp(argv[1], "--sbat"))
		return usage(stderr, 2);
	sn = pe_read_file(argv[2], &sbat);
	if (sn < 0) {
		fprintf(stderr, "pe-fix: %s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	n = pe_read_file(argv[3], &in);
	if (n < 0) {
		fprintf(stderr, "pe-fix: %s: %s\n", argv[3], strerror(errno));
		return 1;
	}
	if (pe_parse(&pe, in, (size_t)n, err, sizeof(err)) ||
	    pe_fix(&pe, sbat, (size_t)sn, &out, &outlen, err, sizeof(err))) {
		fprintf(stderr, "pe-fix: %s: %s\n", argv[3], err);
		return 1;
	}
	/* a half-written image must never look finished */
	if (snprintf(tmp, sizeof(tmp), "%s.tmp", argv[4]) >= (int)sizeof(tmp)) {
		fprintf(stderr, "pe-fix: %s: name too long\n", argv[4]);
		return 1;
	}
	f = fopen(tmp, "wb");
	if (!f || fwrite(out, 1, outlen, f) != outlen || fclose(f) ||
	    rename(tmp, argv[4])) {
		fprintf(stderr, "pe-fix: %s: %s\n", argv[4], strerror(errno));
		remove(tmp);
		return 1;
	}
	free(out);
	free(in);
	free(sbat);
	return 0;
}
