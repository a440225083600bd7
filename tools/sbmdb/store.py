# SPDX-License-Identifier: BSD-2-Clause
"""The results database: one SQLite file, its schema and migrations.

Every verified record of a run is kept whole (record, field), unknown
keys included and named; typed tables (result, c2c, ...) hold the
figures for queries.  SQL takes values only as bound parameters; the
identifiers in it are this file's constants.
"""
import hashlib
import os
import sqlite3
import time

from . import records as recs

SCHEMA = 2
APP_ID = 0x53424d44  # 'SBMD': this file is an sbmbench database

# The typed tables: table -> (record kind, [(column, key, type)]).
# Columns are the record keys (quoted in SQL: some are SQL words).
_R, _I, _T = 'REAL', 'INTEGER', 'TEXT'
TYPED = {
    'result': ('result', [
        ('layout', 'layout', _T), ('op', 'op', _T), ('mode', 'mode', _T),
        ('gap', 'gap', _I), ('cpus', 'cpus', _I), ('iters', 'iters', _I),
        ('reps', 'reps', _I), ('unit', 'unit', _T), ('median', 'median', _R),
        ('mean', 'mean', _R), ('min', 'min', _R), ('max', 'max', _R),
        ('stddev', 'stddev', _R), ('ci95', 'ci95', _R), ('ns', 'ns', _R),
        ('pct', 'pct', _R), ('pct_median', 'pct_median', _R),
        ('upd_ns', 'upd_ns', _R), ('floor', 'floor', _R),
        ('cost_ns', 'cost_ns', _R), ('clean', 'clean', _I)]),
    'proof': ('proof', [
        ('a', 'a', _I), ('b', 'b', _I), ('partner', 'partner', _T),
        ('relation', 'relation', _T), ('pingpong_ns', 'pingpong_ns', _R),
        ('op', 'op', _T), ('gap', 'gap', _I), ('upd_ns', 'upd_ns', _R),
        ('floor_ns', 'floor_ns', _R), ('cost_ns', 'cost_ns', _R),
        ('pct', 'pct', _R), ('cost_ci95_ns', 'cost_ci95_ns', _R),
        ('verdict', 'verdict', _T)]),
    'c2c': ('c2c', [
        ('a', 'a', _I), ('b', 'b', _I), ('class', 'class', _T),
        ('home', 'home', _T), ('median', 'median', _R), ('min', 'min', _R),
        ('cas_median', 'cas_median', _R), ('cas_min', 'cas_min', _R)]),
    'scale': ('scale', [
        ('layout', 'layout', _T), ('order', 'order', _T), ('op', 'op', _T),
        ('cpus', 'cpus', _I), ('median', 'median', _R), ('min', 'min', _R),
        ('max', 'max', _R), ('ns', 'ns', _R), ('upd_ns', 'upd_ns', _R),
        ('clean', 'clean', _I), ('llcs', 'llcs', _I)]),
    'noise': ('noise', [
        ('cpu', 'cpu', _I), ('polled_ms', 'polled_ms', _R),
        ('count', 'count', _I), ('total', 'total', _R), ('max', 'max', _R),
        ('hist_lo', 'hist_lo', _I), ('hist', 'hist', _T)]),
    'rw': ('rw', [
        ('layout', 'layout', _T), ('reader', 'reader', _T),
        ('writers', 'writers', _I), ('readers', 'readers', _I),
        ('writer_ns', 'writer_ns', _R),
        ('writer_alone_ns', 'writer_alone_ns', _R),
        ('reader_ns', 'reader_ns', _R),
        ('reader_alone_ns', 'reader_alone_ns', _R),
        ('floor_ns', 'floor_ns', _R), ('above_ns', 'above_ns', _R),
        ('check', 'check', _T)]),
    'warn': ('warn', [
        ('what', 'what', _T), ('id', 'id', _T), ('msg', 'msg', _T)]),
}

# The machine's identity (hello): firmware versions are the run's.
MACHINE_KEYS = ('arch', 'platform', 'virt', 'cpu_model', 'sys_vendor',
                'product', 'board_vendor', 'board', 'cpu_version', 'midr',
                'revidr', 'dt_model', 'mvendorid', 'marchid', 'mimpid')
FIRMWARE_KEYS = ('bios_vendor', 'bios_version', 'bios_date', 'microcode')


def q(name):
    return '"%s"' % name


