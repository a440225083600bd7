#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tools/sbmbench import-c2c (issue #23): a published core-to-core CSV
# (headerless lower triangle, mean one-way CAS ns, Linux CPU order) with
# its topology (lscpu -p, either cache form, or a sysfs copy), put in the
# classes SMT, same LLC, same package, cross-package beside our c2c cas
# figures; stored once in the database, compared with db compare; bad
# input named by file, line and column.
#
# The fixture (tests/logs/c2c/published-8cpu.*) was made by hand: two
# sockets, socket 0 with two L3s (cores 0-1, core 2), socket 1 one (core
# 3), two threads a core; each class's figures were chosen so that its
# count and mean are known: SMT 4 pairs 7.75, LLC 4 pairs 21.5, package
# 8 pairs 43.5, cross 12 pairs 105.5.
set -u
# configure's python3 (Debian's first): tools/sbmbench runs the same
py=${SBM_PYTHON:-python3}
sbmbench=$SBM_SRCDIR/tools/sbmbench
logs=$SBM_SRCDIR/tests/logs
csv=$logs/c2c/published-8cpu.csv
lscpu=$logs/c2c/published-8cpu.lscpu
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }
SBM_SBMLOG=$SBM_BUILDDIR/sbmlog
export SBM_SBMLOG
sbm() { "$sbmbench" "$@" >"$w/out" 2>"$w/err"; }
# classes FILE: the published column of the class table, as "class n mean"
classes() { awk '$1 ~ /^(smt|llc|package|cross)$/ { print $1, $2, $4 }' "$1"; }
want='smt 4 7.75
llc 4 21.50
package 8 43.50
cross 12 105.50'

sbm import-c2c "$csv" --topology "$lscpu" --no-store; rc=$?
[ $rc = 0 ] && grep -q '8 CPUs, 28 pairs, 2 packages' "$w/out" && ok "import: 8 CPUs, 28 pairs" || bad "import: exit $rc $(cat "$w/err")"
[ "$(classes "$w/out")" = "$want" ] && ok "import: classes SMT, LLC, package, cross as made" ||
	bad "import: classes $(classes "$w/out")"

# the other lscpu -p form (lscpu -p=CPU,CORE,SOCKET,NODE,CACHE)
{ echo '# CPU,Core,Socket,Node,L1d:L1i:L2:L3'
  grep -v '^#' "$lscpu" | awk -F, '{ print $1 "," $2 "," $3 "," $4 "," $6 ":" $7 ":" $8 ":" $9 }'; } >"$w/lscpu2"
sbm import-c2c "$csv" --topology "$w/lscpu2" --no-store
[ "$(classes "$w/out")" = "$want" ] && ok "import: lscpu -p with a:b:c caches" || bad "import: cache form $(cat "$w/err")"

# a copy of /sys/devices/system/cpu of the same machine
grep -v '^#' "$lscpu" | while IFS=, read -r cpu core socket node _ _ _ _ l3; do
	d=$w/sys/cpu$cpu
	mkdir -p "$d/topology" "$d/cache/index3" "$d/node$node"
	echo "$core" >"$d/topology/core_id"
	echo "$socket" >"$d/topology/physical_package_id"
	echo 3 >"$d/cache/index3/level"
	grep -v '^#' "$lscpu" | awk -F, -v l="$l3" '$9 == l { printf "%s%s", s, $1; s = "," } END { print "" }' \
		>"$d/cache/index3/shared_cpu_list"
done
sbm import-c2c "$csv" --topology "$w/sys" --no-store
[ "$(classes "$w/out")" = "$want" ] && ok "import: sysfs topology" || bad "import: sysfs $(cat "$w/err")"

# beside our figures: the riscv64 NUMA log's 28 pairs, one package
sbm import-c2c "$csv" --topology "$lscpu" --no-store --compare "$logs/map/riscv64-numa-c2c.log"
awk '$1 == "llc" { print $5, $6 }' "$w/out" | grep -qx '12 231.25' &&
	awk '$1 == "package" { print $5 }' "$w/out" | grep -qx 16 &&
	ok "import --compare LOG: our cas figures beside, class by class" || bad "import --compare: $(cat "$w/out")"

