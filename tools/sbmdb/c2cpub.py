# SPDX-License-Identifier: BSD-2-Clause
"""Published core-to-core figures beside ours.

The public collection's format: a headerless lower-triangle CSV, row i
holding the mean one-way CAS latency in ns between Linux CPU i and each
CPU j < i (the rest of the row empty), with the machine's topology from
`lscpu -p` or a copy of /sys/devices/system/cpu.  Pairs are put in four
classes, the closest thing the two CPUs share: smt (a core), llc, package,
cross (different packages).  Every byte of both files is hostile: a bad
one is an error naming the file, line and column.
"""
import csv
import io
import os
import re
import statistics

from .records import num

CLASSES = ('smt', 'llc', 'package', 'cross')
# our c2c classes (core/measure/c2c_pairs.c) in the four above
OURS = {'smt': 'smt', 'llc': 'llc', 'node': 'package', 'package': 'package',
        'none': 'cross'}
MAX_CPUS = 4096
MAX_BYTES = 64 << 20


class InputError(Exception):
    pass


def _read_text(path, what):
    try:
        with open(path, 'rb') as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise InputError('%s: cannot read the %s: %s' % (path, what,
                                                         e.strerror))
    if len(data) > MAX_BYTES:
        raise InputError('%s: the %s is over %d MiB' % (path, what,
                                                         MAX_BYTES >> 20))
    try:
        return data.decode('ascii')
    except UnicodeDecodeError as e:
        raise InputError('%s: the %s holds a non-ASCII byte at offset %d'
                         % (path, what, e.start))


def read_matrix(path):
    """{(i, j): ns} for j < i, from the published lower triangle."""
    text = _read_text(path, 'c2c CSV')
    rows = list(csv.reader(io.StringIO(text)))
    while rows and not any(c.strip() for c in rows[-1]):
        rows.pop()
    n = len(rows)
    if n < 2:
        raise InputError('%s: fewer than two rows: not a core-to-core '
                         'matrix' % path)
    if n > MAX_CPUS:
        raise InputError('%s: %d rows, more than %d CPUs' % (path, n,
                                                             MAX_CPUS))
    pairs = {}
    for i, row in enumerate(rows):
        # a row may end in one empty cell (a trailing comma), no more:
        # a million columns is no matrix of n CPUs
        if len(row) > n + 1 or (len(row) == n + 1 and row[n].strip()):
            raise InputError('%s:%d: %d columns, more than the matrix\'s '
                             '%d CPUs: not a core-to-core matrix' % (
                                 path, i + 1, len(row), n))
        for j in range(i):
            cell = row[j].strip() if j < len(row) else ''
            v = num(cell)
            if v is None or v <= 0:
                raise InputError(
                    '%s:%d: column %d: %r is not a latency in ns (a '
                    'positive number)' % (path, i + 1, j + 1, cell[:40]))
            pairs[(i, j)] = v
    return n, pairs


def _int(v, path, line, col):
    if not re.fullmatch(r'\d{1,9}', v.strip()):
        raise InputError('%s:%d: %s %r is not a number' % (
            path, line, col, v[:40]))
    return int(v)


def read_lscpu(path):
    """{cpu: (core, package, node, llc)} from `lscpu -p` output (the
    default columns or a chosen list; caches as columns or a:b:c)."""
    text = _read_text(path, 'topology')
    header = None
    cpus = {}
    for ln, line in enumerate(text.splitlines(), 1):
        if line.startswith('#'):
            h = line[1:].strip()
            if h.upper().startswith('CPU,'):
                header = [c.strip().upper() for c in h.split(',')]
            continue
        if not line.strip():
            continue
        if header is None:
            raise InputError('%s:%d: a data line before the "# CPU,..." '
                             'header: not lscpu -p output' % (path, ln))
        vals = line.split(',')
        if len(vals) != len(header):
            raise InputError('%s:%d: %d columns, the header has %d' % (
                path, ln, len(vals), len(header)))
        col = dict(zip(header, vals))
        caches = {}
        for name, v in col.items():
            if ':' in name:
                for cn, cv in zip(name.split(':'), v.split(':')):
                    caches[cn] = cv
            elif re.fullmatch(r'L\d[DI]?', name):
                caches[name] = v
        cpu = _int(col['CPU'], path, ln, 'CPU')
        core = _int(col.get('CORE', str(cpu)), path, ln, 'Core')
        pkg = _int(col.get('SOCKET') or '0', path, ln, 'Socket')
        node = _int(col.get('NODE') or '0', path, ln, 'Node')
        llc = None
        for name in sorted(caches, reverse=True):
            if caches[name].strip():
                llc = name + ':' + str(_int(caches[name], path, ln, name))
                break
        if cpu in cpus:
            raise InputError('%s:%d: CPU %d listed twice' % (path, ln, cpu))
        cpus[cpu] = (core, pkg, node, llc if llc else 'package:%d' % pkg)
    if header is None or not cpus:
        raise InputError('%s: no "# CPU,Core,Socket,..." header and CPU '
                         'lines: not lscpu -p output' % path)
    return cpus


def _sys_read(path, name):
    try:
        with open(os.path.join(path, name), 'rb') as f:
            return f.read(4096).decode('ascii').strip()
    except (OSError, UnicodeDecodeError):
        return None


