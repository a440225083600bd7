# SPDX-License-Identifier: BSD-2-Clause
# Host unit tests of core/ under AddressSanitizer and UBSan.
if SBM_NATIVE
if SBM_HOSTED
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
UNIT_CPPFLAGS = -I$(srcdir)/core -I$(srcdir)/tests \
	-I$(srcdir)/arch/$(SBM_TWIN_ISA_DIR) -I$(srcdir)/tools
UNIT_CFLAGS = $(AM_CFLAGS) $(SAN_FLAGS) -O1 -g -pthread

UNIT_TESTS = tests/test_stats tests/test_config tests/test_record \
	tests/test_topo tests/test_sbm tests/test_sbm_read tests/test_concurrency \
	tests/test_logparse tests/test_acpi tests/test_node_pool tests/test_qr \
	tests/test_fbcon tests/test_screen
check_PROGRAMS += $(UNIT_TESTS)
TESTS += $(UNIT_TESTS)

tests_test_stats_SOURCES = tests/test_stats.c tests/check.h core/engine/stats.c \
	core/engine/hist.c
tests_test_stats_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_stats_CFLAGS = $(UNIT_CFLAGS)
tests_test_stats_LDFLAGS = $(SAN_FLAGS)
tests_test_stats_LDADD = -lm

tests_test_config_SOURCES = tests/test_config.c $(OPTION_SOURCES) core/engine/sbm.c \
	core/test_hooks_on.c \
	core/engine/sbm_read.c
tests_test_config_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_config_CFLAGS = $(UNIT_CFLAGS)
tests_test_config_LDFLAGS = $(SAN_FLAGS)

# the option declarations against the defaults, usage and README's table
check_PROGRAMS += tests/test_config_decl
TESTS += tests/test_config_decl
tests_test_config_decl_SOURCES = tests/test_config_decl.c tests/check.h \
	$(OPTION_SOURCES) core/engine/sbm.c core/engine/sbm_read.c \
	core/test_hooks_on.c
tests_test_config_decl_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_config_decl_CFLAGS = $(UNIT_CFLAGS)
tests_test_config_decl_LDFLAGS = $(SAN_FLAGS)

tests_test_record_SOURCES = tests/test_record.c core/out/record.c core/out/crc32.c
tests_test_record_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_record_CFLAGS = $(UNIT_CFLAGS)
tests_test_record_LDFLAGS = $(SAN_FLAGS)

# qrencode and zbarimg are the references: without them the test fails,
# naming the package.
tests_test_qr_SOURCES = tests/test_qr.c core/out/qr.c core/out/qr_rs.c \
	core/out/qr_render.c core/out/qr.h core/out/record.c core/out/crc32.c
tests_test_qr_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_qr_CFLAGS = $(UNIT_CFLAGS)
tests_test_qr_LDFLAGS = $(SAN_FLAGS)

tests_test_fbcon_SOURCES = tests/test_fbcon.c tests/check.h core/out/fb.c \
	core/out/font.c core/out/fbcon.c
tests_test_fbcon_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_fbcon_CFLAGS = $(UNIT_CFLAGS)
tests_test_fbcon_LDFLAGS = $(SAN_FLAGS)

# zbarimg reads the screen back: without it the test fails, naming the
# package.
tests_test_screen_SOURCES = tests/test_screen.c tests/check.h core/out/fb.c \
	core/out/font.c core/out/fbcon.c core/out/keep.c core/out/record_schema.c \
	core/out/qr.c core/out/qr_rs.c \
	core/out/qr_plan.c core/out/screen.c core/out/report.c core/out/record.c \
	core/out/crc32.c core/engine/topo.c
tests_test_screen_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_screen_CFLAGS = $(UNIT_CFLAGS)
tests_test_screen_LDFLAGS = $(SAN_FLAGS)
tests_test_screen_LDADD = -lm

tests_test_topo_SOURCES = tests/test_topo.c tests/topo_fixtures.c \
	tests/topo_fixtures.h core/engine/topo.c
tests_test_topo_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_topo_CFLAGS = $(UNIT_CFLAGS)
tests_test_topo_LDFLAGS = $(SAN_FLAGS)

tests_test_sbm_SOURCES = tests/test_sbm.c tests/topo_fixtures.c core/engine/sbm.c \
	core/engine/topo.c
tests_test_sbm_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_sbm_CFLAGS = $(UNIT_CFLAGS)
tests_test_sbm_LDFLAGS = $(SAN_FLAGS)

tests_test_sbm_read_SOURCES = tests/test_sbm_read.c tests/topo_fixtures.c \
	core/engine/sbm.c core/engine/sbm_read.c core/engine/topo.c
