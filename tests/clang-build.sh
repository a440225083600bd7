#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The host tools and the Linux twin build with clang as well as with the
# tree's compiler, warnings as errors (WARN_CFLAGS), and what clang built
# works: the twin runs to status=ok, its sbmlog knows the same schema as
# the tree's and reads the run.  Sources and flags from the build
# (tests/clang-build.env), so the lists are make's, not this script's.
set -u
env=$SBM_BUILDDIR/tests/clang-build.env
[ -r "$env" ] || { echo "FAIL: no $env (make tests/clang-build.env)"; exit 1; }
CLANG='' WARN_CFLAGS='' TWIN_CPPFLAGS='' TWIN_SRCS='' SBMLOG_CSRCS=''
# shellcheck source=/dev/null
. "$env"
[ "$CLANG" != no ] && command -v "$CLANG" >/dev/null 2>&1 ||
	{ echo "SKIP: no clang (tools/install-deps installs it)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

srcs() { for f in "$@"; do case $f in *.c) echo "$SBM_SRCDIR/$f" ;; esac; done; }
# shellcheck disable=SC2046,SC2086 # lists of flags and files
if "$CLANG" -std=c11 -O2 $WARN_CFLAGS -pthread -I"$SBM_SRCDIR/core" \
	-I"$SBM_BUILDDIR/core" $TWIN_CPPFLAGS -o "$work/twin" \
	$(srcs $TWIN_SRCS) -lpthread -lm 2>"$work/twin.err"; then
	ok "the twin builds with $("$CLANG" --version | head -n 1) and $WARN_CFLAGS"
else
	bad "clang: the twin"
	head -n 20 "$work/twin.err"
fi
# shellcheck disable=SC2046,SC2086
if "$CLANG" -std=c11 -O2 $WARN_CFLAGS -DSBM_EXP_RECORDS_ONLY \
	-I"$SBM_SRCDIR/core" -I"$SBM_BUILDDIR/core" -I"$SBM_SRCDIR/tools" \
	-o "$work/sbmlog" $(srcs $SBMLOG_CSRCS) -lm 2>"$work/sbmlog.err"; then
	ok "sbmlog builds with clang and $WARN_CFLAGS"
else
	bad "clang: sbmlog"
	head -n 20 "$work/sbmlog.err"
fi
[ $fail = 0 ] || exit 1

if "$work/twin" experiment=sbm layouts=global,llc reps=1 iters=2000 \
	>"$work/run.log" 2>&1 && grep -q '^@sbm end .* status=ok' "$work/run.log"; then
	ok "the clang twin runs to status=ok"
else
	bad "the clang twin's run"
	tail -n 5 "$work/run.log"
fi
"$SBM_BUILDDIR/sbmlog" schema >"$work/schema.cc" 2>&1
if "$work/sbmlog" schema >"$work/schema.clang" 2>&1 &&
	cmp -s "$work/schema.cc" "$work/schema.clang"; then
	ok "the clang sbmlog knows the tree's schema ($(wc -l <"$work/schema.clang") lines)"
else
	bad "the clang sbmlog's schema differs from the tree's"
fi
if "$work/sbmlog" report --format csv "$work/run.log" >"$work/run.csv" &&
	[ "$(grep -c '^' "$work/run.csv")" -ge 3 ]; then
	ok "the clang sbmlog reads the run ($(($(wc -l <"$work/run.csv") - 1)) result rows)"
else
	bad "the clang sbmlog's report"
fi
exit $fail
