/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target: any bytes as a saved result read back from UEFI
 * variables (arch/efi/efi_results_restore.c): the checker that counts
 * good and damaged records and the reader of the run id that names the
 * file, then the same bytes offered line by line to a store, as the run
 * that saves them does.  What is checked besides no crash: the counts and
 * the id agree with the bytes, and the store never grows past its room.
 */
#define _GNU_SOURCE	/* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/result_store.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static __attribute__((noreturn)) void fail(const char *what)
{
	fprintf(stderr, "fuzz_result: %s\n", what);
	abort();
}

static void check_run_id(const char *text, size_t size)
{
	char id[9];
	char needle[14] = " run=";

	memset(id, 'X', sizeof(id));
	if (result_store_run_id(text, size, id))
		return;
	/* 8 lowercase hex digits, NUL-terminated, that follow " run=" */
	if (strlen(id) != 8 || strspn(id, "0123456789abcdef") != 8)
		fail("run id is not 8 hex digits");
	memcpy(needle + 5, id, 9);
	if (!memmem(text, size, needle, 13))
		fail("run id not in the text");
}

static void check_store(const char *text, size_t size, size_t cap)
{
	struct result_store s;
	char *buf = malloc(cap ? cap : 1);
	uint32_t offered = 0;
	size_t start = 0;

	if (!buf)
		return;
	result_store_init(&s, buf, cap);
	for (size_t i = 0; i < size; i++) {
		if (text[i] != '\n')
			continue;
		offered++;
		result_store_add(&s, text + start, i + 1 - start);
		start = i + 1;
		if (s.len > cap)
			fail("store past its room");
	}
	if (s.kept + s.dropped > offered)
		fail("more records counted than offered");
	if (result_store_finish(&s) > cap || s.len > cap)
		fail("finished store past its room");
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct result_store_check chk;
	size_t lines = 1;
	/* an exact-size copy: ASan sees any read past the end */
	char *text = malloc(size ? size : 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	for (size_t i = 0; i < size; i++)
		lines += text[i] == '\n';
	result_store_check(text, size, &chk);
	if (chk.good + chk.damaged > lines)
		fail("more records than lines");
	if (chk.ended && !chk.good)
		fail("an end record that is not a good one");
	check_run_id(text, size);
	/* a store that holds it all, and a small one that must drop */
	check_store(text, size, RESULT_STORE_MAX);
	check_store(text, size, 256 + size % 4096);
	free(text);
	return 0;
}
