# SPDX-License-Identifier: BSD-2-Clause
"""The results database: one SQLite file, its schema and migrations.

Every verified record of a run is kept whole (record, field), unknown
keys included and named; typed tables, one per record kind of the
schema sbmlog exports (`sbmlog schema`), hold the figures for queries.
SQL takes values only as bound parameters; the identifiers in it are
this file's constants or names from kind_table/kind_column, quoted.
"""
import hashlib
import os
import re
import sqlite3
import time

from . import records as recs

SCHEMA = 3
APP_ID = 0x53424d44  # 'SBMD': this file is an sbmbench database

# The machine's identity is the hello keys the schema marks "machine"
# (machine_keys()), the firmware a run booted on those it marks
# "firmware" (firmware_keys()), the run's summary columns the hello and
# topo keys it marks "summary" (summary_keys()): no key is named here.

# The typed tables: one per record kind of the schema (records.schema()),
# a column per key in the schema's order, its SQL type from the key's.
# Which table and column hold a kind and key is written in the database
# (kind_table, kind_column), so a database keeps its names as the schema
# grows: a kind or key the schema adds later becomes a table or column,
# filled from the records kept whole, the next time the database is
# opened (_sync_typed), with no edit here.
_R, _I, _T = 'REAL', 'INTEGER', 'TEXT'
SQL_TYPE = {'u64': _I, 'u64-or-never': _I, 'dbl': _R}   # the rest: TEXT
# every typed table's columns before the record's keys
TYPED_BASE = ('run_id', 'record_id', 'seq')
# tables that are not a kind's: a kind of such a name gets another
CORE_TABLES = ('machine', 'log', 'reject', 'run', 'record', 'field',
               'published', 'published_cpu', 'published_pair',
               'kind_table', 'kind_column')
_INT = re.compile(r'^-?[0-9]{1,19}$')


def machine_keys():
    """The keys whose values tell machines apart: hello's keys with the
    schema's machine role, in its order (the machine table's columns)."""
    keys = recs.keys_as('hello', 'machine')
    if not keys:
        raise DbError('the record schema (sbmlog schema) marks no hello '
                      'key as naming the machine')
    return keys


def firmware_keys():
    """hello's keys with the schema's firmware role: the firmware and
    microcode a run booted on (the run table's columns after its
    topology)."""
    return recs.keys_as('hello', 'firmware')


def summary_keys():
    """[(kind, key, SQL type)] the schema marks "summary": the run table's
    columns after its own, hello's first, then topo's."""
    out = []
    for kind in ('hello', 'topo'):
        types = {k: t for k, t, _ in recs.schema().get(kind, ())}
        out += [(kind, k, SQL_TYPE.get(types[k], _T))
                for k in recs.keys_as(kind, 'summary')]
    if len({k for _, k, _ in out}) != len(out):
        raise DbError('the record schema marks one key name as a summary '
                      'of two kinds: %s' % [k for _, k, _ in out])
    return out


def q(name):
    return '"%s"' % name.replace('"', '""')


