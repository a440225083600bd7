# SPDX-License-Identifier: BSD-2-Clause
"""A published core-to-core matrix as a log of its own, for the model.

`tools/sbmbench predict --from-c2c CSV` reads a matrix in the public
collection's format (c2cpub.read_matrix) with its topology (`lscpu -p`
or a sysfs copy), or infers the topology from the matrix itself, and
writes hello, topo, cpu, c2c and end records that `sbmlog predict` reads
as any run's map.  The inference is printed, so a user can check it.
"""
import statistics
import sys
import zlib

from . import c2cpub

VERSION = '0.1.0'


def _levels(values):
    """The latency levels of the pairs: sorted values split where one is
    more than 1.3 x the one below (a class boundary on every machine in
    the public collection: SMT ~8, LLC ~20-50, across ~100-200 ns).
    [(lo, hi, median)] from the lowest."""
    v = sorted(values)
    out, start = [], 0
    for i in range(1, len(v) + 1):
        if i == len(v) or v[i] > 1.3 * v[i - 1]:
            part = v[start:i]
            out.append((part[0], part[-1], statistics.median(part)))
            start = i
    return out


def _components(n, pairs, below):
    """CPUs joined by pairs under @below ns: a list of sorted groups."""
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for (a, b), ns in pairs.items():
        if ns < below:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    groups = {}
    for c in range(n):
        groups.setdefault(find(c), []).append(c)
    return sorted(groups.values())


def _cliques(groups, pairs, below):
    """Whether every pair inside every group is under @below (chained
    groups are no clean clusters)."""
    for g in groups:
        for i, a in enumerate(g):
            for b in g[i + 1:]:
                if pairs[(max(a, b), min(a, b))] >= below:
                    return False
    return True


def infer(n, pairs):
    """{cpu: (core, package, node, llc)} from the matrix alone, and the
    lines that say what was inferred.  LLCs are the clusters of the
    lowest latency level (the next one when the lowest pairs only two
    CPUs everywhere: SMT siblings, a core's threads); packages those of
    every level below the highest, when there are three or more."""
    lv = _levels(pairs.values())
    cut = [(lv[k][1] + lv[k + 1][0]) / 2 for k in range(len(lv) - 1)]
    cut.append(float('inf'))
    low = _components(n, pairs, cut[0])
    smt = len(lv) >= 2 and all(len(g) == 2 for g in low)
    llc_lv = 1 if smt else 0
    llcs = _components(n, pairs, cut[llc_lv])
    pkg_lv = len(lv) - 2 if len(lv) - 1 > llc_lv + 1 or \
        (not smt and len(lv) >= 2) else None
    pkgs = _components(n, pairs, cut[pkg_lv]) if pkg_lv is not None \
        else [list(range(n))]
    cores = low if smt else [[c] for c in range(n)]
    of = {}
    for what, groups in (('core', cores), ('llc', llcs), ('pkg', pkgs)):
        for i, g in enumerate(groups):
            for c in g:
                of.setdefault(c, {})[what] = i
    topo = {c: (of[c]['core'], of[c]['pkg'], of[c]['pkg'],
                'L:%d' % of[c]['llc']) for c in range(n)}
    say = ['inferred from the matrix (check it; --lscpu FILE gives the '
           'real one):',
           '  latency levels (median ns, min..max): ' + ', '.join(
               '%.1f (%.1f..%.1f)' % (m, lo, hi) for lo, hi, m in lv)]
    if smt:
        say.append('  SMT: the lowest level pairs two CPUs each: %d cores '
                   'of 2 threads' % len(cores))
    say.append('  LLCs: %d, of %s CPUs (%s level)' % (
        len(llcs), '/'.join(sorted({str(len(g)) for g in llcs})),
        'the second' if smt else 'the lowest'))
    say.append('  packages (= nodes): %d, of %s CPUs%s' % (
        len(pkgs), '/'.join(sorted({str(len(g)) for g in pkgs})),
        '' if pkg_lv is not None else ' (no level above the LLCs)'))
    for what, groups, lvl in (('LLC', llcs, llc_lv), ('package', pkgs,
                                                      pkg_lv)):
        if lvl is not None and not _cliques(groups, pairs, cut[lvl]):
            say.append('  warning: some %s groups are chained, not '
                       'clusters: give --lscpu FILE' % what)
    return topo, say


