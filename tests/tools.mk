# SPDX-License-Identifier: BSD-2-Clause
# Tests of the host log tools (tools/): run gathering and reports under
# ASan/UBSan, the sbmlog CLI end to end, and a short libFuzzer run.
# sbmlog's parser and writers (TOOL_ONLY_SRCS: what core/ does not have)
# (automake needs the list written out: sbmlog's own rule takes the host
# files from the registry, tools/local.mk's HOST_EXPERIMENT_CSRCS)
TOOL_ONLY_SRCS = tools/log/logparse.c tools/log/logparse.h tools/log/runs.c \
	tools/log/runs.h tools/log/logreport.c tools/log/logreport.h tools/report/emit_text.c \
	tools/report/emit_json.c tools/report/compare.c tools/report/plot.c tools/report/plot_lines.c \
	tools/log/runmap.c tools/log/runmap.h \
	tools/log/inert.c tools/log/inert.h \
	tools/log/run_records.c tools/log/run_records.h \
	tools/report/kind_tables.c tools/report/kind_tables.h \
	tools/exp/model/model_map.c tools/exp/model/model_map.h tools/exp/model/model_rows.c tools/exp/model/model_rows.h \
	tools/exp/model/model_report.c tools/exp/model/model_report.h \
	tools/exp/sbm/sbm_text.c tools/exp/sbm/sbm_text.h \
	tools/exp/sbm/sbm_compare.c tools/exp/sbm/sbm_compare.h \
	tools/exp/sbm/sbm_results.c tools/exp/sbm/sbm_results.h tools/exp/sbm/sbm_plot.c \
	tools/exp/scale/scale_plot.c tools/exp/noise/noise_plot.c tools/report/plot_lines.h \
	tools/exp/c2c/c2c_map.h tools/exp/noise/noise_map.h tools/exp/scale/scale_map.h \
	tools/exp/rw/rw_map.h \
	tools/exp/host_exp.h tools/exp/host_experiments.c \
	tools/exp/sbm/host_sbm.c tools/exp/proof/host_proof.c tools/exp/scale/host_scale.c \
	tools/exp/c2c/host_c2c.c tools/exp/noise/host_noise.c tools/exp/rw/host_rw.c \
	tools/exp/model/host_model.c
REPORT_TOOL_SRCS = $(TOOL_ONLY_SRCS) $(RECORD_SCHEMA_CSRCS) \
	core/exp/experiments.h core/output/record_schema.h \
	core/output/record.c core/output/crc32.c core/output/labels.c core/output/labels.h \
	core/measure/coh_model.c core/measure/coh_scan.c core/measure/sbm.c core/measure/c2c_pairs.c \
	core/measure/layout_spec.c core/measure/layout_table.c core/measure/layout_presets.c core/measure/layout_shape.c \
	core/topo/topo.c
REPORT_LOGS = tests/logs/twin-x86_64.log tests/logs/two-runs.log \
	tests/logs/damaged.log tests/logs/riscv64-qemu.log \
	tests/logs/baremetal-x86_64.log tests/logs/screen-qr.records

# test_report is a word in UNIT_TESTS (tests/local.mk).

# sbmlog is built for the build machine in every tree, so this runs in all
# (its cross-architecture compare signs two logs with tests/sbm-sign).
TESTS += tests/report.sh
tests/report.log: tests/sbm-sign sbmlog

# A log crafted against every way out of sbmlog (issue #18); its records
# are signed by tests/sbm-sign with core/output/crc32.c, built like sbmlog.
TESTS += tests/hostile.sh
tests/sbm-sign: tests/sbm_sign.c core/output/crc32.c core/output/crc32.h
	@$(MKDIR_P) tests
	$(AM_V_CC)$(CC_FOR_BUILD) $(CFLAGS_FOR_BUILD) $(WARN_CFLAGS) -std=c11 \
		-I$(srcdir)/core -I$(top_builddir)/core -o $@ $(srcdir)/tests/sbm_sign.c \
		$(srcdir)/core/output/crc32.c
