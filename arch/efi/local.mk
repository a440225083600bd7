# SPDX-License-Identifier: BSD-2-Clause
# What the UEFI images (x86_64, arm64) share; each image compiles these
# with its own flags (-I$(srcdir)/arch/efi).
EFI_COMMON_SOURCES = arch/efi/efi_plat.h arch/efi/efi_util.c arch/efi/efi_console_check.c \
	arch/efi/efi_smbios.c core/fw/smbios.c core/fw/smbios.h \
	arch/efi/efi_options.c arch/efi/efi_start.c arch/efi/efi_acpi.h arch/efi/efi_acpi.c \
	arch/efi/efi_numa.c core/fw/acpi_topo.c core/fw/acpi_topo.h \
	core/fw/acpi_text.c core/fw/acpi_text.h \
	arch/efi/efi_screen.c arch/efi/efi_end.c \
	arch/efi/syscalls.c core/engine/node_pool.c core/engine/node_pool.h $(SCREEN_SOURCES) \
	core/options/load_options.c core/options/load_options.h \
	arch/efi/efi_results.h arch/efi/efi_results_vars.c \
	arch/efi/efi_results_save.c arch/efi/efi_results_restore.c \
	arch/efi/efi_results_file.c arch/efi/efi_secure_boot.c \
	arch/efi/efi_net.h arch/efi/efi_net.c arch/efi/efi_http_proto.h \
	arch/efi/efi_http.c arch/efi/efi_results_send.c
EXTRA_DIST += $(EFI_COMMON_SOURCES)

if IMAGE_UEFI
# GNU-EFI's linker script, but collecting .bss.* too: 3.0.15's (Debian 12)
# drops them into nothing and newlib is built with -fdata-sections;
# 3.0.18's (Debian 13) has *(.bss*) already.
efi.lds: $(GNUEFI_DIR)/lib/elf_$(EFI_ARCH)_efi.lds
	$(AM_V_GEN)sed 's/\*(\.bss)/*(.bss .bss.*)/' $< >$@.tmp && \
	grep -Eq 'bss \.bss\.\*|\*\(\.bss\*\)' $@.tmp && mv $@.tmp $@
CLEANFILES += efi.lds
endif
