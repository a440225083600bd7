#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# How long `sbmlog predict` takes against the machine's size (issue #44):
# for N = 64 ... 1024 CPUs a full c2c matrix (every pair; 2 sockets,
# LLCs of 8 cores x 2 threads, latencies by class with a fixed jitter)
# is made a log of its map once, then predict runs on it: every layout,
# both arbiters, gaps 0 and 1000, the scale curves of both orders.
# Prints figures, asserts nothing.  Usage: bench/predict-speed.sh [BUILD]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/build/x86_64}
sbmlog=$build/sbmlog
[ -x "$sbmlog" ] || { echo "no $sbmlog: tools/sbmbench build --arch x86_64" >&2; exit 2; }
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
export PYTHONPATH="$top/tools" PYTHONDONTWRITEBYTECODE=1
printf '%6s %9s %8s %9s %12s %8s\n' cpus pairs records predict_s per_pair_us paper_s
for n in 64 128 256 512 1024; do
	python3 - "$n" >"$w/m.csv" <<'PY'
import sys
n = int(sys.argv[1])
def where(c):	# (package, llc, core) of Linux CPU c: threads numbered last
	core, t = c % (n // 2), c // (n // 2)
	return core // (n // 4), core // 8, core
for i in range(n):
	row = []
	for j in range(i):
		a, b = where(i), where(j)
		ns = 8 if a[2] == b[2] else 25 if a[1] == b[1] else \
			110 if a[0] == b[0] else 190
		row.append('%.1f' % (ns * (1 + ((i * 7 + j * 13) % 11) / 100)))
	print(','.join(row + [''] * (n - i)))
PY
	python3 -m sbmdb predict-c2c "$w/m.csv" --infer-topology 2>/dev/null >"$w/m.log"
	s=$(date +%s.%N)
	"$sbmlog" predict "$w/m.log" >"$w/out"
	e=$(date +%s.%N)
	# the same shape on paper: class latencies, no log to read
	"$sbmlog" predict --topology "sockets=2,llcs=$((n / 32)),cores=8,threads=2" \
		--latency smt=8,llc=25,node=110,none=190 >/dev/null
	f=$(date +%s.%N)
	awk -v n="$n" -v s="$s" -v e="$e" -v f="$f" -v r="$(grep -c '^@sbm model' "$w/out")" \
		'BEGIN { p = n * (n - 1) / 2; printf "%6d %9d %8d %9.3f %12.3f %8.3f\n", n, p, r, e - s, (e - s) * 1e6 / p, f - e }'
done