tests/hostile.log: tests/sbm-sign sbmlog
# tools/sbmbench report PICTURE: the QR parts of a hostile picture
TESTS += tests/qr-parts.sh
tests/qr-parts.log: tests/sbm-sign sbmlog
# images/mkimage --esp and images/qemu-run with hostile paths
TESTS += tests/image-paths.sh
CLEANFILES += tests/sbm-sign
# tools/sbmdb (issue #23): the results database, published c2c data and
# the HTML report in headless Chromium (tools/install-deps installs it;
# "make check CHROMIUM=no" skips that test, saying so).  The native tree
# only: Python and the build machine's sbmlog are the same in every tree.
CHROMIUM = chromium
AM_TESTS_ENVIRONMENT += CHROMIUM='$(CHROMIUM)'; export CHROMIUM;
if SBM_NATIVE
TESTS += tests/db.sh tests/import-c2c.sh tests/html-report.sh
# tools/sbmbench predict (issue #44): the coherence model
TESTS += tests/predict.sh
# figures within their noise said in words (issue #45)
TESTS += tests/noise-words.sh
# tools/sbmbench collect (issue #33): the lab's HTTP receiver, on loopback
TESTS += tests/collect.sh
endif
tests/db.log tests/html-report.log tests/collect.log: tests/sbm-sign sbmlog
tests/import-c2c.log tests/predict.log: sbmlog
tests/noise-words.log: sbmlog tests/sbm-sign
EXTRA_DIST += tests/predict.sh tests/noise-words.sh tests/db.sh tests/import-c2c.sh tests/html-report.sh \
	tests/collect.sh tests/collect-send.py tests/collect-flood.py \
	tests/html-check.py tests/logs/twin-x86_64-all.log \
	tests/logs/c2c/published-8cpu.csv tests/logs/c2c/published-8cpu.lscpu
# The record schema against docs/records.md's table (every tree) and against what
# the twin prints (tests/schema-twin.sh, hosted trees: tests/local.mk).
SCHEMA_CHECK_CSRCS = tests/schema_check.c $(RECORD_SCHEMA_CSRCS) \
	core/output/record.c core/output/crc32.c
tests/schema-check: $(SCHEMA_CHECK_CSRCS) core/output/record_schema.h \
	core/output/record_schema.def core/output/record.h core/output/crc32.h
	@$(MKDIR_P) tests
	$(AM_V_CC)$(CC_FOR_BUILD) $(CFLAGS_FOR_BUILD) $(WARN_CFLAGS) -std=c11 \
		-DSBM_EXP_RECORDS_ONLY -I$(srcdir)/core -I$(top_builddir)/core -o $@ \
		`for f in $(SCHEMA_CHECK_CSRCS); do echo $(srcdir)/$$f; done`
TESTS += tests/schema-readme.sh
tests/schema-readme.log: sbmlog
CLEANFILES += tests/schema-check
EXTRA_DIST += tests/schema_check.c tests/schema-readme.sh tests/schema-twin.sh
EXTRA_DIST += tests/hostile.sh tests/sbm_sign.c tests/qr-parts.sh \
	tests/image-paths.sh

if HAVE_FUZZ_CLANG
FUZZ_FLAGS = -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-g -O1 -std=c11 $(WARN_CFLAGS)
# Built with clang whatever CC is, hence an explicit rule; the test
# program depends on it so "make check" builds it first.
tests/fuzz_logparse: tests/fuzz_logparse.c $(REPORT_TOOL_SRCS)
	@$(MKDIR_P) tests
	$(AM_V_CC)$(FUZZ_CLANG) $(FUZZ_FLAGS) -DSBM_EXP_RECORDS_ONLY -I$(srcdir)/core -I$(top_builddir)/core \
		-I$(srcdir)/tools -o $@ $(srcdir)/tests/fuzz_logparse.c \
		`for f in $(REPORT_TOOL_SRCS); do case $$f in *.c) \
		echo $(srcdir)/$$f;; esac; done` -lm
