# SPDX-License-Identifier: BSD-2-Clause
# x86_64 UEFI image: GNU-EFI application linked with newlib, then PE.
# IPMI over KCS (the BMC watchdog): port-I/O KCS is the x86 image's only.
IPMI_SOURCES = core/fw/ipmi_kcs.c core/fw/ipmi_kcs.h core/fw/ipmi.c core/fw/ipmi.h \
	core/fw/ipmi_kcs_layout.c core/fw/ipmi_kcs_layout.h \
	core/fw/ipmi_watchdog.c core/fw/ipmi_watchdog.h
EXTRA_DIST += $(IPMI_SOURCES) arch/x86/bmc_kcs.c arch/x86/bmc_kcs.h

if IMAGE_X86_64
noinst_PROGRAMS += sbmbench-x86_64.so
noinst_DATA += BOOTX64.EFI

sbmbench_x86_64_so_SOURCES = $(CORE_SOURCES) $(ACPI_SOURCES) \
	$(EFI_COMMON_SOURCES) \
	arch/x86/x86.h arch/x86/efi_main.c \
	arch/x86/acpi_topo.c arch/x86/cpuid_topo.c \
	arch/x86/amd_cache.c arch/x86/amd_cache.h arch/x86/tsc.c \
	arch/x86/lapic.c arch/x86/apic_encode.c arch/x86/apic_encode.h \
	arch/x86/smp.c arch/x86/trampoline.S arch/x86/trampoline.h \
	arch/x86/start_token.h \
	arch/x86/tramp_page.c arch/x86/tramp_map.c arch/x86/tramp_map.h \
	arch/x86/ap_trap.c arch/x86/ap_trap_entry.S \
	arch/x86/uart16550.c arch/x86/power.c arch/x86/idle_wait.c \
	arch/x86/wake_isr.S \
	arch/x86/bmc_kcs.c arch/x86/bmc_kcs.h $(IPMI_SOURCES) \
	arch/x86/mem_types.c arch/x86/mem_types.h arch/x86/mtrr.c arch/x86/mtrr.h \
	$(HOOKS_SOURCE)
X86_EFI_CPPFLAGS = -nostdinc -isystem $(NEWLIB_DIR)/include \
	-isystem $(SBM_GCC_INCLUDE) -I$(GNUEFI_DIR)/include/efi \
	-I$(GNUEFI_DIR)/include/efi/x86_64 -I$(srcdir)/core -I$(top_builddir)/core \
	-I$(srcdir)/arch/efi -I$(srcdir)/arch/x86 -DGNU_EFI_USE_MS_ABI
X86_EFI_CFLAGS = -ffreestanding -fpic -fno-stack-protector \
	-fno-stack-check -fshort-wchar -mno-red-zone \
	-maccumulate-outgoing-args -O2
sbmbench_x86_64_so_CPPFLAGS = $(X86_EFI_CPPFLAGS)
sbmbench_x86_64_so_CFLAGS = $(AM_CFLAGS) $(X86_EFI_CFLAGS)
sbmbench_x86_64_so_CCASFLAGS = $(X86_EFI_CFLAGS)
# Libraries after the objects, as one group (newlib and libgcc refer
# back); automake refuses group flags in LDADD, so the link is a shell
# function that appends them.
X86_EFI_LIBS = -L$(GNUEFI_DIR)/lib --start-group -lefi -lgnuefi \
	$(NEWLIB_DIR)/lib/libm.a $(NEWLIB_DIR)/lib/libc.a $(SBM_LIBGCC) \
	--end-group
sbmbench_x86_64_so_LINK = x86_efi_link() { $(LD) -shared -Bsymbolic \
	-nostdlib -znocombreloc --no-undefined $(LD_NO_RWX_WARN) -T efi.lds \
	$(GNUEFI_DIR)/lib/crt0-efi-x86_64.o -o $@ "$$@" $(X86_EFI_LIBS); }; \
	x86_efi_link
EXTRA_sbmbench_x86_64_so_DEPENDENCIES = efi.lds

# The PE: objcopy, no COFF symbol table (nothing reads it, and it would
# sit between the sections and the .sbat pe-fix appends), then
# images/pe.mk's PE_FINISH (NX_COMPAT, .sbat).  GNU-EFI 3.0.18's linker
# script puts .rodata in a section of its own (3.0.15's inside .data):
# without -j .rodata that image boots with its strings missing.
X86_PE = $(OBJCOPY) -j .text -j .sdata -j .data -j .rodata -j .dynamic \
	-j .dynsym -j .rel -j .rela -j '.rel.*' -j '.rela.*' -j .reloc \
	--target efi-app-x86_64 --subsystem=10 --strip-all
BOOTX64.EFI: sbmbench-x86_64.so pe-fix sbat.csv
	$(AM_V_GEN)$(X86_PE) $< $@.pe && $(PE_FINISH) $@.pe $@
hooks/BOOTX64.EFI: hooks/sbmbench-x86_64.so pe-fix sbat.csv
	$(AM_V_GEN)$(X86_PE) $< $@.pe && $(PE_FINISH) $@.pe $@

# The boot tests' image: the same objects, the test switches on.
noinst_DATA += hooks/BOOTX64.EFI
hooks/test_hooks_on-x86_64.o: core/test_hooks_on.c
	@$(MKDIR_P) hooks
	$(AM_V_CC)$(CC) $(sbmbench_x86_64_so_CPPFLAGS) $(CPPFLAGS) \
	$(sbmbench_x86_64_so_CFLAGS) $(CFLAGS) -c -o $@ $(srcdir)/core/test_hooks_on.c
hooks/sbmbench-x86_64.so: $(sbmbench_x86_64_so_OBJECTS) \
	hooks/test_hooks_on-x86_64.o efi.lds
	$(AM_V_CCLD)$(sbmbench_x86_64_so_LINK) \
	$(call hooks_objs,$(sbmbench_x86_64_so_OBJECTS)) hooks/test_hooks_on-x86_64.o

CLEANFILES += BOOTX64.EFI hooks/BOOTX64.EFI BOOTX64.EFI.pe hooks/BOOTX64.EFI.pe \
	hooks/sbmbench-x86_64.so \
	hooks/test_hooks_on-x86_64.o
endif

# Boot tests: tests/boot-tests.tsv; the two that need more than a row
# (a machine check through the QEMU monitor, concurrent boots under load).
if BOOT_TESTS
if IMAGE_X86_64
TESTS += tests/boot-x86_64-ap-mce.sh tests/stress-x86-start.sh \
	tests/boot-screen.sh
endif
endif
EXTRA_DIST += tests/boot-x86_64-ap-mce.sh tests/stress-x86-start.sh \
	tests/boot-screen.sh \
	arch/x86/x86.h arch/x86/trampoline.S arch/x86/trampoline.h
