# SPDX-License-Identifier: BSD-2-Clause
EXTRA_DIST += images/qemu-run
EXTRA_DIST += images/mkimage

# Boot media: `make image` writes the ESP tree (esp/) and a GPT disk
# image with the tree's UEFI image on it.
if IMAGE_X86_64
UEFI_APP = BOOTX64.EFI
UEFI_APP_FLAG = --x64
endif
if IMAGE_ARM64
UEFI_APP = BOOTAA64.EFI
UEFI_APP_FLAG = --aa64
endif
if IMAGE_UEFI
UEFI_DISK = sbmbench-$(SBM_ARCH).img
image: $(UEFI_DISK)
$(UEFI_DISK): $(UEFI_APP) $(srcdir)/images/mkimage
	$(AM_V_GEN)$(SHELL) $(srcdir)/images/mkimage $(UEFI_APP_FLAG) \
		$(UEFI_APP) --esp esp --out $@
CLEANFILES += $(UEFI_DISK)
else
image:
	@echo "make image: no UEFI image in this build tree (see configure)"
endif
.PHONY: image
# the ESP staging folder of make image
clean-esp:
	-rm -rf esp
