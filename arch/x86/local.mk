# SPDX-License-Identifier: BSD-2-Clause
# x86_64 UEFI image: filled in by the x86 work.
