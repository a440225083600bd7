# SPDX-License-Identifier: BSD-2-Clause
EXTRA_DIST += images/qemu-run
EXTRA_DIST += images/mkimage

# Boot media: `make image` writes the ESP tree (esp/) and a FAT image.
if IMAGE_X86_64
image: sbmbench-x86_64.img
sbmbench-x86_64.img: BOOTX64.EFI $(srcdir)/images/mkimage
	$(AM_V_GEN)$(SHELL) $(srcdir)/images/mkimage --x64 BOOTX64.EFI \
		--esp esp --out $@
CLEANFILES += sbmbench-x86_64.img
clean-local: clean-esp
clean-esp:
	-rm -rf esp
.PHONY: image clean-esp
else
if IMAGE_ARM64
image: sbmbench-arm64.img
sbmbench-arm64.img: BOOTAA64.EFI $(srcdir)/images/mkimage
	$(AM_V_GEN)$(SHELL) $(srcdir)/images/mkimage --aa64 BOOTAA64.EFI \
		--esp esp --out $@
CLEANFILES += sbmbench-arm64.img
clean-local: clean-esp
clean-esp:
	-rm -rf esp
.PHONY: image clean-esp
else
image:
	@echo "make image: no UEFI image in this build tree (see configure)"
.PHONY: image
endif
endif
