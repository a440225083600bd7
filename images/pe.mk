# SPDX-License-Identifier: BSD-2-Clause
# The UEFI images' last step: tools/pe/pe_fix.c sets NX_COMPAT, rounds
# SizeOfImage to whole pages and adds the .sbat section to what objcopy
# made (arch/x86/local.mk, arch/arm64/local.mk: PE_FINISH); pe-check
# (tools/pe/pe_check.c) reads the headers back in make check.  Both run on
# the build machine, so they are built with CC_FOR_BUILD in cross trees.
PE_TOOL_SRCS = tools/pe/pe_image.c tools/pe/pe_image.h
EXTRA_DIST += $(PE_TOOL_SRCS) tools/pe/pe_fix.c tools/pe/pe_check.c \
	images/pe.mk tests/pe-check.sh

# SBAT (docs/hardware.md, "Secure Boot"): the generation is raised by one when a
# release fixes a flaw that lets a signed image be used to get past
# Secure Boot, so that firmware and shim can revoke every older image in
# one SbatLevel entry; never for other fixes.
SBAT_GENERATION = 1
SBAT_URL = https://github.com/sbmbench/sbmbench

if IMAGE_UEFI
noinst_DATA += pe-fix pe-check sbat.csv
pe-fix: tools/pe/pe_fix.c $(PE_TOOL_SRCS)
	$(AM_V_CC)$(CC_FOR_BUILD) $(CFLAGS_FOR_BUILD) $(WARN_CFLAGS) -std=c11 \
		-I$(srcdir)/tools -o $@ $(srcdir)/tools/pe/pe_fix.c \
		$(srcdir)/tools/pe/pe_image.c
pe-check: tools/pe/pe_check.c $(PE_TOOL_SRCS)
	$(AM_V_CC)$(CC_FOR_BUILD) $(CFLAGS_FOR_BUILD) $(WARN_CFLAGS) -std=c11 \
		-I$(srcdir)/tools -o $@ $(srcdir)/tools/pe/pe_check.c \
		$(srcdir)/tools/pe/pe_image.c
sbat.csv: Makefile
	$(AM_V_GEN)printf '%s\n%s\n' \
		'sbat,1,SBAT Version,sbat,1,https://github.com/rhboot/shim/blob/main/SBAT.md' \
		'sbmbench,$(SBAT_GENERATION),sbmbench,sbmbench,$(PACKAGE_VERSION),$(SBAT_URL)' >$@
# PE_FINISH IN OUT: objcopy's PE in IN made into the image OUT
PE_FINISH = pe_finish() { ./pe-fix --sbat sbat.csv "$$1" "$$2" && \
	rm -f "$$1"; }; pe_finish
CLEANFILES += pe-fix pe-check sbat.csv

TESTS += tests/pe-check.sh
endif

# Secure Boot enforced under QEMU: the image signed with the snakeoil key
# runs, the unsigned one is refused (sbsigntool, Debian's ovmf and
# qemu-efi-aarch64 snakeoil firmware).
if BOOT_TESTS
if IMAGE_UEFI
TESTS += tests/boot-secure.sh tests/boot-secure-current.sh
endif
endif
EXTRA_DIST += tests/boot-secure.sh tests/boot-secure-current.sh

# The checker and the fixer on images made byte by byte (every tree that
# runs the host unit tests).
EXTRA_DIST += tests/test_pe.c
if SBM_NATIVE
if SBM_HOSTED
check_PROGRAMS += tests/test_pe
TESTS += tests/test_pe
tests_test_pe_SOURCES = tests/test_pe.c tests/check.h $(PE_TOOL_SRCS)
tests_test_pe_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_pe_CFLAGS = $(UNIT_CFLAGS)
tests_test_pe_LDFLAGS = $(SAN_FLAGS)
endif
endif
