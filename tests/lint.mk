# SPDX-License-Identifier: BSD-2-Clause
# Checks of the source itself, in every tree: the shell scripts under
# shellcheck, and every file the tests name present (the dist tarball).
TESTS += tests/shellcheck.sh tests/dist-files.sh
EXTRA_DIST += tests/shellcheck.sh tests/dist-files.sh
