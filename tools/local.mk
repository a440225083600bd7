# SPDX-License-Identifier: BSD-2-Clause
# Host-side tools, built for the build machine with CC_FOR_BUILD even in
# cross trees, so every tree can read its own boot logs.
# An experiment's host side: tools/exp/NAME/host_NAME.c for each line of
# the registry (Makefile.am's EXPERIMENT_CSRCS), found by name.
HOST_EXPERIMENT_CSRCS = $(foreach f,$(EXPERIMENT_CSRCS),$(patsubst core/exp/%/,tools/exp/%/,$(dir $(f)))host_$(patsubst exp_%.c,%,$(notdir $(f))).c)
# What an experiment's host side keeps beside its host_NAME.c.
HOST_EXPERIMENT_PARTS = tools/exp/sbm/sbm_text.c tools/exp/sbm/sbm_compare.c \
	tools/exp/sbm/sbm_results.c tools/exp/sbm/sbm_plot.c \
	tools/exp/scale/scale_plot.c tools/exp/noise/noise_plot.c \
	tools/exp/model/model_map.c tools/exp/model/model_rows.c \
	tools/exp/model/model_report.c tools/exp/model/layouts_list.c
HOST_EXPERIMENT_HDRS = tools/exp/sbm/sbm_text.h tools/exp/sbm/sbm_compare.h \
	tools/exp/sbm/sbm_results.h tools/exp/c2c/c2c_map.h \
	tools/exp/noise/noise_map.h tools/exp/scale/scale_map.h tools/exp/rw/rw_map.h \
	tools/exp/model/model_map.h tools/exp/model/model_rows.h \
	tools/exp/model/model_report.h tools/exp/model/layouts_list.h
SBMLOG_HDRS = $(HOST_EXPERIMENT_HDRS) tools/log/logparse.h tools/log/runs.h tools/log/logreport.h tools/log/runmap.h \
	tools/log/inert.h tools/log/run_records.h tools/report/kind_tables.h \
	tools/report/plot_lines.h \
	tools/exp/host_exp.h core/measure/coh_model.h core/measure/sbm.h \
	core/measure/c2c_pairs.h core/topo/topo.h core/output/report.h \
	core/output/record.h core/output/crc32.h core/output/labels.h core/output/utf8.h \
	core/output/record_schema.h core/output/record_schema.def \
	core/exp/experiments.h
SBMLOG_CSRCS = tools/sbmlog.c tools/log/logparse.c tools/log/runs.c \
	tools/log/logreport.c tools/report/emit_text.c \
	tools/report/emit_json.c tools/report/compare.c tools/report/plot.c \
	tools/report/kind_tables.c \
	tools/log/runmap.c tools/report/plot_lines.c tools/log/inert.c \
	tools/log/run_records.c core/measure/coh_model.c core/measure/coh_scan.c core/measure/sbm.c \
	core/measure/layout_spec.c core/measure/layout_table.c core/measure/layout_presets.c core/measure/layout_shape.c \
	core/measure/c2c_pairs.c core/topo/topo.c \
	tools/exp/host_experiments.c $(HOST_EXPERIMENT_CSRCS) $(HOST_EXPERIMENT_PARTS) \
	core/output/record.c core/output/crc32.c core/output/labels.c \
	$(RECORD_SCHEMA_CSRCS)
SBMLOG_SRCS = $(SBMLOG_CSRCS) $(SBMLOG_HDRS)
EXTRA_DIST += $(SBMLOG_SRCS) tools/sbmbench
# db, report --html, import-c2c (Python 3, run from the source tree)
EXTRA_DIST += tools/sbmdb/__init__.py tools/sbmdb/__main__.py \
	tools/sbmdb/cli.py tools/sbmdb/records.py tools/sbmdb/store.py \
	tools/sbmdb/c2cpub.py tools/sbmdb/c2clog.py tools/sbmdb/html.py tools/sbmdb/svg.py \
	tools/sbmdb/collect.py
# each experiment's part of the HTML page and of db compare (html.py
# loads them by the registry's names: sbmlog experiments)
EXTRA_DIST += tools/exp/sbm/page.py tools/exp/proof/page.py \
	tools/exp/scale/page.py tools/exp/c2c/page.py tools/exp/noise/page.py \
	tools/exp/rw/page.py tools/exp/model/page.py
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
PREFLIGHT_HDRS = core/fw/acpi_topo.h tools/preflight/pf_fdt.h tools/preflight/acpi_dump.h tools/preflight/pf_source.h tools/preflight/pf_decode.h \
	tools/preflight/pf_kernel.h tools/preflight/pf_cpuid.h
PREFLIGHT_CSRCS = tools/preflight/preflight.c tools/preflight/acpi_dump.c tools/preflight/pf_source.c \
	tools/preflight/pf_decode.c tools/preflight/pf_kernel.c tools/preflight/pf_plat.c tools/preflight/pf_fdt.c \
	core/output/report.c core/output/keep.c core/output/record.c \
	core/output/crc32.c core/output/labels.c core/topo/topo.c \
	core/fw/pptt_topo.c core/fw/acpi_topo.c core/fw/fdt_topo.c \
	core/fw/smbios.c \
	$(RECORD_SCHEMA_CSRCS)
PREFLIGHT_CPUID_x86 = tools/preflight/pf_cpuid_x86.c arch/x86/cpuid_topo.c \
	arch/x86/apic_encode.c arch/x86/amd_cache.c
PREFLIGHT_CPUID = $(if $(filter x86,$(SBM_BUILD_ISA_DIR)),$(PREFLIGHT_CPUID_x86),tools/preflight/pf_cpuid_none.c)
EXTRA_DIST += $(PREFLIGHT_HDRS) $(PREFLIGHT_CSRCS) $(PREFLIGHT_CPUID_x86) \
	tools/preflight/pf_cpuid_none.c
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