def _typed_sql():
    out = []
    for table, (_, cols) in TYPED.items():
        body = ', '.join('%s %s' % (q(c), t) for c, _, t in cols)
        out.append('CREATE TABLE %s (run_id INTEGER NOT NULL REFERENCES '
                   'run(id) ON DELETE CASCADE, seq INTEGER NOT NULL, %s);'
                   % (q(table), body))
        out.append('CREATE INDEX %s ON %s(run_id);'
                   % (q(table + '_by_run'), q(table)))
    return '\n'.join(out)


# Each entry brings a database from the version before it to its own.
MIGRATIONS = {
    1: '''
CREATE TABLE machine (id INTEGER PRIMARY KEY, ident TEXT UNIQUE NOT NULL,
  %s);
CREATE TABLE log (id INTEGER PRIMARY KEY, sha256 TEXT UNIQUE NOT NULL,
  name TEXT NOT NULL, rejected INTEGER NOT NULL, added TEXT NOT NULL);
CREATE TABLE reject (log_id INTEGER NOT NULL REFERENCES log(id),
  line INTEGER NOT NULL, why TEXT NOT NULL);
CREATE TABLE run (id INTEGER PRIMARY KEY, run_key TEXT UNIQUE NOT NULL,
  run_hex TEXT NOT NULL, machine_id INTEGER REFERENCES machine(id),
  log_id INTEGER REFERENCES log(id), status TEXT NOT NULL,
  records INTEGER NOT NULL, unknown TEXT NOT NULL, version TEXT,
  counter_hz REAL, cpus INTEGER, packages INTEGER, nodes INTEGER,
  llcs INTEGER, %s);
CREATE TABLE record (id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL
  REFERENCES run(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
  kind TEXT NOT NULL, text TEXT NOT NULL);
CREATE TABLE field (record_id INTEGER NOT NULL REFERENCES record(id)
  ON DELETE CASCADE, pos INTEGER NOT NULL, key TEXT NOT NULL,
  value TEXT NOT NULL, known INTEGER NOT NULL);
CREATE INDEX record_by_run ON record(run_id, kind, seq);
CREATE INDEX field_by_record ON field(record_id);
CREATE TABLE cpu (run_id INTEGER NOT NULL REFERENCES run(id)
  ON DELETE CASCADE, cpu INTEGER, node INTEGER, package INTEGER,
  llc INTEGER, core INTEGER, smt INTEGER, enabled INTEGER);
%s
''' % (', '.join('%s TEXT' % q(k) for k in MACHINE_KEYS),
       ', '.join('%s TEXT' % q(k) for k in FIRMWARE_KEYS), _typed_sql()),
    # 2: published core-to-core sets beside ours; results found by
    # layout and gap without a scan
    2: '''
CREATE TABLE published (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL,
  source TEXT NOT NULL, topology TEXT NOT NULL, cpus INTEGER NOT NULL,
  added TEXT NOT NULL);
CREATE TABLE published_cpu (pub_id INTEGER NOT NULL REFERENCES
  published(id) ON DELETE CASCADE, cpu INTEGER NOT NULL, core INTEGER,
  package INTEGER, node INTEGER, llc INTEGER);
CREATE TABLE published_pair (pub_id INTEGER NOT NULL REFERENCES
  published(id) ON DELETE CASCADE, a INTEGER NOT NULL, b INTEGER NOT NULL,
  class TEXT NOT NULL, ns REAL NOT NULL);
CREATE INDEX result_by_layout_gap ON result(layout, gap);
''',
}


class DbError(Exception):
    pass


def inert_name(name):
    """A file name as printable ASCII (other bytes as \\xNN): it is
    stored, listed and shown, and may be any bytes."""
    raw = name.encode('utf-8', 'surrogateescape')
    return ''.join(chr(b) if 0x20 <= b < 0x7f else '\\x%02x' % b
                   for b in raw)


def _now():
    return time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())


