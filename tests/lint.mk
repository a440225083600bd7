# SPDX-License-Identifier: BSD-2-Clause
# Checks of the source itself, in every tree: the shell scripts under
# shellcheck.
TESTS += tests/shellcheck.sh
EXTRA_DIST += tests/shellcheck.sh
