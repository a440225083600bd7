#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# tests/boot-secure.sh under the current generation: QEMU 10 and edk2
# 2025.02's Secure Boot firmware with strict NX for loaded images
# (OVMF_CODE_4M.secboot.strictnx.fd, AAVMF_CODE.secboot.strictnx.fd).
# Skipped, with the reason, where tools/install-current-gen has not run.
SBM_GEN=current exec "$SBM_SRCDIR/tests/boot-secure.sh" "$@"
