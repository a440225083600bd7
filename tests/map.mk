# SPDX-License-Identifier: BSD-2-Clause
# The machine map (experiment=, c2c, noise): host unit tests under
# ASan/UBSan and the boot test of each image tree.
# The host unit tests (test_pairs, test_map_engine, test_rw, test_runmap)
# are words in UNIT_TESTS (tests/local.mk).
EXTRA_DIST += tests/logs/map/riscv64-numa-c2c.log \
	tests/logs/map/twin-x86_64-rw.log \
	tests/logs/map/x86_64-scale-noise.log

# Boot test of the machine map: every image tree with QEMU.  Its checks
# (every pair once, in topology order) are more than a table row holds.
MAP_BOOT_TESTS = tests/boot-map.sh
if BOOT_TESTS
TESTS += $(MAP_BOOT_TESTS)
endif
EXTRA_DIST += $(MAP_BOOT_TESTS)