def read_sysfs(path):
    """The same from a copy of /sys/devices/system/cpu."""
    cpus = {}
    for ent in sorted(os.listdir(path)):
        m = re.fullmatch(r'cpu(\d{1,5})', ent)
        if not m:
            continue
        d = os.path.join(path, ent)
        core = _sys_read(d, 'topology/core_id')
        pkg = _sys_read(d, 'topology/physical_package_id')
        if core is None or pkg is None:
            continue
        node = 0
        for e in os.listdir(d):
            n = re.fullmatch(r'node(\d{1,5})', e)
            if n:
                node = int(n.group(1))
        llc, best = None, -1
        cdir = os.path.join(d, 'cache')
        if os.path.isdir(cdir):
            for idx in sorted(os.listdir(cdir)):
                lv = _sys_read(cdir, idx + '/level')
                sh = _sys_read(cdir, idx + '/shared_cpu_list')
                if lv and lv.isdigit() and sh and int(lv) > best:
                    best, llc = int(lv), 'L%s:%s' % (lv, sh)
        cpu = int(m.group(1))
        if not re.fullmatch(r'-?\d{1,9}', core) or \
                not re.fullmatch(r'-?\d{1,9}', pkg):
            raise InputError('%s: %s: topology ids are not numbers' % (
                path, ent))
        cpus[cpu] = (int(core), int(pkg), node, llc or 'package:' + pkg)
    if not cpus:
        raise InputError('%s: no cpuN/topology/ files: not a copy of '
                         '/sys/devices/system/cpu' % path)
    return cpus


def read_topology(path):
    if os.path.isdir(path):
        return read_sysfs(path)
    return read_lscpu(path)


def classify(topo, a, b):
    ca, cb = topo[a], topo[b]
    if ca[1] != cb[1]:
        return 'cross'
    if ca[0] == cb[0]:
        return 'smt'
    if ca[3] == cb[3]:
        return 'llc'
    return 'package'


def load(csv_path, topo_path):
    """(cpus, topology, [(a, b, class, ns)]) of a published set."""
    n, pairs = read_matrix(csv_path)
    topo = read_topology(topo_path)
    missing = [c for c in range(n) if c not in topo]
    if missing:
        raise InputError('%s: the CSV has %d CPUs, the topology %s has no '
                         'CPU %d' % (csv_path, n, topo_path, missing[0]))
    out = [(i, j, classify(topo, i, j), v) for (i, j), v in
           sorted(pairs.items())]
    return n, topo, out


def stats(values):
    """n, min, median, mean, max of a class (None when empty)."""
    v = [x for x in values if x is not None]
    if not v:
        return None
    return (len(v), min(v), statistics.median(v), statistics.fmean(v),
            max(v))


def by_class(pairs):
    """{class: stats} from (class, ns) pairs."""
    groups = {c: [] for c in CLASSES}
    for cls, ns in pairs:
        if cls in groups:
            groups[cls].append(ns)
    return {c: stats(v) for c, v in groups.items()}


def ours_by_class(c2c_rows):
    """Our c2c rows (dicts with class, cas_median) in the four classes."""
    return by_class([(OURS.get(r['class']), r['cas_median'])
                     for r in c2c_rows])


def store(con, name, csv_path, topo_path):
    """Adds a published set to the database (replacing one of that name
    only when its figures are the same: nothing stored is lost)."""
    n, topo, pairs = load(csv_path, topo_path)
    from .store import _now
    con.execute('BEGIN IMMEDIATE')
    try:
        row = con.execute('SELECT id FROM published WHERE name = ?',
                          (name,)).fetchone()
        if row:
            have = con.execute(
                'SELECT a, b, ns FROM published_pair WHERE pub_id = ? '
                'ORDER BY a, b', (row[0],)).fetchall()
            if have == [(a, b, v) for a, b, _, v in pairs]:
                con.execute('COMMIT')
                return row[0], 'kept'
            raise InputError('a published set named %r with other figures '
                             'is already stored: choose another --name'
                             % name)
        pid = con.execute(
            'INSERT INTO published (name, source, topology, cpus, added) '
            'VALUES (?,?,?,?,?)', (name, os.path.basename(csv_path),
                                   os.path.basename(topo_path), n,
                                   _now())).lastrowid
        con.executemany('INSERT INTO published_cpu VALUES (?,?,?,?,?,?)',
                        [(pid, c, t[0], t[1], t[2], t[3])
                         for c, t in sorted(topo.items()) if c < n])
        con.executemany('INSERT INTO published_pair VALUES (?,?,?,?,?)',
                        [(pid, a, b, cls, v) for a, b, cls, v in pairs])
        con.execute('COMMIT')
    except BaseException:
        con.execute('ROLLBACK')
        raise
    return pid, 'stored'


def stored_by_class(con, name):
    row = con.execute('SELECT id FROM published WHERE name = ?',
                      (name,)).fetchone()
    if not row:
        return None
    return by_class(con.execute(
        'SELECT class, ns FROM published_pair WHERE pub_id = ?',
        (row[0],)).fetchall())


def class_table(columns):
    """Text rows: class, then per column pairs, median and mean CAS ns.
    columns: [(title, {class: stats})]."""
    w = '  %32s'
    lines = ['%-8s' % 'class' + ''.join(w % t[:32] for t, _ in columns),
             '%-8s' % '' + w % 'pairs    median ns      mean ns' *
             len(columns)]
    for c in CLASSES:
        line = '%-8s' % c
        for _, st in columns:
            s = st.get(c)
            line += w % ('-' if s is None else '%5d %12.2f %12.2f' % (
                s[0], s[2], s[3]))
        lines.append(line)
    return lines
