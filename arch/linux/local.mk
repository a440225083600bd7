# SPDX-License-Identifier: BSD-2-Clause
# sbmbench-linux: the engine as an ordinary Linux program.
if SBM_HOSTED
bin_PROGRAMS += sbmbench-linux
sbmbench_linux_SOURCES = $(CORE_SOURCES) \
	arch/linux/linux_main.c arch/linux/linux_services.c arch/linux/smp.c \
	arch/linux/linux_topology.c arch/linux/linux_pair.c \
	arch/linux/linux_isa.c \
	arch/linux/linux_twin.h
sbmbench_linux_CPPFLAGS = -I$(srcdir)/core -I$(top_builddir)/core \
	-I$(srcdir)/arch/$(SBM_TWIN_ISA_DIR) -I$(srcdir)/arch/linux
sbmbench_linux_CFLAGS = $(AM_CFLAGS) -pthread
sbmbench_linux_LDADD = -lpthread -lm
sbmbench_linux_SOURCES += $(HOOKS_SOURCE)
# tests/twin.sh's: the same objects, the test switches on
check_PROGRAMS += tests/sbmbench-linux-hooks
tests_sbmbench_linux_hooks_SOURCES = core/test_hooks_on.c
tests_sbmbench_linux_hooks_CPPFLAGS = $(sbmbench_linux_CPPFLAGS)
tests_sbmbench_linux_hooks_CFLAGS = $(sbmbench_linux_CFLAGS)
tests_sbmbench_linux_hooks_LDADD = \
	$(call hooks_objs,$(sbmbench_linux_OBJECTS)) -lpthread -lm
EXTRA_tests_sbmbench_linux_hooks_DEPENDENCIES = $(sbmbench_linux_OBJECTS)
endif