tests_test_sbm_read_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_sbm_read_CFLAGS = $(UNIT_CFLAGS)
tests_test_sbm_read_LDFLAGS = $(SAN_FLAGS)

# The line-transfer proof's gap, tolerance and verdict; ping-pong batches.
check_PROGRAMS += tests/test_proof_plan
TESTS += tests/test_proof_plan
tests_test_proof_plan_SOURCES = tests/test_proof_plan.c tests/check.h \
	core/exp/proof_plan.c core/engine/pingpong_batch.c
tests_test_proof_plan_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_proof_plan_CFLAGS = $(UNIT_CFLAGS)
tests_test_proof_plan_LDFLAGS = $(SAN_FLAGS)
tests_test_proof_plan_LDADD = -lm

# The real engine on real threads: engine_main with the Linux platform.
tests_test_concurrency_SOURCES = tests/test_concurrency.c \
	tests/topo_fixtures.c $(CORE_SOURCES) core/test_hooks_on.c arch/linux/linux_services.c \
	arch/linux/smp.c
tests_test_concurrency_CPPFLAGS = $(UNIT_CPPFLAGS) -I$(srcdir)/arch/linux
tests_test_concurrency_CFLAGS = $(UNIT_CFLAGS)
tests_test_concurrency_LDFLAGS = $(SAN_FLAGS)
tests_test_concurrency_LDADD = -lpthread -lm

tests_test_logparse_SOURCES = tests/test_logparse.c tools/logparse.c \
	core/out/record.c core/out/crc32.c
tests_test_logparse_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_logparse_CFLAGS = $(UNIT_CFLAGS)
tests_test_logparse_LDFLAGS = $(SAN_FLAGS)

tests_test_node_pool_SOURCES = tests/test_node_pool.c core/engine/node_pool.c \
	core/engine/node_pool.h
tests_test_node_pool_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_node_pool_CFLAGS = $(UNIT_CFLAGS)
tests_test_node_pool_LDFLAGS = $(SAN_FLAGS)

check_PROGRAMS += tests/test_uart16550
TESTS += tests/test_uart16550
tests_test_uart16550_SOURCES = tests/test_uart16550.c core/fw/uart16550.c \
	core/fw/uart16550.h
tests_test_uart16550_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_uart16550_CFLAGS = $(UNIT_CFLAGS)
tests_test_uart16550_LDFLAGS = $(SAN_FLAGS)

check_PROGRAMS += tests/test_ipmi_kcs
TESTS += tests/test_ipmi_kcs
tests_test_ipmi_kcs_SOURCES = tests/test_ipmi_kcs.c tests/check.h \
	core/fw/ipmi_kcs.c core/fw/ipmi_kcs.h core/fw/ipmi.c core/fw/ipmi.h \
	core/fw/uart_check.c core/fw/uart_check.h \
	$(OPTION_SOURCES) core/engine/sbm.c core/engine/sbm_read.c \
	core/test_hooks_on.c
tests_test_ipmi_kcs_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_ipmi_kcs_CFLAGS = $(UNIT_CFLAGS)
tests_test_ipmi_kcs_LDFLAGS = $(SAN_FLAGS)

check_PROGRAMS += tests/test_keep
TESTS += tests/test_keep
tests_test_keep_SOURCES = tests/test_keep.c core/out/keep.c core/out/keep.h \
	core/out/record_schema.c
tests_test_keep_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_keep_CFLAGS = $(UNIT_CFLAGS)
tests_test_keep_LDFLAGS = $(SAN_FLAGS)

check_PROGRAMS += tests/test_smbios
TESTS += tests/test_smbios tests/smbios.sh
EXTRA_DIST += tests/smbios.sh
tests_test_smbios_SOURCES = tests/test_smbios.c core/fw/smbios.c core/fw/smbios.h
tests_test_smbios_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_smbios_CFLAGS = $(UNIT_CFLAGS)
tests_test_smbios_LDFLAGS = $(SAN_FLAGS)

check_PROGRAMS += tests/test_timer_check
TESTS += tests/test_timer_check
tests_test_timer_check_SOURCES = tests/test_timer_check.c \
	core/fw/timer_check.c core/fw/timer_check.h
tests_test_timer_check_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_timer_check_CFLAGS = $(UNIT_CFLAGS)
tests_test_timer_check_LDFLAGS = $(SAN_FLAGS)

check_PROGRAMS += tests/test_uart_check
TESTS += tests/test_uart_check
tests_test_uart_check_SOURCES = tests/test_uart_check.c core/fw/uart_check.c \
	core/fw/uart_check.h
