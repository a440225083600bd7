# SPDX-License-Identifier: BSD-2-Clause
# arm64 UEFI image: GNU-EFI application linked with newlib, then a flat
# PE (the aarch64 crt0 carries its own PE header, so objcopy -O binary).
ARM64_SOURCES = arch/arm64/arm64.h arch/arm64/efi_main.c \
	arch/arm64/acpi_topo.c arch/arm64/dt_topo.c arch/arm64/cpu_info.c \
	arch/arm64/smp.c arch/arm64/boot_layout.h arch/arm64/hcr.h arch/arm64/gicr_walk.c arch/arm64/gicr_walk.h arch/arm64/secondary.S arch/arm64/psci.c \
	arch/arm64/pl011.c arch/arm64/power.c \
	arch/arm64/mem_types.c arch/arm64/mem_types.h \
	arch/arm64/gic_wake.c arch/arm64/gic_wake.h
EXTRA_DIST += $(ARM64_SOURCES) arch/arm64/local.mk

if IMAGE_ARM64
noinst_PROGRAMS += sbmbench-arm64.so
noinst_DATA += BOOTAA64.EFI

sbmbench_arm64_so_SOURCES = $(CORE_SOURCES) $(ACPI_SOURCES) \
	core/fw/pptt_topo.c core/fw/pptt_topo.h \
	$(FDT_SOURCES) core/fw/fdt_topo.c core/fw/fdt_topo.h \
	$(EFI_COMMON_SOURCES) $(ARM64_SOURCES) $(HOOKS_SOURCE)
sbmbench_arm64_so_CPPFLAGS = -nostdinc -isystem $(NEWLIB_DIR)/include \
	-isystem $(SBM_GCC_INCLUDE) -I$(GNUEFI_DIR)/include/efi \
	-I$(GNUEFI_DIR)/include/efi/aarch64 -I$(srcdir)/core -I$(top_builddir)/core \
	-I$(srcdir)/arch/efi -I$(srcdir)/arch/arm64
# LSE comes from .arch_extension in isa_ops.h, checked at run time; the
# only code that runs with the MMU off is secondary.S.  No outline atomics:
# libgcc would pick LSE or not through getauxval(), a Linux call.
ARM64_EFI_CFLAGS = -ffreestanding -fpic -fno-stack-protector \
	-fno-stack-check -fshort-wchar -march=armv8-a -mno-outline-atomics -O2
sbmbench_arm64_so_CFLAGS = $(AM_CFLAGS) $(ARM64_EFI_CFLAGS)
sbmbench_arm64_so_CCASFLAGS = $(ARM64_EFI_CFLAGS)
ARM64_EFI_LIBS = -L$(GNUEFI_DIR)/lib --start-group -lefi -lgnuefi \
	$(NEWLIB_DIR)/lib/libm.a $(NEWLIB_DIR)/lib/libc.a $(SBM_LIBGCC) \
	--end-group
sbmbench_arm64_so_LINK = arm64_efi_link() { $(LD) -shared -Bsymbolic \
	-nostdlib -znocombreloc --no-undefined --defsym=EFI_SUBSYSTEM=0xa $(LD_NO_RWX_WARN) \
	-T efi.lds $(GNUEFI_DIR)/lib/crt0-efi-aarch64.o -o $@ \
	"$$@" $(ARM64_EFI_LIBS); }; arm64_efi_link
EXTRA_sbmbench_arm64_so_DEPENDENCIES = efi.lds

# The PE: with GNU-EFI 3.0.15 the flat binary behind crt0's header, with
# 3.0.18 objcopy's PE (configure tells which: ARM64_PE_FORMAT), then
# images/pe.mk's PE_FINISH (NX_COMPAT, SizeOfImage in whole pages, .sbat;
# what lies past the header's last section, .dynsym, is dropped: no
# loader reads it).
ARM64_PE = $(OBJCOPY) -j .text -j .sdata -j .data -j .dynamic \
	-j .rodata -j .dynsym -j .rel -j .rela -j '.rel.*' -j '.rela.*' \
	-j .reloc $(ARM64_PE_FORMAT)
BOOTAA64.EFI: sbmbench-arm64.so pe-fix sbat.csv
	$(AM_V_GEN)$(ARM64_PE) $< $@.pe && $(PE_FINISH) $@.pe $@
hooks/BOOTAA64.EFI: hooks/sbmbench-arm64.so pe-fix sbat.csv
	$(AM_V_GEN)$(ARM64_PE) $< $@.pe && $(PE_FINISH) $@.pe $@

# The boot tests' image: the same objects, the test switches on.
noinst_DATA += hooks/BOOTAA64.EFI
hooks/test_hooks_on-arm64.o: core/test_hooks_on.c
	@$(MKDIR_P) hooks
	$(AM_V_CC)$(CC) $(sbmbench_arm64_so_CPPFLAGS) $(CPPFLAGS) \
	$(sbmbench_arm64_so_CFLAGS) $(CFLAGS) -c -o $@ $(srcdir)/core/test_hooks_on.c
hooks/sbmbench-arm64.so: $(sbmbench_arm64_so_OBJECTS) \
	hooks/test_hooks_on-arm64.o efi.lds
	$(AM_V_CCLD)$(sbmbench_arm64_so_LINK) \
	$(call hooks_objs,$(sbmbench_arm64_so_OBJECTS)) hooks/test_hooks_on-arm64.o

CLEANFILES += BOOTAA64.EFI hooks/BOOTAA64.EFI BOOTAA64.EFI.pe hooks/BOOTAA64.EFI.pe \
	hooks/sbmbench-arm64.so \
	hooks/test_hooks_on-arm64.o
endif

# Boot tests: tests/boot-tests.tsv.
# The final screen (ramfb), read back through the QEMU monitor.
if BOOT_TESTS
if IMAGE_ARM64
TESTS += tests/boot-screen.sh
endif
endif
