# SPDX-License-Identifier: BSD-2-Clause
# Checks of the source itself: the shell scripts under shellcheck (the
# native tree: the same sources in every tree), and in every tree every
# file the tests name present (the dist tarball) and core/'s folders
# layers without an include cycle.
if SBM_NATIVE
TESTS += tests/shellcheck.sh
endif
TESTS += tests/dist-files.sh tests/layers.sh
EXTRA_DIST += tests/shellcheck.sh tests/dist-files.sh tests/layers.sh
