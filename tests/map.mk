# SPDX-License-Identifier: BSD-2-Clause
# The machine map (experiment=, c2c, noise): host unit tests under
# ASan/UBSan and the boot test of each image tree.
if SBM_NATIVE
if SBM_HOSTED
MAP_TESTS = tests/test_pairs tests/test_map_engine tests/test_rw
check_PROGRAMS += $(MAP_TESTS)
TESTS += $(MAP_TESTS)

tests_test_pairs_SOURCES = tests/test_pairs.c tests/check.h \
	core/engine/c2c_pairs.c core/engine/c2c_pairs.h $(OPTION_SOURCES) \
	core/test_hooks_on.c \
	core/engine/sbm_read.c \
	core/engine/sbm.c core/engine/topo.c
tests_test_pairs_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_pairs_CFLAGS = $(UNIT_CFLAGS)
tests_test_pairs_LDFLAGS = $(SAN_FLAGS)

tests_test_map_engine_SOURCES = tests/test_map_engine.c \
	tests/engine_fixture.c tests/engine_fixture.h tests/topo_fixtures.c $(CORE_SOURCES) core/test_hooks_on.c arch/linux/linux_services.c \
	arch/linux/smp.c
tests_test_map_engine_CPPFLAGS = $(UNIT_CPPFLAGS) -I$(srcdir)/arch/linux
tests_test_map_engine_CFLAGS = $(UNIT_CFLAGS)
tests_test_map_engine_LDFLAGS = $(SAN_FLAGS)
tests_test_map_engine_LDADD = -lpthread -lm

tests_test_rw_SOURCES = tests/test_rw.c tests/engine_fixture.c \
	tests/engine_fixture.h tests/topo_fixtures.c \
	$(CORE_SOURCES) core/test_hooks_on.c arch/linux/linux_services.c arch/linux/smp.c
tests_test_rw_CPPFLAGS = $(UNIT_CPPFLAGS) -I$(srcdir)/arch/linux
tests_test_rw_CFLAGS = $(UNIT_CFLAGS)
tests_test_rw_LDFLAGS = $(SAN_FLAGS)
tests_test_rw_LDADD = -lpthread -lm
endif
endif

# The machine-map records read back by the host tools.
if SBM_NATIVE
if SBM_HOSTED
check_PROGRAMS += tests/test_runmap
TESTS += tests/test_runmap
tests_test_runmap_SOURCES = tests/test_runmap.c tests/check.h \
	$(REPORT_TOOL_SRCS)
tests_test_runmap_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_runmap_CFLAGS = $(UNIT_CFLAGS)
tests_test_runmap_LDFLAGS = $(SAN_FLAGS)
tests_test_runmap_LDADD = -lm
endif
endif
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
