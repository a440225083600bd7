#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""preflight --from over real machines' tables (tests/acpi/real-topo/).

For each machine: what iasl -d (ACPICA's disassembler, the reference)
says of its MADT, SRAT and SLIT, parsed here, against what preflight
prints, under ASan (a crash or a leak fails).  Asserted: the CPU count
is the enabled processor entries' distinct ids; the node count is the
proximity domains of those CPUs (one node when SRAT does not place
every CPU: the image then takes no NUMA map, as Linux falls back too);
the CPUs are the enabled entries' ids, grouped into nodes as SRAT's
domains group them; the SLIT matrix is iasl's; every CPU's node
distance to every other is the SLIT's between their domains.

usage: preflight-real.py PREFLIGHT CORPUS_DIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

MPIDR_AFF = 0xff00ffffff


def fields(dsl):
    """The disassembly as a list of subtables, each a list of (key, value);
    the header's fields come first as subtable 0."""
    subs = [[]]
    for line in dsl.splitlines():
        if ' : ' not in line:
            continue
        key, val = line.split(' : ', 1)
        key = re.sub(r'^\[[^\]]*\]', '', key).strip()
        val = val.strip()
        if key == 'Subtable Type':
            subs.append([])
        subs[-1].append((key, val))
    return subs


def get(sub, key):
    for k, v in sub:
        if k == key:
            return v
    return None


def hexnum(v):
    return int(v.split()[0], 16)


def madt(dsl):
    """Enabled CPUs: {hwid: uid}, and the kind ('x86' or 'arm')."""
    cpus, kind = {}, None
    for sub in fields(dsl)[1:]:
        t = hexnum(get(sub, 'Subtable Type'))
        en = get(sub, 'Processor Enabled')
        if t == 0x00:
            hw, uid, kind = hexnum(get(sub, 'Local Apic ID')), \
                hexnum(get(sub, 'Processor ID')), kind or 'x86'
            if hw == 0xff:
                continue
        elif t == 0x09:
            hw, uid, kind = hexnum(get(sub, 'Processor x2Apic ID')), \
                hexnum(get(sub, 'Processor UID')), kind or 'x86'
            if hw == 0xffffffff:
                continue
        elif t == 0x0b:
            hw, uid, kind = hexnum(get(sub, 'ARM MPIDR')) & MPIDR_AFF, \
                hexnum(get(sub, 'Processor UID')), kind or 'arm'
        else:
            continue
        if en is not None and int(en) == 1 and hw not in cpus:
            cpus[hw] = uid
    return cpus, kind


def srat(dsl):
    """(key, domain) of enabled CPU affinity entries: key is the APIC id
    (x86) or the processor UID (GICC)."""
    subs = fields(dsl)
    rev = hexnum(get(subs[0], 'Revision'))
    out = []
    for sub in subs[1:]:
        t = hexnum(get(sub, 'Subtable Type'))
        if int(get(sub, 'Enabled') or 0) != 1:
            continue
        if t == 0x00:
            dom = hexnum(get(sub, 'Proximity Domain Low(8)'))
            if rev >= 2:    # the high bytes were reserved in revision 1
                dom |= hexnum(get(sub, 'Proximity Domain High(24)')) << 8
            out.append(('x86', hexnum(get(sub, 'Apic ID')), dom))
        elif t == 0x02:
            out.append(('x86', hexnum(get(sub, 'Apic ID')),
                        hexnum(get(sub, 'Proximity Domain'))))
        elif t == 0x03:
            out.append(('arm', hexnum(get(sub, 'Acpi Processor UID')),
                        hexnum(get(sub, 'Proximity Domain'))))
    return out


def slit(dsl):
    rows = []
    for k, v in fields(dsl)[0]:
        if k.startswith('Locality'):
            rows.append([int(x, 16) for x in v.split()])
    return rows


def expected(d, work):
    for f in os.listdir(d):
        shutil.copy(os.path.join(d, f), work)
    dats = sorted(f for f in os.listdir(work) if f.endswith('.dat'))
    subprocess.run(['iasl', '-d'] + dats, cwd=work, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def dsl(name):
        p = os.path.join(work, name + '.dsl')
        return open(p, encoding='latin-1').read() if os.path.exists(p) \
            else None
    cpus, kind = madt(dsl('apic'))
    dom = {}
    if dsl('srat'):
        uid_hw = {u: h for h, u in cpus.items()}
        for k, key, domain in srat(dsl('srat')):
            hw = key if k == 'x86' else uid_hw.get(key)
            if k == ('x86' if kind == 'x86' else 'arm') and hw in cpus \
                    and hw not in dom:
                dom[hw] = domain
        if set(dom) != set(cpus):
            dom = {}        # half a NUMA map is none
    matrix = slit(dsl('slit')) if dsl('slit') else None
    return cpus, dom, matrix


def actual(preflight, d):
    p = subprocess.run([preflight, '--from', d, '--no-kernel'],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, errors='replace')
    out = p.stdout
    if p.returncode != 0 or 'Sanitizer' in p.stderr:
        return None, 'exit %d: %s' % (p.returncode, p.stderr[-2000:])
    rec = lambda kind: [dict(re.findall(r'(\w+)=("[^"]*"|\S+)', ln))
                        for ln in out.splitlines()
                        if ln.startswith('@sbm %s ' % kind)]
    topo = rec('topo')[0]
    cpus = [c for c in rec('cpu') if c['enabled'] == '1']
    nodes = {int(n['id']): [int(x) for x in n['dist'].split(',')]
             for n in rec('node') if 'dist' in n}
    rows = [[int(x) for x in ln.split(': ', 1)[1].split(',')]
            for ln in out.splitlines() if ln.startswith('slit ')]
    return dict(ncpus=int(topo['cpus']), nnodes=int(topo['nodes']),
                cpu_node={int(c['hwid'], 16): int(c['node']) for c in cpus},
                dist=nodes, slit=rows), None


def groups(cpu_to):
    """The CPUs sharing each node (or domain): the ids themselves may be
    renumbered, the grouping may not."""
    return {frozenset(c for c, n in cpu_to.items() if n == k)
            for k in set(cpu_to.values())}


def check(preflight, d):
    # a machine without its MADT was cut short on the way here (a tar
    # format that drops long paths did once): say so, not a traceback
    if not os.path.exists(os.path.join(d, 'apic.dat')):
        return 'no apic.dat in %s' % d
    with tempfile.TemporaryDirectory() as work:
        cpus, dom, matrix = expected(d, work)
    got, err = actual(preflight, d)
    if err:
        return err
    want_nodes = len(set(dom.values())) or 1
    if got['ncpus'] != len(cpus):
        return 'CPUs: iasl %d, preflight %d' % (len(cpus), got['ncpus'])
    if got['nnodes'] != want_nodes:
        return 'nodes: iasl %d, preflight %d' % (want_nodes, got['nnodes'])
    if set(got['cpu_node']) != set(cpus):
        return 'CPU ids: iasl %s, preflight %s' % (
            sorted(set(cpus) - set(got['cpu_node'])),
            sorted(set(got['cpu_node']) - set(cpus)))
    if dom and groups(dom) != groups(got['cpu_node']):
        return 'CPUs grouped into nodes unlike SRAT: %s' % sorted(
            sorted(g) for g in groups(got['cpu_node']))
    if matrix is not None and got['slit'] != matrix:
        return 'SLIT: iasl %s, preflight %s' % (matrix, got['slit'])
    if matrix and dom and got['dist']:
        for a, da in dom.items():
            for b, db in dom.items():
                if max(da, db) >= len(matrix):
                    continue
                na, nb = got['cpu_node'][a], got['cpu_node'][b]
                if got['dist'][na][nb] != matrix[da][db]:
                    return 'distance %#x to %#x: SLIT %d, preflight %d' % (
                        a, b, matrix[da][db], got['dist'][na][nb])
    return None


def main():
    preflight, corpus = sys.argv[1], sys.argv[2]
    machines = sorted(m for m in os.listdir(corpus)
                      if os.path.isdir(os.path.join(corpus, m)))
    fails = multi = 0
    for m in machines:
        why = check(preflight, os.path.join(corpus, m))
        if why:
            fails += 1
            print('FAIL: %s: %s' % (m, why))
    for m in machines:
        if not os.path.exists(os.path.join(corpus, m, 'apic.dat')):
            continue
        with tempfile.TemporaryDirectory() as work:
            _, dom, _ = expected(os.path.join(corpus, m), work)
        multi += len(set(dom.values())) > 1
    print('%d machines, %d with more than one NUMA node, %d failed' % (
        len(machines), multi, fails))
    if len(machines) < 100:
        print('FAIL: fewer than 100 machines in %s' % corpus)
        fails += 1
    if multi < 10:     # issue #32: ten multi-socket servers at least
        print('FAIL: fewer than 10 machines with NUMA nodes in %s' % corpus)
        fails += 1
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