def _value(v):
    s = str(v)
    if s and all(ch.isalnum() or ch in '._-:/+' for ch in s):
        return s
    return '"%s"' % ''.join(ch if ' ' <= ch <= '~' and ch != '"' else '?'
                            for ch in s)[:80]


class _Log:
    def __init__(self, run):
        self.run, self.n, self.lines = run, 0, []

    def rec(self, kind, **kv):
        body = '@sbm %s v=1 run=%08x' % (kind, self.run) + ''.join(
            ' %s=%s' % (k, _value(v)) for k, v in kv.items()
            if v is not None)
        self.lines.append('%s  #%08x' % (body, zlib.crc32(body.encode())))
        self.n += 1


def as_log(name, n, pairs, topo):
    """The log's text: hello, topo, cpu and c2c records, end."""
    key = ('%s:%d:' % (name, n) + ','.join(
        '%d-%d=%r' % (a, b, v) for (a, b), v in sorted(pairs.items())))
    log = _Log(zlib.crc32(key.encode()) | 1)
    llc_ids, core_ids, smt_of = {}, {}, {}
    for c in range(n):
        llc_ids.setdefault((topo[c][1], topo[c][3]), len(llc_ids))
        core_ids.setdefault((topo[c][1], topo[c][0]), len(core_ids))
    pk = sorted({topo[c][1] for c in range(n)})
    nodes = sorted({topo[c][2] for c in range(n)})
    log.rec('hello', version=VERSION, arch='published',
            platform='published', cpu_model=name)
    log.rec('topo', cpus=n, packages=len(pk), nodes=len(nodes),
            llcs=len(llc_ids), cores=len(core_ids),
            smt=max(sum(1 for c in range(n) if core_ids[(topo[c][1],
                                                          topo[c][0])] == k)
                    for k in range(len(core_ids))),
            line=64, llc_source='published', node_source='published')
    for c in range(n):
        core = core_ids[(topo[c][1], topo[c][0])]
        smt_of[core] = smt_of.get(core, -1) + 1
        log.rec('cpu', id=c, hwid='0x%x' % c, node=nodes.index(topo[c][2]),
                package=pk.index(topo[c][1]),
                llc=llc_ids[(topo[c][1], topo[c][3])], core=core,
                smt=smt_of[core], bsp=int(c == 0), enabled=1)
    for (i, j), v in sorted(pairs.items(), key=lambda p: (p[0][1],
                                                            p[0][0])):
        # the published figure is a mean CAS one-way: cas_median alone
        # (no min, no plain ping-pong: nothing made up)
        log.rec('c2c', a=j, b=i, cas_median='%g' % v)
    log.rec('end', status='ok', warnings=0, records=log.n)
    return '\n'.join(log.lines) + '\n'


def main(a):
    """predict-c2c CSV (--lscpu FILE | --infer-topology): the log on
    stdout, what was inferred on stderr."""
    n, pairs = c2cpub.read_matrix(a.csv)
    if a.lscpu:
        topo = c2cpub.read_topology(a.lscpu)
        missing = [c for c in range(n) if c not in topo]
        if missing:
            raise c2cpub.InputError(
                '%s: the CSV has %d CPUs, the topology %s has no CPU %d'
                % (a.csv, n, a.lscpu, missing[0]))
    else:
        topo, say = infer(n, pairs)
        for line in say:
            print(line, file=sys.stderr)
    name = a.name or a.csv.rsplit('/', 1)[-1].rsplit('.', 1)[0]
    sys.stdout.write(as_log(name, n, pairs, topo))
    return 0
