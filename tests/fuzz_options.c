/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target: any bytes as run options, the three ways they come
 * in: as \sbmbench.cfg text (config_parse), as UEFI load options in UCS-2
 * (load_options_text, then config_parse, as arch/efi/efi_options.c does)
 * and as the value of a key config_set() knows, the first byte choosing
 * which of them all (the experiments', config_exp.c, included).  What is checked besides no crash: a refusal
 * says why, and neither the message nor the options line the report
 * prints from what was accepted (config_format) carries a control byte.
 */
#define _POSIX_C_SOURCE 200809L	/* strnlen */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options/config.h"
#include "options/load_options.h"

#define CFG_MAX		8192	/* arch/efi/efi_options.c's buffer */
#define MAX_KEYS	64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char keys[MAX_KEYS][32];
static size_t nkeys;

static __attribute__((noreturn)) void fail(const char *what, const char *text)
{
	fprintf(stderr, "fuzz_options: %s: '%s'\n", what, text);
	abort();
}

/* Printable ASCII only, so nothing from the user reaches the console raw. */
static void check_printable(const char *what, const char *s)
{
	for (const char *p = s; *p; p++)
		if (*p < 0x20 || *p > 0x7e)
			fail(what, s);
}

/*
 * The keys, as config.c lists them in its "unknown option" message
 * (one list to keep, not two), and the test-only ones it leaves out.
 */
static void learn_keys(void)
{
	static const char *const hidden[] = { "save_test_fill",
					      "rw_test_stale" };
	struct config c;
	char err[1024];
	const char *p;

	config_defaults(&c);
	if (config_set(&c, "no-such-key", "1", err, sizeof(err)) != -1 ||
	    !(p = strstr(err, "(valid: ")))
		fail("no key list in", err);
	for (p += 8; *p && *p != ')' && nkeys < MAX_KEYS;) {
		size_t n = strcspn(p, ",)");

		if (n && n < sizeof(keys[0]))
			memcpy(keys[nkeys++], p, n);
		p += n;
		p += strspn(p, ", ");
	}
	for (size_t i = 0; i < 2 && nkeys < MAX_KEYS; i++)
		strcpy(keys[nkeys++], hidden[i]);
	if (nkeys < 30)
		fail("too few keys in", err);
}

/* The options line, into buffers of several sizes (the record's and the
 * report's are fixed): cut short, never past the end, NUL-terminated. */
static void check_format(const struct config *c)
{
	static const size_t sizes[] = { 1, 2, 40, 200, 400, 2048 };

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		char *buf = malloc(sizes[i]);
		size_t n;

		if (!buf)
			return;
		n = config_format(c, buf, sizes[i]);
		if (n >= sizes[i] || strlen(buf) != n)
			fail("config_format length", buf);
		check_printable("options line", buf);
		free(buf);
	}
}

static void check_result(int rc, const struct config *c, const char *err)
{
	if (rc) {
		if (rc != -1 || !err[0])
			fail("refusal without a reason", err);
		check_printable("error message", err);
		return;
	}
	check_format(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char err[1024];
	struct config c;
	char *text, *val, *buf;
	uint16_t *ucs2;
	size_t nval;
	int rc;

	if (!nkeys)
		learn_keys();
	/* an exact-size copy: ASan sees any read past the end */
	text = malloc(size ? size : 1);
	buf = malloc(CFG_MAX);
	ucs2 = malloc(size / 2 ? size / 2 * 2 : 2);
	nval = size ? strnlen((const char *)data + 1, size - 1) : 0;
	val = malloc(nval + 1);
	if (!text || !buf || !ucs2 || !val)
		goto out;
	memcpy(text, data, size);

	/* \sbmbench.cfg: every byte the file holds */
	config_defaults(&c);
	err[0] = 0;
	rc = config_parse(&c, text, size, "\\sbmbench.cfg", err, sizeof(err));
	check_result(rc, &c, err);

	/* load options: the bytes as UCS-2 characters */
	memcpy(ucs2, data, size / 2 * 2);
	{
		const char *p = load_options_text(ucs2, size / 2, buf, CFG_MAX);

		if (p < buf || p > buf + strlen(buf))
			fail("load options outside the buffer", buf);
		config_defaults(&c);
		err[0] = 0;
		rc = config_parse(&c, p, strlen(p), "EFI load options", err,
				  sizeof(err));
		check_result(rc, &c, err);
	}

	/* one key for each value of the first byte, the bytes after it up
	 * to the first NUL as its value */
	if (size) {
		memcpy(val, data + 1, nval);
		val[nval] = 0;
		config_defaults(&c);
		err[0] = 0;
		rc = config_set(&c, keys[data[0] % nkeys], val, err,
				sizeof(err));
		check_result(rc, &c, err);
	}
out:
	free(val);
	free(ucs2);
	free(buf);
	free(text);
	return 0;
}
