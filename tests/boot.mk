# SPDX-License-Identifier: BSD-2-Clause
# Boot tests under QEMU: one automake test per row of tests/boot-tests.tsv
# for this tree's architecture (configure lists them as tests/boot/NAME.boot),
# all run by tests/boot-run.sh, so make -j check boots them side by side.
TEST_EXTENSIONS += .boot
BOOT_LOG_COMPILER = $(srcdir)/tests/boot-run.sh
if BOOT_TESTS
TESTS += $(SBM_BOOT_TESTS)
# A row's stand-in for make's test rules: the runner takes the name from it.
$(SBM_BOOT_TESTS): $(srcdir)/tests/boot-tests.tsv
	@$(MKDIR_P) tests/boot
	$(AM_V_GEN)echo "# boot test $@: the row is in tests/boot-tests.tsv" >$@
CLEANFILES += $(SBM_BOOT_TESTS) tests/boot/.machine.lock
endif
# a new or renamed row changes configure's list
CONFIG_STATUS_DEPENDENCIES = $(srcdir)/tests/boot-tests.tsv
EXTRA_DIST += tests/boot-tests.tsv tests/boot-run.sh tests/boot-hooks.sh \
	tests/boot-lib.sh

# The table's form, in every tree (a broken row would otherwise only show
# in the tree of its architecture).
TESTS += tests/boot-table.sh
EXTRA_DIST += tests/boot-table.sh

# boot tests keep the console of a failed boot here (tests/boot-run.sh)
clean-failed-boots:
	-rm -rf tests/failed-boots
