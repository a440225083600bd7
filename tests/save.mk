# SPDX-License-Identifier: BSD-2-Clause
# Results without a serial cable: the compact result (host unit test), the
# Linux side (tools/sbmbench fetch from an efivarfs tree) and, for the
# UEFI images, boot after boot under QEMU with a writable variable store.
# test_result_store is a word in UNIT_TESTS (tests/local.mk).
if SBM_NATIVE
if SBM_HOSTED
TESTS += tests/fetch.sh
endif
endif
EXTRA_DIST += tests/fetch.sh tools/fetch-results

if BOOT_TESTS
if IMAGE_UEFI
TESTS += tests/boot-save.sh tests/boot-restore.sh
# a lab of machines (issue #33): network boot, results to a collector
TESTS += tests/boot-netboot.sh
endif
endif
EXTRA_DIST += tests/boot-save.sh tests/boot-restore.sh tests/boot-netboot.sh \
	tests/collect-fake.py tests/efi-boot-uri.py
tests/boot-netboot.log: sbmlog
