# SPDX-License-Identifier: BSD-2-Clause
# sbmbench-linux: the engine as an ordinary Linux program.
if SBM_HOSTED
bin_PROGRAMS += sbmbench-linux
sbmbench_linux_SOURCES = $(CORE_SOURCES) \
	arch/linux/linux_main.c arch/linux/linux_services.c arch/linux/smp.c \
	arch/linux/linux_topology.c arch/linux/linux_pair.c \
	arch/linux/linux_twin.h
sbmbench_linux_CPPFLAGS = -I$(srcdir)/core \
	-I$(srcdir)/arch/$(SBM_TWIN_ISA_DIR) -I$(srcdir)/arch/linux
sbmbench_linux_CFLAGS = $(AM_CFLAGS) -pthread
sbmbench_linux_LDADD = -lpthread -lm
endif
