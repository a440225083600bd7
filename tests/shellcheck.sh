#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Every shell script of the tree is clean under shellcheck (settings in
# .shellcheckrc).  The scripts are found, not listed: any file under tools/,
# images/, tests/ and .ci/ that starts with a shell #! line, and tests/*.sh
# (some are sourced, not run).
set -u
sc=${SHELLCHECK:-shellcheck}
if [ "$sc" = no ] || ! command -v "$sc" >/dev/null 2>&1; then
	echo "FAIL: shellcheck not found: install the Debian package shellcheck (tools/install-deps does)"
	exit 1
fi
cd "$SBM_SRCDIR" || exit 1
scripts=$(for f in tools/* images/* tests/* .ci/*; do
	[ -f "$f" ] || continue
	case $f in
	*.sh) echo "$f" ;;
	*) head -n 1 "$f" | grep -Eq '^#!.*/(env )?(ba|da)?sh( |$)' && echo "$f" ;;
	esac
done)
n=$(echo "$scripts" | wc -w)
[ "$n" -ge 10 ] || { echo "FAIL: only $n shell scripts found in $SBM_SRCDIR"; exit 1; }
# shellcheck disable=SC2086 # one word per file name, none has a space
if "$sc" $scripts; then
	echo "ok: shellcheck: $n scripts clean:" $scripts
else
	echo "FAIL: shellcheck findings above (in $n scripts)"
	exit 1
fi