def open_db(path, create=True, schema=SCHEMA):
    """The database at path, migrated to `schema` (tests ask for older
    ones).  A newer schema than this code knows is refused untouched."""
    if path != ':memory:' and not os.path.exists(path):
        if not create:
            raise DbError('%s: no such database' % path)
        d = os.path.dirname(path)
        if d:
            os.makedirs(d, exist_ok=True)
    try:
        con = sqlite3.connect(path, isolation_level=None)
        con.execute('PRAGMA foreign_keys = ON')
        ver = con.execute('PRAGMA user_version').fetchone()[0]
        app = con.execute('PRAGMA application_id').fetchone()[0]
        tables = con.execute(
            "SELECT count(*) FROM sqlite_master").fetchone()[0]
    except sqlite3.DatabaseError as e:
        raise DbError('%s: not an SQLite database (%s)' % (path, e))
    if tables and app != APP_ID:
        con.close()
        raise DbError('%s: an SQLite file, but not an sbmbench database '
                      '(application_id %#x); left untouched' % (path, app))
    if ver > SCHEMA:
        con.close()
        raise DbError('%s: schema version %d is newer than this sbmbench '
                      'knows (%d): use a newer sbmbench; the database is '
                      'left untouched' % (path, ver, SCHEMA))
    if ver < schema:
        con.execute('BEGIN IMMEDIATE')
        try:
            for v in range(ver + 1, schema + 1):
                for stmt in MIGRATIONS[v].split(';'):
                    if stmt.strip():
                        con.execute(stmt)
            con.execute('PRAGMA application_id = %d' % APP_ID)
            con.execute('PRAGMA user_version = %d' % schema)
            con.execute('COMMIT')
        except BaseException:
            con.execute('ROLLBACK')
            raise
    return con


def _typed_value(v, t):
    if t == _T:
        return v
    f = recs.num(v)
    if f is None:
        return None
    return int(f) if t == _I and f == int(f) else f


def _machine_id(con, hello):
    vals = [(hello.get(k) if hello else None) for k in MACHINE_KEYS]
    ident = '|'.join('%s=%s' % (k, v) for k, v in zip(MACHINE_KEYS, vals)
                     if v is not None)
    row = con.execute('SELECT id FROM machine WHERE ident = ?',
                      (ident,)).fetchone()
    if row:
        return row[0]
    cur = con.execute('INSERT INTO machine (ident, %s) VALUES (?%s)' % (
        ', '.join(q(k) for k in MACHINE_KEYS), ', ?' * len(MACHINE_KEYS)),
        [ident] + vals)
    return cur.lastrowid


def run_key(run):
    """A boot's identity: its id and its first record (the hello, whose
    calibrated rate and machine differ between boots)."""
    first = run.records[0].text() if run.records else ''
    return run.run_id + ':' + hashlib.sha256(
        first.encode()).hexdigest()[:16]


def _insert_run(con, run, log_id):
    hello, topo = run.first('hello'), run.first('topo')
    mid = _machine_id(con, hello)
    cols = ['run_key', 'run_hex', 'machine_id', 'log_id', 'status',
            'records', 'unknown', 'version', 'counter_hz', 'cpus',
            'packages', 'nodes', 'llcs'] + list(FIRMWARE_KEYS)
    vals = [run_key(run), run.run_id, mid, log_id, run.status(),
            len(run.records), ','.join(run.unknown()),
            hello.get('version') if hello else None,
            hello.num('counter_hz') if hello else None]
    vals += [_typed_value(topo.get(k), _I) if topo else None
             for k in ('cpus', 'packages', 'nodes', 'llcs')]
    vals += [hello.get(k) if hello else None for k in FIRMWARE_KEYS]
    rid = con.execute('INSERT INTO run (%s) VALUES (%s)' % (
        ', '.join(q(c) for c in cols), ', '.join('?' * len(cols))),
        vals).lastrowid
    for r in run.records:
        rec_id = con.execute(
            'INSERT INTO record (run_id, seq, kind, text) VALUES (?,?,?,?)',
            (rid, r.seq, r.kind, r.text())).lastrowid
        unknown = set(r.unknown_keys())
        con.executemany(
            'INSERT INTO field (record_id, pos, key, value, known) '
            'VALUES (?,?,?,?,?)',
            [(rec_id, i, k, v, 0 if k in unknown else 1)
             for i, (k, v) in enumerate(r.fields)])
        if r.kind == 'cpu':
            con.execute('INSERT INTO cpu VALUES (?,?,?,?,?,?,?,?)',
                        [rid] + [_typed_value(r.get(k), _I) for k in (
                            'id', 'node', 'package', 'llc', 'core', 'smt',
                            'enabled')])
    for table, (kind, tcols) in TYPED.items():
        rows = [[rid, r.seq] + [_typed_value(r.get(key), t)
                                for _, key, t in tcols]
                for r in run.all(kind)]
        if rows:
            con.executemany('INSERT INTO %s (run_id, seq, %s) VALUES '
                            '(?, ?%s)' % (q(table), ', '.join(
                                q(c) for c, _, _ in tcols),
                                ', ?' * len(tcols)), rows)
    return rid


