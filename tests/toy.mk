# SPDX-License-Identifier: BSD-2-Clause
# CONTRIBUTING.md's toy experiment (tests/toy-exp/), built into the twin
# from the twin's own objects by tests/toy-exp.sh, which reads how here;
# run where the twin runs (a cross-built twin cannot, as for twin.sh).
if SBM_NATIVE
if SBM_HOSTED
TESTS += tests/toy-exp.sh
tests/toy-exp.log: tests/toy-exp.env
tests/toy-exp.env: Makefile $(sbmbench_linux_OBJECTS)
	$(AM_V_GEN){ \
	echo "CC='$(CC)'"; \
	echo "CFLAGS='$(AM_CFLAGS) $(CFLAGS) -pthread'"; \
	echo "CPPFLAGS='-I$(abs_top_srcdir)/arch/$(SBM_TWIN_ISA_DIR) -I$(abs_top_srcdir)/arch/linux'"; \
	echo "OBJECTS='$(sbmbench_linux_OBJECTS)'"; \
	echo "CC_FOR_BUILD='$(CC_FOR_BUILD)'"; \
	echo "SBMLOG_CSRCS='$(SBMLOG_CSRCS)'"; \
	echo "EXPERIMENT_CSRCS='$(EXPERIMENT_CSRCS)'"; \
	} >$@
CLEANFILES += tests/toy-exp.env
endif
endif
EXTRA_DIST += tests/toy.mk tests/toy-exp.sh tests/toy-exp/core/exp/toy/exp_toy.c \
	tests/toy-exp/tools/exp/toy/host_toy.c \
	tests/toy-exp/registry.line
