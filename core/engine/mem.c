/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/mem.h"

/* The raw pointer sits just below the aligned block, for the free. */
void *mem_alloc_aligned(size_t size, size_t align)
{
	char *raw = malloc(size + align + sizeof(void *));
	uintptr_t p;

	if (!raw)
		return NULL;
	p = ((uintptr_t)raw + sizeof(void *) + align - 1) & ~(uintptr_t)(align - 1);
	((void **)p)[-1] = raw;
	memset((void *)p, 0, size);
	return (void *)p;
}

void mem_free_aligned(void *p)
{
	if (p)
		free(((void **)p)[-1]);
}