def add_log(con, path, label=None):
    """Stores the runs of one log (one transaction).  Returns a list of
    (run, row id, what happened) with what in stored, kept, replaced."""
    label = inert_name(label or path)
    runs, rejects = recs.read_log(path, label)
    with open(path, 'rb') as f:
        sha = hashlib.sha256(f.read()).hexdigest()
    out = []
    con.execute('BEGIN IMMEDIATE')
    try:
        row = con.execute('SELECT id FROM log WHERE sha256 = ?',
                          (sha,)).fetchone()
        if row:
            log_id = row[0]
        else:
            log_id = con.execute(
                'INSERT INTO log (sha256, name, rejected, added) '
                'VALUES (?,?,?,?)',
                (sha, label, len(rejects), _now())).lastrowid
            con.executemany('INSERT INTO reject VALUES (?,?,?)',
                            [(log_id, n, w) for n, w in rejects])
        for run in runs:
            have = con.execute(
                'SELECT id, status, records FROM run WHERE run_key = ?',
                (run_key(run),)).fetchone()
            if have is None:
                out.append((run, _insert_run(con, run, log_id), 'stored'))
                continue
            old_id, old_status, old_n = have
            texts = {t for (t,) in con.execute(
                'SELECT text FROM record WHERE run_id = ?', (old_id,))}
            new_texts = {r.text() for r in run.records}
            if (old_status != 'ok' and run.status() == 'ok' and
                    texts <= new_texts and len(new_texts) > len(texts)):
                # the whole run where a part was stored: nothing lost
                con.execute('DELETE FROM run WHERE id = ?', (old_id,))
                out.append((run, _insert_run(con, run, log_id),
                            'replaced'))
            else:
                out.append((run, old_id, 'kept'))
        con.execute('COMMIT')
    except BaseException:
        con.execute('ROLLBACK')
        raise
    return out, rejects


def resolve(con, ref):
    """A run's row id from '#N', 'N' or its 8-hex run id."""
    r = ref.lstrip('#')
    if r.isdigit() and len(r) < 8:
        row = con.execute('SELECT id FROM run WHERE id = ?',
                          (int(r),)).fetchone()
        if row:
            return row[0]
    rows = con.execute('SELECT id FROM run WHERE run_hex = ?',
                       (r.lower(),)).fetchall()
    if len(rows) == 1:
        return rows[0][0]
    if len(rows) > 1:
        raise DbError('run %s is ambiguous (%s): name it by #row' % (
            ref, ', '.join('#%d' % x for (x,) in rows)))
    raise DbError('no run %s in the database (see db list)' % ref)


def runs(con):
    return con.execute(
        'SELECT run.id, run_hex, status, records, unknown, arch, platform, '
        'virt, cpu_model, sys_vendor, product, board, bios_version, '
        'log.name, log.rejected FROM run JOIN machine ON '
        'machine.id = machine_id LEFT JOIN log ON log.id = log_id '
        'ORDER BY run.id').fetchall()


def rows(con, table, run_id):
    """A typed table's rows of one run as dicts, in record order."""
    cur = con.execute('SELECT * FROM %s WHERE run_id = ? ORDER BY seq'
                      % q(table), (run_id,))
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r)) for r in cur.fetchall()]


def records_of(con, run_id, kind=None):
    """The run's records as (kind, [(key, value)]), in order."""
    sql = 'SELECT id, kind FROM record WHERE run_id = ?'
    args = [run_id]
    if kind:
        sql += ' AND kind = ?'
        args.append(kind)
    out = []
    for rec_id, k in con.execute(sql + ' ORDER BY seq', args).fetchall():
        out.append((k, con.execute(
            'SELECT key, value FROM field WHERE record_id = ? ORDER BY pos',
            (rec_id,)).fetchall()))
    return out


def run_info(con, run_id):
    cur = con.execute(
        'SELECT run.*, machine.*, log.name AS log_name, log.rejected AS '
        'log_rejected, log.id AS lid FROM run JOIN machine ON machine.id = '
        'machine_id LEFT JOIN log ON log.id = log_id WHERE run.id = ?',
        (run_id,))
    names = [d[0] for d in cur.description]
    row = cur.fetchone()
    info = dict(zip(names, row))
    info['id'] = run_id
    info['rejects'] = con.execute(
        'SELECT line, why FROM reject WHERE log_id = ? ORDER BY line',
        (info['lid'],)).fetchall()
    return info
