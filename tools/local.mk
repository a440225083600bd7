# SPDX-License-Identifier: BSD-2-Clause
# Host-side tools, built for the build machine with CC_FOR_BUILD even in
# cross trees, so every tree can read its own boot logs.
# An experiment's host side: tools/exp/host_NAME.c for each line of the
# registry (Makefile.am's EXPERIMENT_CSRCS), found by name.
HOST_EXPERIMENT_CSRCS = $(patsubst core/exp/exp_%.c,tools/exp/host_%.c,$(EXPERIMENT_CSRCS))
SBMLOG_HDRS = tools/logparse.h tools/runs.h tools/logreport.h tools/runmap.h \
	tools/inert.h tools/run_records.h \
	tools/host_exp.h tools/model_map.h tools/model_rows.h \
	tools/model_report.h tools/layouts_list.h core/measure/coh_model.h core/measure/sbm.h \
	core/measure/c2c_pairs.h core/topo/topo.h core/output/report.h \
	core/output/record.h core/output/crc32.h core/output/labels.h core/output/utf8.h \
	core/output/record_schema.h core/output/record_schema.def \
	core/exp/experiments.h
SBMLOG_CSRCS = tools/sbmlog.c tools/logparse.c tools/runs.c \
	tools/logreport.c tools/emit_text.c \
	tools/emit_json.c tools/compare.c tools/plot.c \
	tools/runmap.c tools/plot_lines.c tools/inert.c \
	tools/run_records.c tools/model_map.c tools/model_rows.c \
	tools/model_report.c tools/layouts_list.c core/measure/coh_model.c core/measure/coh_scan.c core/measure/sbm.c \
	core/measure/layout_spec.c core/measure/layout_table.c core/measure/layout_presets.c core/measure/layout_shape.c \
	core/measure/c2c_pairs.c core/topo/topo.c \
	tools/host_experiments.c $(HOST_EXPERIMENT_CSRCS) \
	core/output/record.c core/output/crc32.c core/output/labels.c \
	$(RECORD_SCHEMA_CSRCS)
SBMLOG_SRCS = $(SBMLOG_CSRCS) $(SBMLOG_HDRS)
EXTRA_DIST += $(SBMLOG_SRCS) tools/sbmbench docs/hardware.md docs/layouts.md
# db, report --html, import-c2c (Python 3, run from the source tree)
EXTRA_DIST += tools/sbmdb/__init__.py tools/sbmdb/__main__.py \
	tools/sbmdb/cli.py tools/sbmdb/records.py tools/sbmdb/store.py \
	tools/sbmdb/c2cpub.py tools/sbmdb/c2clog.py tools/sbmdb/html.py tools/sbmdb/svg.py \
	tools/sbmdb/collect.py
noinst_DATA += sbmlog
CLEANFILES += sbmlog

sbmlog: $(SBMLOG_SRCS)
	$(AM_V_CC)$(CC_FOR_BUILD) $(CFLAGS_FOR_BUILD) $(WARN_CFLAGS) -std=c11 \
		-DSBM_EXP_RECORDS_ONLY -I$(srcdir)/core -I$(top_builddir)/core -I$(srcdir)/tools -o $@ \
		`for f in $(SBMLOG_CSRCS); do echo $(srcdir)/$$f; done` -lm

# preflight (issue #32): the image's own table decoders, topology model
# and report built for this machine, its firmware tables held against
# the running kernel.  Native trees only: it reads this machine.  On an
# x86 build machine CPUID runs as the image runs it (arch/x86/).
PREFLIGHT_HDRS = core/fw/acpi_topo.h tools/pf_fdt.h tools/acpi_dump.h tools/pf_source.h tools/pf_decode.h \
	tools/pf_kernel.h tools/pf_cpuid.h
PREFLIGHT_CSRCS = tools/preflight.c tools/acpi_dump.c tools/pf_source.c \
	tools/pf_decode.c tools/pf_kernel.c tools/pf_plat.c tools/pf_fdt.c \
	core/output/report.c core/output/keep.c core/output/record.c \
	core/output/crc32.c core/output/labels.c core/topo/topo.c \
	core/fw/pptt_topo.c core/fw/acpi_topo.c core/fw/fdt_topo.c \
	core/fw/smbios.c \
	$(RECORD_SCHEMA_CSRCS)
PREFLIGHT_CPUID_x86 = tools/pf_cpuid_x86.c arch/x86/cpuid_topo.c \
	arch/x86/apic_encode.c arch/x86/amd_cache.c
PREFLIGHT_CPUID = $(if $(filter x86,$(SBM_BUILD_ISA_DIR)),$(PREFLIGHT_CPUID_x86),tools/pf_cpuid_none.c)
EXTRA_DIST += $(PREFLIGHT_HDRS) $(PREFLIGHT_CSRCS) $(PREFLIGHT_CPUID_x86) \
	tools/pf_cpuid_none.c
if SBM_PREFLIGHT
noinst_DATA += preflight
endif
CLEANFILES += preflight

preflight: $(PREFLIGHT_HDRS) $(PREFLIGHT_CSRCS) $(PREFLIGHT_CPUID) $(ACPI_SOURCES) \
	$(FDT_SOURCES)
	$(AM_V_CC)$(CC_FOR_BUILD) $(CFLAGS_FOR_BUILD) $(WARN_CFLAGS) -std=c11 \
		-DSBM_EXP_RECORDS_ONLY -I$(srcdir)/core -I$(top_builddir)/core \
		-I$(srcdir)/tools -I$(srcdir)/arch/$(SBM_BUILD_ISA_DIR) \
		-I$(srcdir)/arch/efi -o $@ \
		`for f in $(PREFLIGHT_CSRCS) $(PREFLIGHT_CPUID) $(ACPI_SOURCES) \
		$(FDT_SOURCES); do \
		case $$f in *.c) echo $(srcdir)/$$f;; esac; done` -lm
