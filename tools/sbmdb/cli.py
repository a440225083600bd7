# SPDX-License-Identifier: BSD-2-Clause
"""Command line: db add|list|compare|export|init, html, import-c2c, collect
(called by tools/sbmbench, which finds sbmlog and reads pictures)."""
import argparse
import csv
import os
import sqlite3
import subprocess
import sys
import tempfile

from . import c2clog, c2cpub, collect, html, records, store
from .records import LogError

TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
DEFAULT_DB = os.path.join(TOP, 'results', 'sbmbench.sqlite')


def say(msg):
    """To stderr, inert: a file name may hold any bytes."""
    print('sbmbench: ' + store.inert_name(msg), file=sys.stderr)


def _say_problems(msg):
    """say() for a log read only to be compared: its problems alone."""
    if ' stored as' not in msg and 'kept once' not in msg:
        say(msg)


def _db_arg(p):
    p.add_argument('--db', default=os.environ.get('SBM_DB', DEFAULT_DB),
                   help='the database (default results/sbmbench.sqlite)')


def _inputs(a):
    """(path, label) of the positional logs and the --named ones."""
    return [(f, f) for f in a.logs] + [(f, lab) for lab, f in a.named or []]


def _add_logs(con, inputs, say=say):
    """Adds logs; says what happened to each run.  Returns 1 when a run
    is not whole or a record was rejected (stored all the same)."""
    rc = 0
    for path, label in inputs:
        done, rejects = store.add_log(con, path, label)
        if rejects:
            rc = 1
            say('%s: %d records rejected (checksum, truncation), named in '
                'the database: first at line %d: %s' % (
                    label, len(rejects), rejects[0][0], rejects[0][1]))
        if not done:
            rc = 1
            say('%s: no run in it (no valid record)' % label)
        for run, rid, what in done:
            st = run.status()
            msg = {'stored': 'stored as #%d', 'kept': 'already stored as '
                   '#%d: kept once', 'replaced': 'stored whole as #%d, '
                   'replacing the partial copy'}[what] % rid
            say('%s: run %s (%d records, status %s) %s' % (
                label, run.run_id, len(run.records), st, msg))
            if st != 'ok':
                rc = 1
                say('%s: run %s is %s: stored with that status' % (
                    label, run.run_id, st))
            unk = run.unknown()
            if unk and what != 'kept':
                say('%s: run %s: keys from a newer image, kept: %s' % (
                    label, run.run_id, ', '.join(unk)))
    return rc


def cmd_add(a):
    con = store.open_db(a.db)
    return _add_logs(con, _inputs(a))


def cmd_list(a):
    con = store.open_db(a.db, create=False)
    print('%-5s %-8s %-10s %7s  %-8s %-10s %-30s %-12s %s' % (
        'row', 'run', 'status', 'records', 'arch', 'virt', 'machine',
        'bios', 'log'))
    for (rid, hexid, st, n, unk, arch, plat, virt, model, vendor, product,
         board, bios, log, rej) in store.runs(con):
        machine = ' '.join(x for x in (vendor, product, model) if x)
        print('%-5s %-8s %-10s %7d  %-8s %-10s %-30s %-12s %s%s%s' % (
            '#%d' % rid, hexid, st, n, arch or '-', virt or '-',
            machine[:30] or '-', (bios or '-')[:12], log or '-',
            ' (%d rejected)' % rej if rej else '',
            ' unknown keys: ' + unk if unk else ''))
    pubs = con.execute('SELECT name, cpus, source FROM published ORDER BY '
                       'id').fetchall()
    for name, cpus, src in pubs:
        print('pub:%s  published c2c, %d CPUs (%s)' % (name, cpus, src))
    return 0


def _side(con, ref):
    """('run', row id, title) or ('pub', name, title)."""
    if ref.startswith('pub:'):
        name = ref[4:]
        if c2cpub.stored_by_class(con, name) is None:
            raise store.DbError('no published set %s (see db list)' % name)
        return ('pub', name, ref)
    rid = store.resolve(con, ref)
    info = store.run_info(con, rid)
    return ('run', rid, '#%d %s' % (rid, info['run_hex']))


