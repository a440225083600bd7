// SPDX-License-Identifier: BSD-2-Clause
/* Linked into the images users boot: test switches are refused. */
#include "test_hooks.h"

const bool sbm_test_hooks = false;