tests_test_uart_check_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_uart_check_CFLAGS = $(UNIT_CFLAGS)
tests_test_uart_check_LDFLAGS = $(SAN_FLAGS)

tests_test_acpi_SOURCES = tests/test_acpi.c $(ACPI_SOURCES) \
	core/fw/pptt_topo.c core/fw/pptt_topo.h core/engine/topo.c
tests_test_acpi_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_acpi_CFLAGS = $(UNIT_CFLAGS)
tests_test_acpi_LDFLAGS = $(SAN_FLAGS)
# iasl compiles the fixtures (ACPICA's templates): without it this fails
TESTS += tests/acpi-tables.sh
EXTRA_DIST += tests/acpi-tables.sh tests/acpi/madt-online-capable.asl \
	tests/acpi/madt-gicc-online-capable.asl \
	tests/acpi/pptt-ampere-clusters.asl tests/acpi/pptt-ampere-flat.asl \
	tests/acpi/spcr-rev2-com2-as-configured.asl \
	tests/acpi/spcr-rev3-dw-apb.asl tests/acpi/spcr-rev3-dw-apb-from76.asl \
	tests/acpi/spcr-rev4-bcm2835.asl \
	tests/acpi/spcr-rev4-bcm2835-from76.asl

# The x86 image's pure encodings (APIC ICR and ids, AMD legacy cache
# leaves): plain C, so they run on any host.
check_PROGRAMS += tests/test_apic_encode tests/test_amd_cache
TESTS += tests/test_apic_encode tests/test_amd_cache
tests_test_apic_encode_SOURCES = tests/test_apic_encode.c \
	arch/x86/apic_encode.c arch/x86/apic_encode.h
tests_test_apic_encode_CPPFLAGS = $(UNIT_CPPFLAGS) -I$(srcdir)/arch/x86
tests_test_apic_encode_CFLAGS = $(UNIT_CFLAGS)
tests_test_apic_encode_LDFLAGS = $(SAN_FLAGS)

# MTRR types (SDM rules) and the per-CPU register comparison.
check_PROGRAMS += tests/test_mtrr
TESTS += tests/test_mtrr
tests_test_mtrr_SOURCES = tests/test_mtrr.c arch/x86/mtrr.c arch/x86/mtrr.h \
	core/engine/reg_snap.c core/engine/reg_snap.h
tests_test_mtrr_CPPFLAGS = $(UNIT_CPPFLAGS) -I$(srcdir)/arch/x86
tests_test_mtrr_CFLAGS = $(UNIT_CFLAGS)
tests_test_mtrr_LDFLAGS = $(SAN_FLAGS)

check_PROGRAMS += tests/test_tramp_map
TESTS += tests/test_tramp_map
tests_test_tramp_map_SOURCES = tests/test_tramp_map.c \
	arch/x86/tramp_map.c arch/x86/tramp_map.h
tests_test_tramp_map_CPPFLAGS = $(UNIT_CPPFLAGS) -I$(srcdir)/arch/x86
tests_test_tramp_map_CFLAGS = $(UNIT_CFLAGS)
tests_test_tramp_map_LDFLAGS = $(SAN_FLAGS)
tests_test_amd_cache_SOURCES = tests/test_amd_cache.c \
	arch/x86/amd_cache.c arch/x86/amd_cache.h
tests_test_amd_cache_CPPFLAGS = $(UNIT_CPPFLAGS) -I$(srcdir)/arch/x86
tests_test_amd_cache_CFLAGS = $(UNIT_CFLAGS)
tests_test_amd_cache_LDFLAGS = $(SAN_FLAGS)

# FDT parser: fixtures compiled by dtc at test time, plus QEMU dumps.
check_PROGRAMS += tests/test_fdt tests/test_fdt_topo
tests_test_fdt_topo_SOURCES = tests/test_fdt_topo.c core/fw/fdt_topo.c \
	core/fw/fdt_topo.h $(FDT_SOURCES) core/engine/topo.c
tests_test_fdt_topo_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_fdt_topo_CFLAGS = $(UNIT_CFLAGS)
tests_test_fdt_topo_LDFLAGS = $(SAN_FLAGS)
tests_test_fdt_SOURCES = tests/test_fdt.c $(FDT_SOURCES)
tests_test_fdt_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_fdt_CFLAGS = $(UNIT_CFLAGS)
tests_test_fdt_LDFLAGS = $(SAN_FLAGS)
# dtc compiles the fixtures: without it the test fails, naming the package
TESTS += tests/fdt.sh