# the database: stored once, listed, compared, refused under another figure
db=$w/r.sqlite
sbm import-c2c "$csv" --topology "$lscpu" --db "$db" --name pub8; rc=$?
[ $rc = 0 ] && grep -q 'published set pub8 stored' "$w/err" && ok "import: stored" || bad "import: store exit $rc $(cat "$w/err")"
sbm import-c2c "$csv" --topology "$lscpu" --db "$db" --name pub8
grep -q 'published set pub8 kept' "$w/err" && ok "import twice: kept once" || bad "import twice: $(cat "$w/err")"
sed 's/^20.0,/21.0,/' "$csv" >"$w/other.csv"
sbm import-c2c "$w/other.csv" --topology "$lscpu" --db "$db" --name pub8; rc=$?
[ $rc = 2 ] && grep -q 'already stored' "$w/err" && ok "import: other figures under a stored name refused" || bad "import: other figures exit $rc"
"$py" -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); n, t = c.execute("SELECT count(*), sum(ns) FROM published_pair").fetchone(); print(n, round(t, 6))' "$db" >"$w/n"
grep -qx '28 1731.0' "$w/n" && ok "import: 28 pairs in the database, figures unchanged" || bad "import: database holds $(cat "$w/n")"
sbm db add --db "$db" "$logs/map/riscv64-numa-c2c.log"
sbm db list --db "$db"
grep -q '^pub:pub8 .*8 CPUs' "$w/out" && ok "db list: the published set" || bad "db list: $(cat "$w/out")"
sbm db compare --db "$db" pub:pub8 1d7be177; rc=$?
[ $rc = 0 ] && awk '$1 == "smt" || $1 == "llc" { print $1, $2, $4, $5, $6 }' "$w/out" | tr '\n' ';' |
	grep -qx 'smt 4 7.75 - ;llc 4 21.50 12 231.25;' && ok "db compare pub:NAME RUN: class by class" ||
	bad "db compare pub: exit $rc $(cat "$w/out")"

# bad input: named by file, line and column; nothing stored
printf ',,\n1.5,,\n2.0,abc,\n' >"$w/bad.csv"
sbm import-c2c "$w/bad.csv" --topology "$lscpu" --db "$db"; rc=$?
[ $rc = 2 ] && grep -q "bad.csv:3: column 2: 'abc' is not a latency" "$w/err" && ok "bad CSV: line and column named" || bad "bad CSV: exit $rc $(cat "$w/err")"
printf ',,\n1.5,,\n2.0,nan,\n' >"$w/nan.csv"
sbm import-c2c "$w/nan.csv" --topology "$lscpu" --no-store; rc=$?
[ $rc = 2 ] && grep -q "column 2: 'nan'" "$w/err" && ok "bad CSV: nan refused" || bad "nan CSV: exit $rc"
{ cat "$csv"; echo '1,1,1,1,1,1,1,1,'; } >"$w/nine.csv"
sbm import-c2c "$w/nine.csv" --topology "$lscpu" --no-store; rc=$?
[ $rc = 2 ] && grep -q 'the topology .* has no CPU 8' "$w/err" && ok "9 CPUs, topology of 8: refused" || bad "nine: exit $rc $(cat "$w/err")"
sbm import-c2c "$csv" --topology "$csv" --no-store; rc=$?
[ $rc = 2 ] && grep -q 'not lscpu -p output' "$w/err" && ok "topology not lscpu -p: refused" || bad "bad topology: exit $rc $(cat "$w/err")"
"$py" -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); print(c.execute("SELECT count(*) FROM published").fetchone()[0])' "$db" >"$w/n"
grep -qx 1 "$w/n" && ok "bad input: nothing stored" || bad "bad input stored: $(cat "$w/n")"

exit $fail
