# SPDX-License-Identifier: BSD-2-Clause
# riscv64 OpenSBI payload: filled in by the riscv work.
