# SPDX-License-Identifier: BSD-2-Clause
# Results without a serial cable: the compact result (host unit test), the
# Linux side (tools/sbmbench fetch from an efivarfs tree) and, for the
# UEFI images, boot after boot under QEMU with a writable variable store.
if SBM_NATIVE
if SBM_HOSTED
check_PROGRAMS += tests/test_result_store
TESTS += tests/test_result_store tests/fetch.sh
tests_test_result_store_SOURCES = tests/test_result_store.c tests/check.h \
	core/out/result_store.c core/out/result_store.h core/out/keep.c core/out/keep.h \
	core/out/record.c core/out/crc32.c core/out/record_schema.c
tests_test_result_store_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_result_store_CFLAGS = $(UNIT_CFLAGS)
tests_test_result_store_LDFLAGS = $(SAN_FLAGS)
endif
endif
EXTRA_DIST += tests/fetch.sh tools/fetch-results

if BOOT_TESTS
if IMAGE_UEFI
TESTS += tests/boot-save.sh tests/boot-restore.sh
endif
endif
EXTRA_DIST += tests/boot-save.sh tests/boot-restore.sh
