// SPDX-License-Identifier: BSD-2-Clause
/* Linked into the boot tests' images and the unit tests: test_hooks.h. */
#include "test_hooks.h"

const bool sbm_test_hooks = true;