# The twin itself, as a user runs it, including its error paths.
TESTS += tests/twin.sh
# Every record the twin prints is in the record schema (tests/tools.mk).
TESTS += tests/schema-twin.sh
tests/schema-twin.log: tests/schema-check tests/sbm-sign
endif
endif
EXTRA_DIST += tests/twin.sh tests/fdt.sh tests/fdt/arm64-virt.dts \
	tests/fdt/bad-semantics.dts tests/fdt/cache-l2-l3.dts tests/fdt/edge.dts \
	tests/fdt/riscv-virt-8hart.dts tests/fdt/sifive-s7-u74.dts \
	tests/fdt/uart-kinds.dts \
	tests/fdt/qemu-riscv-virt-smp4.dtb \
	tests/fdt/qemu-riscv-virt-smp8-numa.dtb

# What takes input and had no fuzz target: run options (every way they
# come in), records, the saved result, the screen from a video mode.
# Built with clang whatever CC is; tests/fuzz-input.sh runs each briefly.
if HAVE_FUZZ_CLANG
if SBM_NATIVE
INPUT_FUZZ_FLAGS = -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -g -O1 -std=c11 $(WARN_CFLAGS) \
	-I$(srcdir)/core
FUZZ_OPTIONS_SRCS = tests/fuzz_options.c $(OPTION_SOURCES) \
	core/test_hooks_on.c core/engine/sbm.c \
	core/engine/sbm.h core/engine/sbm_read.c core/engine/sbm_read.h core/boot/load_options.c \
	core/boot/load_options.h
FUZZ_RECORD_SRCS = tests/fuzz_record.c core/out/record.c core/out/record.h \
	core/out/crc32.c core/out/crc32.h
FUZZ_RESULT_SRCS = tests/fuzz_result.c core/out/result_store.c \
	core/out/result_store.h core/out/keep.c core/out/keep.h core/out/record.c \
	core/out/record.h core/out/crc32.c core/out/crc32.h core/out/record_schema.c
FUZZ_SCREEN_SRCS = tests/fuzz_screen.c $(SCREEN_SOURCES) core/out/keep.c \
	core/out/record_schema.c \
	core/out/keep.h core/out/qr.c core/out/qr_rs.c core/out/qr.h core/out/record.c \
	core/out/record.h core/out/crc32.c core/out/crc32.h
INPUT_FUZZERS = tests/fuzz_options tests/fuzz_record tests/fuzz_result \
	tests/fuzz_screen
# the .c files of a list, in the source tree
INPUT_FUZZ_C = for f in $$srcs; do case $$f in *.c) echo $(srcdir)/$$f;; \
	esac; done
tests/fuzz_options: $(FUZZ_OPTIONS_SRCS)
	@$(MKDIR_P) tests
	$(AM_V_CC)srcs='$(FUZZ_OPTIONS_SRCS)'; $(FUZZ_CLANG) \
		$(INPUT_FUZZ_FLAGS) -o $@ `$(INPUT_FUZZ_C)`
tests/fuzz_record: $(FUZZ_RECORD_SRCS)
	@$(MKDIR_P) tests
	$(AM_V_CC)srcs='$(FUZZ_RECORD_SRCS)'; $(FUZZ_CLANG) \
		$(INPUT_FUZZ_FLAGS) -o $@ `$(INPUT_FUZZ_C)`
tests/fuzz_result: $(FUZZ_RESULT_SRCS)
	@$(MKDIR_P) tests
	$(AM_V_CC)srcs='$(FUZZ_RESULT_SRCS)'; $(FUZZ_CLANG) \
		$(INPUT_FUZZ_FLAGS) -o $@ `$(INPUT_FUZZ_C)`
tests/fuzz_screen: $(FUZZ_SCREEN_SRCS) tests/fuzz_screen.ignore
	@$(MKDIR_P) tests
	$(AM_V_CC)srcs='$(FUZZ_SCREEN_SRCS)'; $(FUZZ_CLANG) \
		$(INPUT_FUZZ_FLAGS) -o $@ `$(INPUT_FUZZ_C)` -lm \
		-fsanitize-coverage-ignorelist=$(srcdir)/tests/fuzz_screen.ignore
TESTS += tests/fuzz-input.sh
tests/fuzz-input.log: $(INPUT_FUZZERS)
CLEANFILES += $(INPUT_FUZZERS)
endif
endif
EXTRA_DIST += tests/fuzz_options.c tests/fuzz_record.c tests/fuzz_result.c \
	tests/fuzz_screen.c tests/fuzz_screen.ignore tests/fuzz-input.sh \
	tests/fuzz-seeds
