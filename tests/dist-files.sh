#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Every file a test script or a test list names is there, in whatever
# source tree this runs (a checkout or the dist tarball): make distcheck
# does not boot QEMU (that is make check's job in every tree), so a script
# left out of the tarball, or a file a boot script sources, is caught here.
set -u
cd "$SBM_SRCDIR" || exit 1
fail=0
n=0
names=$({
	# scripts the test lists run
	grep -ho 'tests/[A-Za-z0-9_.-]*\.sh' Makefile.am tests/*.mk
	# files the scripts reach through the source tree (a literal $SBM_SRCDIR)
	# shellcheck disable=SC2016
	grep -ho '\$SBM_SRCDIR/[A-Za-z0-9_./-]*' tests/*.sh images/* tools/* 2>/dev/null |
		sed 's/^.SBM_SRCDIR\///'
} | sort -u)
for f in $names; do
	n=$((n + 1))
	[ -e "$f" ] || { echo "FAIL: $f is named by a test but missing from $SBM_SRCDIR"; fail=1; }
done
[ "$n" -ge 10 ] || { echo "FAIL: only $n names found"; fail=1; }
[ $fail = 0 ] && echo "ok: all $n files the tests name are in the source tree"
exit $fail
