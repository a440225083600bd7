#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The tree is layers without cycles: the include graph of core/, arch/
# and tools/ has no cycle between files (a .c and its .h taken as one
# unit: core/options/config) and none between folders (core/engine,
# core/exp, core/exp/sbm, ..., arch/x86, tools/log; core/'s own headers
# are the folder "core").  Every `#include "..."` of a .c, .h, .S or
# .def file counts, resolved as the compiler's -I paths do: the
# including file's folder first, then core/ (where "topo/topo.h" means
# core/topo/topo.h), then, for the host tools, tools/, then the one
# arch/ file of that name; isa_ops.h, which each build takes from its
# own arch/<isa>/, is the folder "arch/<isa>" (a leaf: it includes
# nothing of the tree).  Fails on either kind of cycle, printing it
# (a folder cycle with the includes that make each step).
set -u
cd "$SBM_SRCDIR" || exit 1
files=$(find core arch tools -type f \( -name '*.c' -o -name '*.h' -o -name '*.S' \
	-o -name '*.def' \) | LC_ALL=C sort)
n=$(echo "$files" | wc -w)
[ "$n" -ge 50 ] || { echo "FAIL: only $n source files found in $SBM_SRCDIR"; exit 1; }
out=$({
	for f in $files; do echo "F $f"; done
	# shellcheck disable=SC2086 # one word per file name, none has a space
	grep -H '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' $files
} | awk '
function dirof(p) { sub(/\/[^\/]*$/, "", p); return p }
function folder(p) { return dirof(p) }
# a file and its header are one unit: core/engine/engine.c and .h
function unit(p) { sub(/\.[^.\/]*$/, "", p); return p }
function resolve(src, name,    d, c, k, hit, nhit) {
	d = dirof(src)
	if ((d "/" name) in isfile)
		return d "/" name
	if (("core/" name) in isfile)
		return "core/" name
	if (src ~ /^tools\// && ("tools/" name) in isfile)
		return "tools/" name
	if (name ~ /\//) {
		# a generated header (exp/registry.h): its folder is enough
		c = name; sub(/\/.*/, "", c)
		if (("core/" c) in isdir)
			return "core/" name
	}
	if (name == "isa_ops.h")
		return "arch/<isa>/isa_ops.h"
	nhit = 0
	for (k in isfile)
		if (k ~ /^arch\// && substr(k, length(k) - length(name)) == "/" name) {
			hit = k; nhit++
		}
	if (nhit == 1)
		return hit
	return ""
}
# the shortest path from a to b in graph g (edges g[x SUBSEP y]) over
# the nodes of set nodes; "" when there is none, else "a b ... b"
function path(g, nodes, a, b,    q, head, tail, prev, seen, x, y, p, e, k) {
	split("", q); split("", prev); split("", seen)
	head = 1; tail = 1; q[1] = a; seen[a] = 1
	while (head <= tail) {
		x = q[head++]
		if (x == b)
			break
		for (k in g) {
			split(k, e, SUBSEP)
			if (e[1] != x || e[2] in seen)
				continue
			seen[e[2]] = 1; prev[e[2]] = x; q[++tail] = e[2]
		}
	}
	if (!(b in seen))
		return ""
	p = b
	for (y = b; y != a; y = prev[y])
		p = prev[y] " " p
	return p
}
# the cycle "a b ... a" (a list of nodes, a repeated) rotated to start
# at its least node, so that one cycle is one key
function canon(cyc,    v, n, i, m, s) {
	n = split(cyc, v, " ") - 1
	m = 1
	for (i = 2; i <= n; i++)
		if (v[i] < v[m])
			m = i
	s = v[m]
	for (i = 1; i <= n; i++)
		s = s " " v[(m - 1 + i) % n + 1]
	return s
}
$1 == "F" && NF == 2 {
	isfile[$2] = 1
	d = $2
	while (d ~ /\//) { d = dirof(d); isdir[d] = 1 }
	next
}
{
	i = index($0, ":"); src = substr($0, 1, i - 1)
	name = substr($0, i + 1); sub(/^[^"]*"/, "", name); sub(/".*/, "", name)
	dst = resolve(src, name)
	if (dst == "") {
		print "UNRESOLVED " src " " name
		next
	}
	u = unit(src); w = unit(dst)
	if (u != w) {
		fe[u, w] = 1; fnode[u] = 1; fnode[w] = 1
	}
	a = folder(src); b = folder(dst)
	if (a != b) {
		de[a, b] = 1; dnode[a] = 1; dnode[b] = 1
		why[a, b] = why[a, b] " " src ":" name
	}
}
END {
	for (k in de) {
		split(k, e, SUBSEP)
		print "EDGE " e[1] " -> " e[2]
		p = path(de, dnode, e[2], e[1])
		if (p != "")
			dcyc[canon(e[1] " " p)] = 1
	}
	for (c in dcyc) {
		print "DCYCLE " c
		n = split(c, v, " ")
		for (i = 1; i < n; i++)
			print "DWHY " c " | " v[i] " -> " v[i + 1] ":" why[v[i], v[i + 1]]
	}
	for (k in fe) {
		split(k, e, SUBSEP)
		p = path(fe, fnode, e[2], e[1])
		if (p != "")
			fcyc[canon(e[1] " " p)] = 1
	}
	for (c in fcyc)
		print "FCYCLE " c
}' | LC_ALL=C sort -u)
fail=0
unres=$(echo "$out" | sed -n 's/^UNRESOLVED //p')
if [ -n "$unres" ]; then
	echo "FAIL: includes that name no file of core/ or arch/:"
	echo "$unres" | sed 's/^/  /'
	fail=1
fi
nedge=$(echo "$out" | grep -c '^EDGE ')
[ "$nedge" -ge 5 ] || { echo "FAIL: only $nedge folder edges found"; exit 1; }
echo "folder graph:"
echo "$out" | sed -n 's/^EDGE /  /p'
ndc=$(echo "$out" | grep -c '^DCYCLE ')
nfc=$(echo "$out" | grep -c '^FCYCLE ')
echo "file cycles: $nfc"
echo "$out" | sed -n 's/^FCYCLE //p' | sed 's/ / -> /g; s/^/  /'
echo "folder cycles: $ndc"
echo "$out" | sed -n 's/^DCYCLE //p' | while read -r c; do
	echo "  $(echo "$c" | sed 's/ / -> /g')"
	echo "$out" | grep -F "DWHY $c | " | sed 's/^[^|]*| /    /'
done
if [ "$ndc" -gt 0 ]; then
	echo "FAIL: $ndc folder-level include cycles (above)"
	fail=1
fi
if [ "$nfc" -gt 0 ]; then
	echo "FAIL: $nfc file-level include cycles (above)"
	fail=1
fi
[ $fail = 0 ] && echo "ok: no include cycle between files or folders of core/, arch/ and tools/ ($n files)"
exit $fail
