# SPDX-License-Identifier: BSD-2-Clause
# Host unit tests of core/ under AddressSanitizer and UBSan.
if SBM_NATIVE
if SBM_HOSTED
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
UNIT_CPPFLAGS = -I$(srcdir)/core -I$(top_builddir)/core -I$(srcdir)/tests \
	-I$(srcdir)/arch/$(SBM_TWIN_ISA_DIR) -I$(srcdir)/tools \
	-I$(srcdir)/arch/linux -I$(srcdir)/arch/x86
UNIT_CFLAGS = $(WARN_CFLAGS) -std=c11 $(SAN_FLAGS) -O1 -g -pthread

# A unit test is one word in UNIT_TESTS: tests/NAME.c linked with
# tests/libsbmcore.a.  qrencode and zbarimg (test_qr, test_screen) are
# the references: without them the test fails, naming the package.
UNIT_TESTS = tests/test_stats tests/test_config tests/test_record \
	tests/test_topo tests/test_sbm tests/test_layout_spec tests/test_sbm_read tests/test_concurrency \
	tests/test_logparse tests/test_acpi tests/test_node_pool tests/test_qr \
	tests/test_fbcon tests/test_screen tests/test_uart16550 \
	tests/test_ipmi_kcs tests/test_keep tests/test_smbios \
	tests/test_timer_check tests/test_uart_check tests/test_apic_encode \
	tests/test_amd_cache tests/test_mtrr tests/test_tramp_map \
	tests/test_config_decl tests/test_proof_plan tests/test_sbm_figures \
	tests/test_pairs tests/test_map_engine tests/test_rw tests/test_runmap \
	tests/test_window_plan tests/test_coh_model \
	tests/test_result_store tests/test_report tests/test_arm64_hcr \
	tests/test_gicr_walk tests/test_acpi_topo tests/test_boot_uri
# The x86 AP start handshake and the wake handler run the image's own
# instructions: on an x86_64 build machine only.
if IMAGE_X86_64
UNIT_TESTS += tests/test_start_token tests/test_wake_isr
endif
tests_test_start_token_SOURCES = tests/test_start_token.c \
	tests/start_token_host.S
tests_test_wake_isr_SOURCES = tests/test_wake_isr.c tests/wake_isr_host.S \
	arch/x86/wake_isr.S
# acpidump's text as the image prints it, read back as preflight reads it
tests_test_acpi_topo_SOURCES = tests/test_acpi_topo.c tools/preflight/acpi_dump.c \
	tools/preflight/acpi_dump.h
# the URI an HTTP-booted image came from (arch/efi only, so not in core)
tests_test_boot_uri_SOURCES = tests/test_boot_uri.c core/options/boot_uri.c \
	core/options/boot_uri.h
# the same, run by a script (tests/fdt.sh) instead of on their own
UNIT_HELPERS = tests/test_fdt tests/test_fdt_topo
check_PROGRAMS += $(UNIT_TESTS) $(UNIT_HELPERS)
TESTS += $(UNIT_TESTS)

# What they link, compiled once with their flags: core/, the test
# switches on, and the host-testable parts of arch/ and tools/ (the x86
# image's pure encodings are plain C, so they run on any host).  A
# program takes from the archive only the objects it calls.
check_LIBRARIES = tests/libsbmcore.a tests/libsbmrecords.a
# (arch/linux before node_pool.c: both define plat_alloc_node, the twin's
# is what the engine's tests link; test_node_pool takes node_pool's)
tests_libsbmcore_a_SOURCES = $(CORE_SOURCES) $(SCREEN_SOURCES) \
	arch/linux/linux_services.c arch/linux/smp.c arch/linux/linux_twin.h \
	$(FDT_SOURCES) core/fw/fdt_topo.c core/fw/fdt_topo.h \
	$(ACPI_SOURCES) core/fw/pptt_topo.c core/fw/pptt_topo.h \
	core/fw/acpi_topo.c core/fw/acpi_topo.h \
	core/fw/acpi_text.c core/fw/acpi_text.h \
	core/fw/ipmi_kcs.c core/fw/ipmi_kcs.h core/fw/ipmi.c core/fw/ipmi.h \
	core/fw/ipmi_kcs_layout.c core/fw/ipmi_kcs_layout.h \
	core/fw/smbios.c core/fw/smbios.h \
	core/engine/node_pool.c core/engine/node_pool.h core/test_hooks_on.c \
	arch/x86/apic_encode.c arch/x86/apic_encode.h \
	arch/x86/amd_cache.c arch/x86/amd_cache.h \
	arch/x86/mtrr.c arch/x86/mtrr.h arch/x86/tramp_map.c arch/x86/tramp_map.h \
	arch/arm64/gicr_walk.c arch/arm64/gicr_walk.h \
	$(TOOL_ONLY_SRCS) \
	tests/check.h tests/engine_fixture.c tests/engine_fixture.h tests/topo_fixtures.c tests/topo_fixtures.h
