/* SPDX-License-Identifier: BSD-2-Clause */
/* Aligned, zeroed allocations from the common heap (malloc underneath). */
#ifndef SBM_MEM_H
#define SBM_MEM_H

#include <stddef.h>

void *mem_alloc_aligned(size_t size, size_t align);
void mem_free_aligned(void *p);

#endif
