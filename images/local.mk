# SPDX-License-Identifier: BSD-2-Clause
EXTRA_DIST += images/qemu-run