# The experiments' records come from a library of their own, compiled
# as the host tools compile them (records only): a test that reads the
# schema (keep, screen, report) then links no experiment's engine part.
tests_libsbmcore_a_CPPFLAGS = $(UNIT_CPPFLAGS) -DSBM_EXP_NO_RECORDS
tests_libsbmcore_a_CFLAGS = $(UNIT_CFLAGS)
tests_libsbmrecords_a_SOURCES = $(RECORD_SCHEMA_CSRCS)
tests_libsbmrecords_a_CPPFLAGS = $(UNIT_CPPFLAGS) -DSBM_EXP_RECORDS_ONLY
tests_libsbmrecords_a_CFLAGS = $(UNIT_CFLAGS)
# Their flags, as GNU make target-specific variables: automake takes
# flags one program at a time (EXEEXT is empty on the Linux hosts that
# build these).
UNIT_ALL = $(UNIT_TESTS) $(UNIT_HELPERS)
$(UNIT_ALL): tests/libsbmcore.a tests/libsbmrecords.a
$(UNIT_ALL): AM_CPPFLAGS = $(UNIT_CPPFLAGS)
$(UNIT_ALL): AM_CFLAGS = $(UNIT_CFLAGS)
$(UNIT_ALL): LDADD = tests/libsbmcore.a tests/libsbmrecords.a -lpthread -lm

TESTS += tests/smbios.sh
EXTRA_DIST += tests/smbios.sh

# iasl compiles the fixtures (ACPICA's templates): without it this fails
TESTS += tests/acpi-tables.sh
EXTRA_DIST += tests/acpi-tables.sh tests/acpi/madt-online-capable.asl \
	tests/acpi/madt-gicc-online-capable.asl \
	tests/acpi/pptt-ampere-clusters.asl tests/acpi/pptt-ampere-flat.asl \
	tests/acpi/spcr-rev2-com2-as-configured.asl \
	tests/acpi/spcr-rev2-redirection-off.asl \
	tests/acpi/spcr-rev3-dw-apb.asl tests/acpi/spcr-rev3-dw-apb-from76.asl \
	tests/acpi/spcr-rev4-bcm2835.asl \
	tests/acpi/spcr-rev4-bcm2835-from76.asl \
	tests/acpi/facp-ich9-ports.asl tests/acpi/spmi-kcs-ca8-dell.asl \
	tests/acpi/spmi-kcs-ca2-width16-hp.asl tests/acpi/spmi-ssif.asl \
	tests/acpi/real/README.md \
	tests/acpi/real/hp-proliant-dl360-g7/spmi.dat \
	tests/acpi/real/hp-proliant-dl360-g7/facp.dat

# tools/preflight (issue #32) under the sanitizers: fixtures whose answer
# the tables' design states, a kernel that agrees and one that does not,
# this machine; then 136 real machines' tables against iasl -d.
tests/preflight-asan: $(PREFLIGHT_HDRS) $(PREFLIGHT_CSRCS) $(PREFLIGHT_CPUID) $(ACPI_SOURCES) \
	$(FDT_SOURCES)
	@$(MKDIR_P) tests
	$(AM_V_CC)$(CC) $(WARN_CFLAGS) -std=c11 $(SAN_FLAGS) -O1 -g \
		-DSBM_EXP_RECORDS_ONLY -I$(srcdir)/core -I$(top_builddir)/core \
		-I$(srcdir)/tools -I$(srcdir)/arch/$(SBM_TWIN_ISA_DIR) \
		-I$(srcdir)/arch/efi -o $@ \
		`for f in $(PREFLIGHT_CSRCS) $(PREFLIGHT_CPUID) $(ACPI_SOURCES) \
		$(FDT_SOURCES); do \
		case $$f in *.c) echo $(srcdir)/$$f;; esac; done` -lm
CLEANFILES += tests/preflight-asan
TESTS += tests/preflight.sh tests/preflight-real.sh tests/real-topo-extract.sh
tests/preflight.log tests/preflight-real.log: tests/preflight-asan preflight
# its SMBIOS check takes the image test_smbios --dump writes
tests/preflight.log: tests/test_smbios$(EXEEXT)
EXTRA_DIST += tests/preflight.sh tests/preflight-real.sh \
	tests/preflight-real.py tests/acpi/preflight tests/acpi/real-topo \
	tests/real-topo-extract.sh tests/real-topo-extract.py \
	tests/fdt/qemu-arm64-virt-smp4-2s-numa2.dtb \
	tests/fdt/qemu-riscv64-virt-smp8-2s-numa2.dtb