# Each entry brings a database from the version before it to its own.
# 1 and 2 stay as those versions made their tables (3 replaces 1's typed
# tables with the schema's).
MIGRATIONS = {
    1: '''
CREATE TABLE machine (id INTEGER PRIMARY KEY, ident TEXT UNIQUE NOT NULL,
  "arch" TEXT, "platform" TEXT, "virt" TEXT, "cpu_model" TEXT,
  "sys_vendor" TEXT, "product" TEXT, "board_vendor" TEXT, "board" TEXT,
  "cpu_version" TEXT, "midr" TEXT, "revidr" TEXT, "dt_model" TEXT,
  "mvendorid" TEXT, "marchid" TEXT, "mimpid" TEXT);
CREATE TABLE log (id INTEGER PRIMARY KEY, sha256 TEXT UNIQUE NOT NULL,
  name TEXT NOT NULL, rejected INTEGER NOT NULL, added TEXT NOT NULL);
CREATE TABLE reject (log_id INTEGER NOT NULL REFERENCES log(id),
  line INTEGER NOT NULL, why TEXT NOT NULL);
CREATE TABLE run (id INTEGER PRIMARY KEY, run_key TEXT UNIQUE NOT NULL,
  run_hex TEXT NOT NULL, machine_id INTEGER REFERENCES machine(id),
  log_id INTEGER REFERENCES log(id), status TEXT NOT NULL,
  records INTEGER NOT NULL, unknown TEXT NOT NULL, version TEXT,
  counter_hz REAL, cpus INTEGER, packages INTEGER, nodes INTEGER,
  llcs INTEGER, "bios_vendor" TEXT, "bios_version" TEXT,
  "bios_date" TEXT, "microcode" TEXT);
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
CREATE TABLE "result" (run_id INTEGER NOT NULL REFERENCES run(id)
  ON DELETE CASCADE, seq INTEGER NOT NULL, "layout" TEXT, "op" TEXT,
  "mode" TEXT, "gap" INTEGER, "cpus" INTEGER, "iters" INTEGER,
  "reps" INTEGER, "unit" TEXT, "median" REAL, "mean" REAL, "min" REAL,
  "max" REAL, "stddev" REAL, "ci95" REAL, "ns" REAL, "pct" REAL,
  "pct_median" REAL, "upd_ns" REAL, "floor" REAL, "cost_ns" REAL,
  "clean" INTEGER);
CREATE INDEX "result_by_run" ON "result"(run_id);
CREATE TABLE "proof" (run_id INTEGER NOT NULL REFERENCES run(id)
  ON DELETE CASCADE, seq INTEGER NOT NULL, "a" INTEGER, "b" INTEGER,
  "partner" TEXT, "relation" TEXT, "pingpong_ns" REAL, "op" TEXT,
  "gap" INTEGER, "upd_ns" REAL, "floor_ns" REAL, "cost_ns" REAL,
  "pct" REAL, "cost_ci95_ns" REAL, "verdict" TEXT);
CREATE INDEX "proof_by_run" ON "proof"(run_id);
CREATE TABLE "c2c" (run_id INTEGER NOT NULL REFERENCES run(id)
  ON DELETE CASCADE, seq INTEGER NOT NULL, "a" INTEGER, "b" INTEGER,
  "class" TEXT, "home" TEXT, "median" REAL, "min" REAL,
  "cas_median" REAL, "cas_min" REAL);
CREATE INDEX "c2c_by_run" ON "c2c"(run_id);
CREATE TABLE "scale" (run_id INTEGER NOT NULL REFERENCES run(id)
  ON DELETE CASCADE, seq INTEGER NOT NULL, "layout" TEXT, "order" TEXT,
  "op" TEXT, "cpus" INTEGER, "median" REAL, "min" REAL, "max" REAL,
  "ns" REAL, "upd_ns" REAL, "clean" INTEGER, "llcs" INTEGER);
CREATE INDEX "scale_by_run" ON "scale"(run_id);
CREATE TABLE "noise" (run_id INTEGER NOT NULL REFERENCES run(id)
  ON DELETE CASCADE, seq INTEGER NOT NULL, "cpu" INTEGER,
  "polled_ms" REAL, "count" INTEGER, "total" REAL, "max" REAL,
  "hist_lo" INTEGER, "hist" TEXT);
CREATE INDEX "noise_by_run" ON "noise"(run_id);
CREATE TABLE "rw" (run_id INTEGER NOT NULL REFERENCES run(id)
  ON DELETE CASCADE, seq INTEGER NOT NULL, "layout" TEXT, "reader" TEXT,
  "writers" INTEGER, "readers" INTEGER, "writer_ns" REAL,
  "writer_alone_ns" REAL, "reader_ns" REAL, "reader_alone_ns" REAL,
  "floor_ns" REAL, "above_ns" REAL, "check" TEXT);
CREATE INDEX "rw_by_run" ON "rw"(run_id);
CREATE TABLE "warn" (run_id INTEGER NOT NULL REFERENCES run(id)
  ON DELETE CASCADE, seq INTEGER NOT NULL, "what" TEXT, "id" TEXT,
  "msg" TEXT);
CREATE INDEX "warn_by_run" ON "warn"(run_id);
''',
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
    # 3: typed tables from the record schema, every kind and key, named
    # in kind_table and kind_column.  1's hand-made ones go: every record
    # is kept whole in record and field, from which _sync_typed builds
    # the new tables in the same transaction.
    3: '''
DROP TABLE "result";
DROP TABLE "proof";
DROP TABLE "c2c";
DROP TABLE "scale";
DROP TABLE "noise";
DROP TABLE "rw";
DROP TABLE "warn";
DROP TABLE cpu;
CREATE TABLE kind_table (kind TEXT PRIMARY KEY, tbl TEXT UNIQUE NOT NULL);
CREATE TABLE kind_column (kind TEXT NOT NULL REFERENCES kind_table(kind),
  key TEXT NOT NULL, col TEXT NOT NULL, type TEXT NOT NULL,
  sql_type TEXT NOT NULL, unit TEXT NOT NULL, PRIMARY KEY (kind, key));
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
    ones), its typed tables brought up to the record schema sbmlog
    exports.  A newer schema than this code knows is refused untouched."""
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
        if schema >= 3:
            _check_names()      # before anything is written
        con.execute('BEGIN IMMEDIATE')
        try:
            for v in range(ver + 1, schema + 1):
                for stmt in MIGRATIONS[v].split(';'):
                    if stmt.strip():
                        con.execute(stmt)
            if schema >= 3:
                _sync_typed(con)
                _sync_run_columns(con)
            con.execute('PRAGMA application_id = %d' % APP_ID)
            con.execute('PRAGMA user_version = %d' % schema)
            con.execute('COMMIT')
        except BaseException:
            con.execute('ROLLBACK')
            raise
    elif ver >= 3 and _sync_needed(con):
        _check_names()
        con.execute('BEGIN IMMEDIATE')
        try:
            _sync_typed(con)
            _sync_run_columns(con)
            con.execute('COMMIT')
        except BaseException:
            con.execute('ROLLBACK')
            raise
    return con


def _sync_run_columns(con):
    """A firmware or summary key the schema marks later gets its column
    in the run table (the database keeps the ones it has)."""
    have = {c[1] for c in con.execute('PRAGMA table_info(run)')}
    for k, t in [(k, _T) for k in firmware_keys()] + \
            [(k, t) for _, k, t in summary_keys()]:
        if k not in have:
            con.execute('ALTER TABLE run ADD COLUMN %s %s' % (q(k), t))


def _check_names():
    """The roles the run and machine tables are made from are there,
    each summary key named by one kind (before anything is written)."""
    machine_keys()
    if not summary_keys():
        raise DbError('the record schema (sbmlog schema) marks no hello '
                      'or topo key as the run\'s summary')


def registry(con):
    """{kind: (table, [(key, column, schema type, SQL type, unit)])} of
    the database's typed tables, in the schema's order; {} before schema
    3 (tests fill older databases)."""
    if not con.execute("SELECT count(*) FROM sqlite_master WHERE type = "
                       "'table' AND name = 'kind_table'").fetchone()[0]:
        return {}
    out = {}
    for kind, tbl in con.execute('SELECT kind, tbl FROM kind_table '
                                 'ORDER BY rowid'):
        out[kind] = (tbl, [])
    for kind, key, col, typ, sqlt, unit in con.execute(
            'SELECT kind, key, col, type, sql_type, unit FROM kind_column '
            'ORDER BY rowid'):
        if kind in out:
            out[kind][1].append((key, col, typ, sqlt, unit))
    return out


def _sync_needed(con):
    have = {c[1] for c in con.execute('PRAGMA table_info(run)')}
    if any(k not in have for k in firmware_keys()) or \
            any(k not in have for _, k, _ in summary_keys()):
        return True
    reg = registry(con)
    for kind, keys in recs.schema().items():
        have = {k for k, _, _, _, _ in reg.get(kind, ('', []))[1]}
        if kind not in reg or any(k not in have for k, _, _ in keys):
            return True
    return False


def _free(name, used):
    """name, or name_2, name_3, ...: one not in used (compared in lower
    case, as SQLite compares names)."""
    n, i = name, 1
    while n.lower() in used:
        i += 1
        n = '%s_%d' % (name, i)
    used.add(n.lower())
    return n


def _sync_typed(con):
    """Adds the typed tables and columns the record schema has and the
    database lacks, fills them from the records kept whole, and marks
    the keys it adds as known (run.unknown, field.known)."""
    reg = registry(con)
    used = {n.lower() for (n,) in con.execute(
        'SELECT name FROM sqlite_master')} | set(CORE_TABLES)
    added = []
    for kind, keys in recs.schema().items():
        fresh = kind not in reg
        if fresh:
            tbl = _free(kind.replace('-', '_'), used)
            con.execute('INSERT INTO kind_table (kind, tbl) VALUES (?, ?)',
                        (kind, tbl))
            reg[kind] = (tbl, [])
        tbl, cols = reg[kind]
        have = {k for k, _, _, _, _ in cols}
        taken = set(TYPED_BASE) | {c.lower() for _, c, _, _, _ in cols}
        new = []
        for key, typ, unit in keys:
            if key in have:
                continue
            col = _free(key if key.lower() not in TYPED_BASE else
                        'k_' + key, taken)
            sqlt = SQL_TYPE.get(typ, _T)
            con.execute('INSERT INTO kind_column (kind, key, col, type, '
                        'sql_type, unit) VALUES (?,?,?,?,?,?)',
                        (kind, key, col, typ, sqlt, unit))
            new.append((key, col, typ, sqlt, unit))
        cols += new
        if fresh:
            con.execute(
                'CREATE TABLE %s (run_id INTEGER NOT NULL REFERENCES '
                'run(id) ON DELETE CASCADE, record_id INTEGER NOT NULL '
                'REFERENCES record(id) ON DELETE CASCADE, seq INTEGER NOT '
                'NULL%s)' % (q(tbl), ''.join(', %s %s' % (q(c), t)
                                             for _, c, _, t, _ in cols)))
            con.execute('CREATE INDEX %s ON %s(run_id)' % (
                q(_free(tbl + '_by_run', used)), q(tbl)))
        else:
            for _, c, _, t, _ in new:
                con.execute('ALTER TABLE %s ADD COLUMN %s %s' % (
                    q(tbl), q(c), t))
        names = {k: c for k, c, _, _, _ in cols}
        if new and 'layout' in names and 'gap' in names and (
                fresh or 'layout' in [k for k, _, _, _, _ in new] or
                'gap' in [k for k, _, _, _, _ in new]):
            # results of a layout at a gap found without a scan
            con.execute('CREATE INDEX %s ON %s(%s, %s)' % (
                q(_free(tbl + '_by_layout_gap', used)), q(tbl),
                q(names['layout']), q(names['gap'])))
        if fresh:
            _fill_typed(con, kind, tbl, cols)
        elif new:
            _fill_columns(con, kind, tbl, new)
        added += [(kind, k) for k, _, _, _, _ in new]
        if fresh and not new:
            added.append((kind, None))
    if added:
        _mark_known(con, reg, added)


def _record_values(con, kind, keys):
    """{record id: {key: first value}} of every stored record of kind."""
    out = {}
    want = set(keys)
    for rec_id, key, value in con.execute(
            'SELECT field.record_id, field.key, field.value FROM field '
            'JOIN record ON record.id = field.record_id WHERE record.kind '
            '= ? ORDER BY field.record_id, field.pos', (kind,)):
        if key in want:
            out.setdefault(rec_id, {}).setdefault(key, value)
    return out


def _fill_typed(con, kind, tbl, cols):
    vals = _record_values(con, kind, [k for k, _, _, _, _ in cols])
    rows = [[run_id, rec_id, seq] + [
        _typed_value(vals.get(rec_id, {}).get(k), t, typ)
        for k, _, typ, t, _ in cols]
        for rec_id, run_id, seq in con.execute(
            'SELECT id, run_id, seq FROM record WHERE kind = ?', (kind,))]
    if rows:
        con.executemany('INSERT INTO %s (%s) VALUES (%s)' % (
            q(tbl), ', '.join(q(c) for c in list(TYPED_BASE) +
                              [c for _, c, _, _, _ in cols]),
            ', '.join('?' * (len(TYPED_BASE) + len(cols)))), rows)


def _fill_columns(con, kind, tbl, new):
    vals = _record_values(con, kind, [k for k, _, _, _, _ in new])
    rows = [[_typed_value(v.get(k), t, typ) for k, _, typ, t, _ in new] +
            [rec_id] for rec_id, v in vals.items()]
    if rows:
        con.executemany('UPDATE %s SET %s WHERE record_id = ?' % (
            q(tbl), ', '.join('%s = ?' % q(c) for _, c, _, _, _ in new)),
            rows)


def _mark_known(con, reg, added):
    """Keys stored as unknown (a newer image's) that the schema now
    knows: field.known set, their names taken out of run.unknown."""
    for kind, key in added:
        if key is not None:
            con.execute('UPDATE field SET known = 1 WHERE known = 0 AND '
                        'key = ? AND record_id IN (SELECT id FROM record '
                        'WHERE kind = ?)', (key, kind))
    for rid, unk in con.execute("SELECT id, unknown FROM run WHERE "
                                "unknown != ''").fetchall():
        names = []
        for name in unk.split(','):
            kind, _, key = name.rpartition('.')
            if kind not in reg:
                names.append(name)
            elif key == '*':
                # a kind now known: its keys the schema still lacks
                for (k,) in con.execute(
                        'SELECT field.key FROM field JOIN record ON '
                        'record.id = field.record_id WHERE record.run_id '
                        '= ? AND record.kind = ? AND field.known = 0 '
                        'ORDER BY record.seq, field.pos', (rid, kind)):
                    if kind + '.' + k not in names:
                        names.append(kind + '.' + k)
            elif key not in {k for k, _, _, _, _ in reg[kind][1]}:
                names.append(name)
        if ','.join(names) != unk:
            con.execute('UPDATE run SET unknown = ? WHERE id = ?',
                        (','.join(names), rid))


def _typed_value(v, t, typ=None):
    """A record's text as its column's SQL type: a number the text is
    not (hostile, nan, inf) is NULL; u64-or-never keeps 'never' (an
    INTEGER column holds it as text)."""
    if v is None or t == _T:
        return v
    if t == _I and _INT.match(v):
        i = int(v)
        if -(1 << 63) <= i < (1 << 63):
            return i
    if typ == 'u64-or-never' and v == 'never':
        return v
    f = recs.num(v)
    if f is None:
        return None
    if t == _I and f == int(f) and abs(f) < (1 << 63):
        return int(f)
    return f


def _machine_id(con, hello):
    keys = machine_keys()
    vals = [(hello.get(k) if hello else None) for k in keys]
    ident = '|'.join('%s=%s' % (k, v) for k, v in zip(keys, vals)
                     if v is not None)
    row = con.execute('SELECT id FROM machine WHERE ident = ?',
                      (ident,)).fetchone()
    if row:
        return row[0]
    # a key a newer schema marks is a column from then on
    have = {r[1] for r in con.execute('PRAGMA table_info(machine)')}
    for k in keys:
        if k not in have:
            con.execute('ALTER TABLE machine ADD COLUMN %s TEXT' % q(k))
    cur = con.execute('INSERT INTO machine (ident, %s) VALUES (?%s)' % (
        ', '.join(q(k) for k in keys), ', ?' * len(keys)), [ident] + vals)
    return cur.lastrowid


def run_key(run):
    """A boot's identity: its id and its first record (the hello, whose
    calibrated rate and machine differ between boots)."""
    first = run.records[0].text() if run.records else ''
    return run.run_id + ':' + hashlib.sha256(
        first.encode()).hexdigest()[:16]


def _known(reg):
    """{kind: keys} the schema or the database's typed tables know."""
    known = {k: set(v) for k, v in recs.known_keys().items()}
    for kind, (_, cols) in reg.items():
        known.setdefault(kind, {'v', 'run'}).update(k for k, *_ in cols)
    return known


def _insert_run(con, run, log_id, reg):
    hello, topo = run.first('hello'), run.first('topo')
    known = _known(reg)
    mid = _machine_id(con, hello)
    summary = summary_keys()
    cols = (['run_key', 'run_hex', 'machine_id', 'log_id', 'status',
             'records', 'unknown'] + [k for _, k, _ in summary] +
            list(firmware_keys()))
    vals = [run_key(run), run.run_id, mid, log_id, run.status(),
            len(run.records), ','.join(run.unknown(known))]
    first = dict(hello=hello, topo=topo)
    vals += [first[kd].get(k) if first[kd] else None
             for kd, k, _ in summary]
    vals += [hello.get(k) if hello else None for k in firmware_keys()]
    # typed as the schema types the key (firmware: text)
    types = {k: t for _, k, t in summary}
    vals = [_typed_value(v, types.get(c, _T)) if isinstance(v, str) else v
            for c, v in zip(cols, vals)]
    rid = con.execute('INSERT INTO run (%s) VALUES (%s)' % (
        ', '.join(q(c) for c in cols), ', '.join('?' * len(cols))),
        vals).lastrowid
    typed = {}
    for r in run.records:
        rec_id = con.execute(
            'INSERT INTO record (run_id, seq, kind, text) VALUES (?,?,?,?)',
            (rid, r.seq, r.kind, r.text())).lastrowid
        unknown = set(r.unknown_keys(known))
        con.executemany(
            'INSERT INTO field (record_id, pos, key, value, known) '
            'VALUES (?,?,?,?,?)',
            [(rec_id, i, k, v, 0 if k in unknown else 1)
             for i, (k, v) in enumerate(r.fields)])
        if r.kind in reg:
            typed.setdefault(r.kind, []).append(
                [rid, rec_id, r.seq] + [_typed_value(r.get(k), t, typ)
                                        for k, _, typ, t, _ in
                                        reg[r.kind][1]])
    for kind, rows in typed.items():
        tbl, tcols = reg[kind]
        con.executemany('INSERT INTO %s (%s) VALUES (%s)' % (
            q(tbl), ', '.join(q(c) for c in list(TYPED_BASE) +
                              [c for _, c, _, _, _ in tcols]),
            ', '.join('?' * (len(TYPED_BASE) + len(tcols)))), rows)
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
        reg = registry(con)
        for run in runs:
            have = con.execute(
                'SELECT id, status, records FROM run WHERE run_key = ?',
                (run_key(run),)).fetchone()
            if have is None:
                out.append((run, _insert_run(con, run, log_id, reg), 'stored'))
                continue
            old_id, old_status, old_n = have
            texts = {t for (t,) in con.execute(
                'SELECT text FROM record WHERE run_id = ?', (old_id,))}
            new_texts = {r.text() for r in run.records}
            if (old_status != 'ok' and run.status() == 'ok' and
                    texts <= new_texts and len(new_texts) > len(texts)):
                # the whole run where a part was stored: nothing lost
                con.execute('DELETE FROM run WHERE id = ?', (old_id,))
                out.append((run, _insert_run(con, run, log_id, reg),
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


def rows(con, kind, run_id):
    """A kind's typed rows of one run as dicts by record key (with
    run_id, record_id and seq), in record order; [] where the database
    has no table for the kind."""
    ent = registry(con).get(kind)
    if ent is None:
        return []
    tbl, cols = ent
    names = list(TYPED_BASE) + [k for k, _, _, _, _ in cols]
    cur = con.execute('SELECT %s FROM %s WHERE run_id = ? ORDER BY seq' % (
        ', '.join(q(c) for c in list(TYPED_BASE) +
                  [c for _, c, _, _, _ in cols]), q(tbl)), (run_id,))
    return [dict(zip(names, r)) for r in cur.fetchall()]


def fields(con, record_id):
    """A stored record's fields, [(key, value)], in its order."""
    return con.execute('SELECT key, value FROM field WHERE record_id = ? '
                       'ORDER BY pos', (record_id,)).fetchall()


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
