# SPDX-License-Identifier: BSD-2-Clause
EXTRA_DIST += images/qemu-run
EXTRA_DIST += images/mkimage
include images/pe.mk

# Boot media: `make image` writes the ESP tree (esp/) and a GPT disk
# image with the tree's UEFI image on it (names from configure.ac).
if IMAGE_UEFI
UEFI_DISK = sbmbench-$(SBM_ARCH).img
image: $(UEFI_DISK)
$(UEFI_DISK): $(SBM_IMAGE) $(srcdir)/images/mkimage
	$(AM_V_GEN)$(SHELL) $(srcdir)/images/mkimage $(SBM_MKIMAGE_FLAG) \
		$(SBM_IMAGE) --esp esp --out $@
CLEANFILES += $(UEFI_DISK)
else
image:
	@echo "make image: no UEFI image in this build tree (see configure)"
endif
.PHONY: image
# the ESP staging folder of make image
clean-esp:
	-rm -rf esp