# FDT parser: fixtures compiled by dtc at test time, plus QEMU dumps.
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
	-I$(srcdir)/core -I$(top_builddir)/core
FUZZ_OPTIONS_SRCS = tests/fuzz_options.c $(OPTION_SOURCES) \
	core/test_hooks_on.c core/measure/sbm.c \
	core/measure/layout_spec.c core/measure/layout_table.c core/measure/layout_presets.c core/measure/layout_shape.c \
	core/measure/sbm.h core/measure/sbm_read.c core/measure/sbm_read.h core/options/load_options.c \
	core/options/load_options.h
FUZZ_RECORD_SRCS = tests/fuzz_record.c core/output/record.c core/output/record.h \
	core/output/crc32.c core/output/crc32.h
FUZZ_RESULT_SRCS = tests/fuzz_result.c core/output/result_store.c \
	core/output/result_store.h core/output/keep.c core/output/keep.h core/output/record.c \
	core/output/record.h core/output/crc32.c core/output/crc32.h $(RECORD_SCHEMA_CSRCS)
FUZZ_SCREEN_SRCS = tests/fuzz_screen.c $(SCREEN_SOURCES) core/output/keep.c \
	$(RECORD_SCHEMA_CSRCS) \
	core/output/keep.h core/output/qr.c core/output/qr_rs.c core/output/qr.h core/output/record.c \
	core/output/record.h core/output/crc32.c core/output/crc32.h
# acpidump's text, which a user mails in (tools/preflight --from)
FUZZ_ACPIDUMP_SRCS = tests/fuzz_acpidump.c tools/preflight/acpi_dump.c \
	tools/preflight/acpi_dump.h core/fw/acpi.c core/fw/acpi.h
INPUT_FUZZERS = tests/fuzz_options tests/fuzz_record tests/fuzz_result \
	tests/fuzz_screen tests/fuzz_acpidump
# the .c files of a list, in the source tree
INPUT_FUZZ_C = for f in $$srcs; do case $$f in *.c) echo $(srcdir)/$$f;; \
	esac; done
tests/fuzz_options: $(FUZZ_OPTIONS_SRCS)
	@$(MKDIR_P) tests
	$(AM_V_CC)srcs='$(FUZZ_OPTIONS_SRCS)'; $(FUZZ_CLANG) \
		$(INPUT_FUZZ_FLAGS) -DSBM_EXP_DECLS_ONLY -o $@ `$(INPUT_FUZZ_C)`
tests/fuzz_record: $(FUZZ_RECORD_SRCS)
	@$(MKDIR_P) tests
	$(AM_V_CC)srcs='$(FUZZ_RECORD_SRCS)'; $(FUZZ_CLANG) \
		$(INPUT_FUZZ_FLAGS) -DSBM_EXP_RECORDS_ONLY -o $@ `$(INPUT_FUZZ_C)`
tests/fuzz_result: $(FUZZ_RESULT_SRCS)
	@$(MKDIR_P) tests
	$(AM_V_CC)srcs='$(FUZZ_RESULT_SRCS)'; $(FUZZ_CLANG) \
		$(INPUT_FUZZ_FLAGS) -DSBM_EXP_RECORDS_ONLY -o $@ `$(INPUT_FUZZ_C)`
tests/fuzz_screen: $(FUZZ_SCREEN_SRCS) tests/fuzz_screen.ignore
	@$(MKDIR_P) tests
	$(AM_V_CC)srcs='$(FUZZ_SCREEN_SRCS)'; $(FUZZ_CLANG) \
		$(INPUT_FUZZ_FLAGS) -DSBM_EXP_RECORDS_ONLY -o $@ `$(INPUT_FUZZ_C)` -lm \
		-fsanitize-coverage-ignorelist=$(srcdir)/tests/fuzz_screen.ignore
tests/fuzz_acpidump: $(FUZZ_ACPIDUMP_SRCS)
	@$(MKDIR_P) tests
	$(AM_V_CC)srcs='$(FUZZ_ACPIDUMP_SRCS)'; $(FUZZ_CLANG) \
		$(INPUT_FUZZ_FLAGS) -I$(srcdir)/tools -o $@ `$(INPUT_FUZZ_C)`
TESTS += tests/fuzz-input.sh
tests/fuzz-input.log: $(INPUT_FUZZERS)
CLEANFILES += $(INPUT_FUZZERS)
endif
endif
EXTRA_DIST += tests/fuzz_options.c tests/fuzz_record.c tests/fuzz_result.c \
	tests/fuzz_screen.c tests/fuzz_screen.ignore tests/fuzz-input.sh \
	tests/fuzz_acpidump.c tests/fuzz-seeds
