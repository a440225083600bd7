# SPDX-License-Identifier: BSD-2-Clause
# riscv64 OpenSBI payload: ELF for QEMU -kernel and fw_payload, and a flat
# binary with a Linux/RISC-V Image header for booti and fw_jump.
RISCV_SOURCES = $(CORE_SOURCES) $(FDT_SOURCES) core/fw/fdt_topo.c \
	core/fw/fdt_topo.h core/engine/node_pool.c core/engine/node_pool.h \
	arch/riscv/entry.S arch/riscv/sbi.c arch/riscv/sbi.h \
	arch/riscv/console.c arch/riscv/syscalls.c arch/riscv/power.c \
	arch/riscv/riscv_main.c arch/riscv/smp.c arch/riscv/numa_mem.c arch/riscv/riscv.h \
	arch/riscv/counter.c arch/riscv/idle_wait.c \
	arch/riscv/boot_layout.h
EXTRA_DIST += arch/riscv/payload.lds $(RISCV_SOURCES)

if IMAGE_RISCV64
noinst_PROGRAMS += sbmbench-riscv64.elf
sbmbench_riscv64_elf_SOURCES = $(RISCV_SOURCES) $(HOOKS_SOURCE)
sbmbench_riscv64_elf_CPPFLAGS = -nostdinc -isystem $(NEWLIB_DIR)/include \
	-isystem $(SBM_GCC_INCLUDE) -I$(srcdir)/core -I$(top_builddir)/core -I$(srcdir)/arch/riscv
# -fvisibility=hidden: nothing in the image is preemptible, so no GOT
# entry may become a symbol relocation (R_RISCV_64 against rw_opts, say)
# that entry.S, which applies R_RISCV_RELATIVE only, would leave unset
RISCV_FLAGS = -ffreestanding -fno-stack-protector -mcmodel=medany -fPIE \
	-fvisibility=hidden -march=rv64imafdc_zicsr_zifencei -mabi=lp64d
sbmbench_riscv64_elf_CFLAGS = $(AM_CFLAGS) -O2 $(RISCV_FLAGS)
sbmbench_riscv64_elf_CCASFLAGS = $(RISCV_FLAGS)
# A static PIE (what -static-pie means on Linux targets; this GCC's spec
# lacks it), linked by the ld configure found (-B): entry.S applies
# .rela.dyn for wherever the image was loaded.  -z notext: newlib is not
# PIC, its switch tables in .rodata get relocations too (MMU off: fine).
sbmbench_riscv64_elf_LINK = $(CC) -B$(RISCV_PIE_LD_DIR)/ $(RISCV_FLAGS) -nostdlib \
	-Wl,-static,-pie,--no-dynamic-linker,-z,notext,-z,norelro \
	-Wl,--build-id=none $(LD_NO_RWX_WARN:%=-Wl,%) \
	-Wl,-T,$(srcdir)/arch/riscv/payload.lds -o $@
# libc twice: libm and libgcc call back into it
sbmbench_riscv64_elf_LDADD = $(NEWLIB_DIR)/lib/libm.a \
	$(NEWLIB_DIR)/lib/libc.a $(SBM_LIBGCC) $(NEWLIB_DIR)/lib/libc.a
EXTRA_sbmbench_riscv64_elf_DEPENDENCIES = $(srcdir)/arch/riscv/payload.lds

# The boot tests' payload: the same objects, the test switches on.
noinst_DATA += hooks/sbmbench-riscv64.elf
hooks/test_hooks_on-riscv64.o: core/test_hooks_on.c
	@$(MKDIR_P) hooks
	$(AM_V_CC)$(CC) $(sbmbench_riscv64_elf_CPPFLAGS) $(CPPFLAGS) \
	$(sbmbench_riscv64_elf_CFLAGS) $(CFLAGS) -c -o $@ $(srcdir)/core/test_hooks_on.c
hooks/sbmbench-riscv64.elf: $(sbmbench_riscv64_elf_OBJECTS) \
	hooks/test_hooks_on-riscv64.o $(srcdir)/arch/riscv/payload.lds
	$(AM_V_CCLD)$(sbmbench_riscv64_elf_LINK) \
	$(call hooks_objs,$(sbmbench_riscv64_elf_OBJECTS)) \
	hooks/test_hooks_on-riscv64.o $(sbmbench_riscv64_elf_LDADD)
hooks/sbmbench-riscv64.bin: hooks/sbmbench-riscv64.elf
	$(AM_V_GEN)$(OBJCOPY) -O binary $< $@
noinst_DATA += hooks/sbmbench-riscv64.bin
CLEANFILES += hooks/sbmbench-riscv64.elf hooks/sbmbench-riscv64.bin \
	hooks/test_hooks_on-riscv64.o

sbmbench-riscv64.bin: sbmbench-riscv64.elf
	$(AM_V_GEN)$(OBJCOPY) -O binary $< $@
noinst_DATA += sbmbench-riscv64.bin
CLEANFILES += sbmbench-riscv64.bin
# what entry.S's self-relocation relies on, checked on the built files
TESTS += tests/riscv-pie.sh
endif
EXTRA_DIST += tests/riscv-pie.sh
# Boot tests: tests/boot-tests.tsv.
