/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Test switches (options named `test` or `*_test_*`, the riscv64 DT's
 * `sbmbench,test-*` properties) force failure paths for the boot tests:
 * a full variable store, a stale bit, no low memory.  On a real machine
 * they would fill NVRAM or fake a wrong answer, so they act only in a
 * program linked with test_hooks_on.c (the boot tests' images, the unit
 * tests, configure --enable-test-hooks); the images users boot link
 * test_hooks_off.c and refuse them by name.
 */
#ifndef SBM_CORE_TEST_HOOKS_H
#define SBM_CORE_TEST_HOOKS_H

#include <stdbool.h>

extern const bool sbm_test_hooks;

/* Is @key a test switch? */
bool test_hooks_key(const char *key);

#endif