def cmd_compare(a):
    con = store.open_db(a.db, create=False)
    A, B = _side(con, a.a), _side(con, a.b)
    print('A = %s, B = %s' % (A[2], B[2]))
    if A[0] == 'run' and B[0] == 'run':
        for s in (A, B):
            i = store.run_info(con, s[1])
            print('%s: %s %s %s, bios %s, status %s' % (
                s[2], i.get('arch'), i.get('cpu_model'), i.get('product')
                or '', i.get('bios_version') or '-', i['status']))
    # each experiment's block (its page's db_compare), in the registry's
    # order; a side is ('run', id, title) or ('pub', name, title)
    for _, mod in html.pages():
        if hasattr(mod, 'db_compare'):
            for line in mod.db_compare(con, A, B):
                print(line)
    return 0


def cmd_export(a):
    con = store.open_db(a.db, create=False)
    os.makedirs(a.csv, exist_ok=True)
    tables = [t for (t,) in con.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    for t in tables:
        cur = con.execute('SELECT * FROM %s' % store.q(t))
        path = os.path.join(a.csv, t + '.csv')
        # the text is sbmlog's: printable ASCII and UTF-8 (SMBIOS names)
        with open(path + '.tmp', 'w', newline='', encoding='utf-8',
                  errors='backslashreplace') as f:
            w = csv.writer(f)
            w.writerow([d[0] for d in cur.description])
            n = 0
            for row in cur:
                w.writerow(row)
                n += 1
        os.replace(path + '.tmp', path)
        print('%s: %d rows' % (path, n))
    return 0


def cmd_init(a):
    store.open_db(a.db, schema=a.schema)
    return 0


def _add_models(con, inputs):
    """The model's figures beside each log's runs that have a map:
    sbmlog predict's log of them, stored too (html draws them in the
    run's section).  A log without a map gets none, quietly: the page
    says nothing it cannot show."""
    with tempfile.TemporaryDirectory() as d:
        for i, (path, label) in enumerate(inputs):
            p = subprocess.run([records.sbmlog_path(), 'predict',
                                os.path.join('.', path)
                                if path.startswith('-') else path],
                               capture_output=True, timeout=300)
            if b'@sbm model ' not in p.stdout:
                continue
            out = os.path.join(d, '%d.model.log' % i)
            with open(out, 'wb') as f:
                f.write(p.stdout)
            store.add_log(con, out, label + ' (model)')


def cmd_html(a):
    inputs = _inputs(a)
    if a.db_file and inputs:
        raise store.DbError('report --html: either LOGs or --db, not both')
    if not a.db_file and not inputs:
        raise store.DbError('report --html: no LOG and no --db')
    rc = 0
    if a.db_file:
        con = store.open_db(a.db_file, create=False)
        ids = [store.resolve(con, r) for r in a.run] or [
            r[0] for r in store.runs(con)]
    else:
        con = store.open_db(':memory:')
        rc = _add_logs(con, inputs)
        _add_models(con, inputs)
        ids = [r[0] for r in store.runs(con)]
    for csvp, topo, name in a.c2c or []:
        c2cpub.store(con, name, csvp, topo)
    pubs = [n for (n,) in con.execute('SELECT name FROM published ORDER BY '
                                      'id')]
    text = html.render(con, ids, pubs)
    tmp = a.out + '.tmp'
    with open(tmp, 'w', encoding='ascii', errors='xmlcharrefreplace') as f:
        f.write(text)
    os.replace(tmp, a.out)
    say('wrote %s (%d runs, %d published sets)' % (a.out, len(ids),
                                                    len(pubs)))
    return rc


def cmd_import(a):
    name = a.name or os.path.splitext(os.path.basename(a.csv))[0]
    n, topo, pairs = c2cpub.load(a.csv, a.topology)
    cols = [('published: ' + name[:16],
             c2cpub.by_class([(c, v) for _, _, c, v in pairs]))]
    print('%s: %d CPUs, %d pairs, %d packages' % (
        a.csv, n, len(pairs), len({t[1] for c, t in topo.items() if c < n})))
    con = None
    if not a.no_store:
        con = store.open_db(a.db)
        _, what = c2cpub.store(con, name, a.csv, a.topology)
        say('published set %s %s in %s (db compare pub:%s RUN)' % (
            name, what, a.db, name))
    for ref in a.compare or []:
        if os.path.isfile(ref):
            mem = store.open_db(':memory:')
            _add_logs(mem, [(ref, ref)], say=_say_problems)
            for rid, hexid, *_ in store.runs(mem):
                rows = store.rows(mem, 'c2c', rid)
                if rows:
                    cols.append(('ours: ' + hexid,
                                 c2cpub.ours_by_class(rows)))
        else:
            con = con or store.open_db(a.db, create=False)
            rid = store.resolve(con, ref)
            cols.append(('ours: ' + ref, c2cpub.ours_by_class(
                store.rows(con, 'c2c', rid))))
    for line in c2cpub.class_table(cols):
        print(line)
    return 0


def cmd_collect(a):
    return collect.serve(a.listen, a.results, a.db, a.timeout)


def parser():
    p = argparse.ArgumentParser(prog='sbmbench')
    sub = p.add_subparsers(dest='cmd', required=True)
    db = sub.add_parser('db', help='the results database')
    dsub = db.add_subparsers(dest='dbcmd', required=True)
    x = dsub.add_parser('add', help='store the runs of logs')
    _db_arg(x)
    x.add_argument('--named', nargs=2, action='append',
                   metavar=('LABEL', 'FILE'), help=argparse.SUPPRESS)
    x.add_argument('logs', nargs='*', metavar='LOG')
    x.set_defaults(fn=cmd_add)
    x = dsub.add_parser('list', help='the stored runs')
    _db_arg(x)
    x.set_defaults(fn=cmd_list)
    x = dsub.add_parser('compare', help='two runs (or pub:NAME) side by '
                        'side')
    _db_arg(x)
    x.add_argument('a', metavar='A')
    x.add_argument('b', metavar='B')
    x.set_defaults(fn=cmd_compare)
    x = dsub.add_parser('export', help='every table as CSV')
    _db_arg(x)
    x.add_argument('--csv', required=True, metavar='DIR')
    x.set_defaults(fn=cmd_export)
    x = dsub.add_parser('init', help='create (tests: at an older schema)')
    _db_arg(x)
    x.add_argument('--schema', type=int, default=store.SCHEMA,
                   choices=range(1, store.SCHEMA + 1))
    x.set_defaults(fn=cmd_init)
    x = sub.add_parser('html', help='one self-contained HTML report')
    x.add_argument('-o', '--out', '--html', required=True, dest='out')
    x.add_argument('--db', dest='db_file')
    x.add_argument('--run', action='append', default=[])
    x.add_argument('--c2c', nargs=3, action='append',
                   metavar=('CSV', 'TOPOLOGY', 'NAME'))
    x.add_argument('--named', nargs=2, action='append',
                   metavar=('LABEL', 'FILE'), help=argparse.SUPPRESS)
    x.add_argument('logs', nargs='*', metavar='LOG')
    x.set_defaults(fn=cmd_html)
    x = sub.add_parser('import-c2c', help='a published c2c CSV')
    x.add_argument('csv', metavar='CSV')
    x.add_argument('--topology', required=True, metavar='FILE')
    x.add_argument('--name')
    _db_arg(x)
    x.add_argument('--no-store', action='store_true')
    x.add_argument('--compare', action='append', metavar='LOG|RUN')
    x.set_defaults(fn=cmd_import)
    x = sub.add_parser('predict-c2c', help='a published c2c CSV as a '
                       'log of its map, for sbmlog predict')
    x.add_argument('csv', metavar='CSV')
    t = x.add_mutually_exclusive_group(required=True)
    t.add_argument('--lscpu', metavar='FILE', help='lscpu -p output or a '
                   'copy of /sys/devices/system/cpu')
    t.add_argument('--infer-topology', action='store_true')
    x.add_argument('--name')
    x.set_defaults(fn=c2clog.main)
    x = sub.add_parser('collect', help='receive results over HTTP')
    x.add_argument('--listen', required=True, metavar='ADDR:PORT')
    _db_arg(x)
    x.add_argument('--results', default=os.path.dirname(DEFAULT_DB),
                   metavar='DIR', help='where the logs go (default '
                   'results/)')
    x.add_argument('--timeout', type=int, default=collect.DEADLINE_S,
                   metavar='S', help='one request, from its first byte '
                   'to its last (default %d s)' % collect.DEADLINE_S)
    x.set_defaults(fn=cmd_collect)
    return p


def main(argv=None):
    a = parser().parse_args(argv)
    try:
        return a.fn(a)
    except (store.DbError, LogError, c2cpub.InputError) as e:
        say(str(e))
        return 2
    except sqlite3.DatabaseError as e:
        say('database error: %s' % e)
        return 2
    except OSError as e:
        say('%s: %s' % (e.filename or '', e.strerror or e))
        return 2