# the native tree only: the same build-machine parser in every tree
if SBM_NATIVE
TESTS += tests/fuzz.sh
endif
tests/fuzz.log: tests/fuzz_logparse
CLEANFILES += tests/fuzz_logparse
endif

EXTRA_DIST += tests/test_report.c tests/fuzz_logparse.c tests/report.sh \
	tests/fuzz.sh tests/logs/make-fixtures.py $(REPORT_LOGS)

# Firmware-table parsers under libFuzzer (native tree only: CI time).
if HAVE_FUZZ_CLANG
if SBM_NATIVE
FW_FUZZ_FLAGS = -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-g -O1 -std=c11 $(WARN_CFLAGS) -I$(srcdir)/core -I$(top_builddir)/core
FUZZ_ACPI_SRCS = tests/fuzz_acpi.c $(ACPI_SOURCES)
tests/fuzz_acpi: $(FUZZ_ACPI_SRCS) tests/fuzz_acpi.ignore
	@$(MKDIR_P) tests
	$(AM_V_CC)$(FUZZ_CLANG) $(FW_FUZZ_FLAGS) -o $@ \
		-fsanitize-coverage-ignorelist=$(srcdir)/tests/fuzz_acpi.ignore \
		`for f in $(FUZZ_ACPI_SRCS); do case $$f in *.c) \
		echo $(srcdir)/$$f;; esac; done`
FUZZ_FDT_SRCS = tests/fuzz_fdt.c $(FDT_SOURCES) core/fw/fdt_topo.c \
	core/fw/fdt_topo.h core/topo/topo.c core/topo/topo.h
tests/fuzz_fdt: $(FUZZ_FDT_SRCS)
	@$(MKDIR_P) tests
	$(AM_V_CC)$(FUZZ_CLANG) $(FW_FUZZ_FLAGS) -o $@ \
		`for f in $(FUZZ_FDT_SRCS); do case $$f in *.c) \
		echo $(srcdir)/$$f;; esac; done`
TESTS += tests/fuzz-firmware.sh
tests/fuzz-firmware.log: tests/fuzz_acpi tests/fuzz_fdt
CLEANFILES += tests/fuzz_acpi tests/fuzz_fdt
endif
endif
EXTRA_DIST += tests/fuzz_acpi.c tests/fuzz_acpi.ignore tests/fuzz_fdt.c \
	tests/fuzz-firmware.sh
# tools/sbmbench help and every subcommand's --help (each ends with its
# docs page)
TESTS += tests/cli-help.sh
EXTRA_DIST += tests/cli-help.sh
# an experiment's name and kinds only in its own folders (the shared
# files reach it through its hooks; the places left are listed there)
TESTS += tests/exp-names.sh
tests/exp-names.log: sbmlog
EXTRA_DIST += tests/exp-names.sh
# the twin and the host tools built with clang too, warnings as errors
# (issue #46); run where the twin runs
if SBM_NATIVE
if SBM_HOSTED
TESTS += tests/clang-build.sh
tests/clang-build.log: tests/clang-build.env sbmlog
tests/clang-build.env: Makefile
	$(AM_V_GEN){ \
	echo "CLANG='$(FUZZ_CLANG)'"; \
	echo "WARN_CFLAGS='$(WARN_CFLAGS)'"; \
	echo "TWIN_CPPFLAGS='-I$(abs_top_srcdir)/arch/$(SBM_TWIN_ISA_DIR) -I$(abs_top_srcdir)/arch/linux'"; \
	echo "TWIN_SRCS='$(sbmbench_linux_SOURCES)'"; \
	echo "SBMLOG_CSRCS='$(SBMLOG_CSRCS)'"; \
	} >$@
CLEANFILES += tests/clang-build.env
endif
endif
EXTRA_DIST += tests/clang-build.sh
