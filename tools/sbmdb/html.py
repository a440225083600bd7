# SPDX-License-Identifier: BSD-2-Clause
"""One self-contained HTML report of runs from the database.

No network: inline CSS, JS and SVG under a Content-Security-Policy that
allows nothing else (the script and style by their hashes).  Every text
from a log goes through esc().  Each run's page leads with the
experiments' answers (each experiment's part, tools/exp/NAME/page.py,
whose PLACE is 'head': sbm's table and chart of every layout against
global per gap, the model, the proof), then its warnings, grouped, then
the machine, folded, then the other experiments' parts (their maps),
then every record in a table per kind
whose columns are the record schema's keys (store.registry()): no key
is listed here for a table.

Every record sits once in the DOM with data-kind and its keys as data-*
attributes (the per-kind tables); a figure a view shows (the answer,
a chart's bar, point or cell) sits in data-fig and the record's keys,
so a browser test can compare the DOM with sbmlog's own CSV.
"""
import base64
import hashlib
import importlib.util
import os
import re

from . import records as recs, store
from .records import num
from .svg import esc, fmt

# each experiment's host side: tools/exp/NAME/ beside tools/sbmdb/
_EXP_DIR = os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), 'exp')

_SAFE_KEY = re.compile(r'^[a-z][a-z0-9_]{0,40}$')

CSS = '''
body{font:14px/1.4 sans-serif;margin:1.5em;color:#222;background:#fff}
h1{font-size:1.5em}h2{border-bottom:2px solid #4575b4;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0 1em}
td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}
th{background:#eef}td.t,th.t{text-align:left}
.warn{background:#fff3cd;border:1px solid #e0b000;padding:.5em 1em}
.bad{background:#f8d7da;border:1px solid #c00;padding:.5em 1em}
ul.warns{padding-left:1.2em}ul.warns li{margin:.2em 0}
.count{font-weight:bold}
details{margin:.5em 0}summary{cursor:pointer;font-weight:bold}
.card{display:grid;grid-template-columns:max-content auto;gap:0 1em;
background:#f6f8fa;padding:.5em 1em;border:1px solid #ccc}
.card dt{font-weight:bold}.card dd{margin:0;font-family:monospace}
.tick{font-size:10px;fill:#333}.ctitle{font-size:12px;font-weight:bold}
rect.pair:hover,rect.bar:hover{stroke:#000;stroke-width:1}
'''

JS = '''
(function () {
  document.body.setAttribute("data-js", "ran");
})();
'''

# Where a run's records show besides their kind's table at the end:
# the machine (folded), and the warnings (what went wrong)
MACHINE_KINDS = ('hello', 'topo', 'config', 'cache', 'llc', 'node', 'cpu')
TROUBLE_KINDS = ('error', 'cpufail', 'stopped')


def _sha(text):
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def _pairs(kind, run_hex, fields, tag='kind'):
    """A record's figures as data-* names (its keys) and values."""
    out, seen = [(tag, kind), ('run', run_hex)], {'v', 'run', 'kind',
                                                  'fig'}
    for k, v in fields:
        if _SAFE_KEY.match(k) and k not in seen:
            seen.add(k)
            out.append((k, v))
    return out


def _data(kind, run_hex, fields):
    """The record's one place in the DOM (its kind's table)."""
    return ''.join(' data-%s="%s"' % (k, esc(v))
                   for k, v in _pairs(kind, run_hex, fields))


def _fig(kind, run_hex, fields):
    """A view's copy of the record's figures."""
    return _pairs(kind, run_hex, fields, 'fig')


def _fig_attrs(kind, run_hex, fields):
    return ''.join(' data-%s="%s"' % (k, esc(v))
                   for k, v in _fig(kind, run_hex, fields))


def _table(head, rows, cls=''):
    """rows: [(attrs, [cells])]; a cell string is escaped here."""
    out = ['<table%s><tr>%s</tr>' % (' class="%s"' % cls if cls else '',
                                     ''.join('<th>%s</th>' % esc(h)
                                             for h in head))]
    for attrs, cells in rows:
        out.append('<tr%s>%s</tr>' % (attrs, ''.join(
            '<td%s>%s</td>' % (' class="t"' if isinstance(c, str) and
                               num(c) is None and c not in ('-', '') else
                               '', esc(fmt(c) if not isinstance(c, str)
                                       else c))
            for c in cells)))
    out.append('</table>')
    return '\n'.join(out)


def _ns(ticks, hz):
    if ticks is None or not hz:
        return None
    return ticks * 1e9 / hz


def _pm(v, ci):
    if v is None:
        return '-'
    return fmt(v) + ('' if ci is None else ' \u00b1 ' + fmt(ci, 3))


def _label(info):
    m = info.get('cpu_model') or info.get('dt_model') or '?'
    return 'run %s: %s %s (%s)' % (info['run_hex'], info.get('arch') or '?',
                                   m, info.get('log_name') or '?')


def _by_kind(con, run_id):
    """{kind: [(record id, fields)]} of a run, kinds in record order."""
    out = {}
    for rec_id, kind in con.execute('SELECT id, kind FROM record WHERE '
                                    'run_id = ? ORDER BY seq', (run_id,)):
        out.setdefault(kind, []).append((rec_id, store.fields(con,
                                                              rec_id)))
    return out


def _columns(reg, kind, recs_):
    """A kind's columns: the schema's keys some record has, in the
    schema's order, then keys the schema lacks (a newer image's) in the
    order met; with each its unit."""
    ent = reg.get(kind)
    keys = [(k, u) for k, _, _, _, u in ent[1]] if ent else []
    have = {k for _, f in recs_ for k, _ in f}
    cols = [(k, u) for k, u in keys if k in have]
    named = {k for k, _ in keys} | {'v', 'run'}
    for _, f in recs_:
        for k, _ in f:
            if k not in named:
                named.add(k)
                cols.append((k, ''))
    return cols


def _head(k, unit):
    return '%s (%s)' % (k, unit) if unit else k


def _generic(reg, kind, recs_, run_hex):
    """A kind's records: a card for one, a table for more; the columns
    from the schema (_columns).  Each record's one data-kind element."""
    if not recs_:
        return ''
    cols = _columns(reg, kind, recs_)
    if len(recs_) == 1:
        f = recs_[0][1]
        d = dict(reversed(f))       # a key twice: its first value
        return '<dl class="card"%s>%s</dl>' % (
            _data(kind, run_hex, f), ''.join(
                '<dt>%s</dt><dd>%s</dd>' % (esc(_head(k, u)),
                                            esc(d.get(k, '')))
                for k, u in cols))
    rows = []
    for _, f in recs_:
        d = dict(reversed(f))
        rows.append((_data(kind, run_hex, f), [d.get(k, '') for k, _ in
                                               cols]))
    return _table([_head(k, u) for k, u in cols], rows)


def _status(info):
    """What the reader must know before the figures: the run is not
    whole, records were rejected, the machine is virtual."""
    out = []
    st = info['status']
    why = {
        'incomplete': 'the run has no end record: cut short (a reset, a '
                      'hang, a truncated log); its figures are partial',
        'damaged': 'records are missing (the end record counts more than '
                   'the log holds): damaged on the way',
        'partial': 'a screen\'s QR codes: only part of the run\'s records',
        'fail': 'the run ended with status=fail',
    }
    if st != 'ok':
        out.append('<p class="bad">status %s: %s</p>' % (
            esc(st), esc(why.get(st, 'not ok'))))
    if info['rejects']:
        out.append('<p class="bad">%d records of %s were rejected '
                   '(checksum, truncation):</p><ul>%s</ul>' % (
                       len(info['rejects']), esc(info.get('log_name')),
                       ''.join('<li>line %d: %s</li>' % (n, esc(w))
                               for n, w in info['rejects'][:50])))
    virt = info.get('virt')
    if virt and virt != 'none':
        out.append('<p class="warn">virtualized (%s): the figures describe '
                   'the virtual machine%s, not the hardware</p>' % (
                       esc(virt), ' (QEMU under TCG)'
                       if virt == 'qemu-tcg' else ''))
    return '\n'.join(out)


_NUMBER = re.compile(r'[0-9]+(\.[0-9]+)?')


def _warnings(con, info, by_kind, reg, pages_):
    """The run's warnings, alike ones on one line with their count (a
    warning per layout at a gap says the same of each): alike is the
    same what and the same message but for its numbers."""
    groups = {}
    for w in store.rows(con, 'warn', info['id']):
        what, msg = w['what'] or '', w['msg'] or ''
        key = (what, _NUMBER.sub('#', msg))
        groups.setdefault(key, []).append((w['id'], msg))
    items = []
    for (what, _), ws in groups.items():
        msgs = []
        for _, m in ws:
            if m not in msgs:
                msgs.append(m)
        line = 'warning %s%s: %s' % (
            esc(what), ' <span class="count">\u00d7%d</span>' % len(ws)
            if len(ws) > 1 else '', esc(msgs[0]))
        if len(msgs) > 1:
            line += ('<details><summary>the %d warnings (%d messages)'
                     '</summary><ul>%s</ul></details>' % (
                         len(ws), len(msgs), ''.join(
                             '<li>%s%s</li>' % (esc(m), ' \u00d7%d' % n
                                                if n > 1 else '')
                             for m, n in ((m, sum(1 for _, x in ws
                                                  if x == m))
                                          for m in msgs))))
        items.append('<li>%s</li>' % line)
    # what an experiment adds (a verdict an older image did not warn of)
    for _, mod in pages_:
        if hasattr(mod, 'warnings'):
            items += ['<li>%s</li>' % x for x in mod.warnings(
                con, info, {w[0] for w in groups})]
    if info['unknown']:
        items.append('<li>keys this report does not know (a newer image; '
                     'kept in the database): %s</li>' % esc(
                         info['unknown'].replace(',', ', ')))
    out = ['<h3>Warnings</h3>']
    if items:
        out.append('<ul class="warns warn">%s</ul>' % ''.join(items))
    else:
        out.append('<p>warnings: none</p>')
    for kind in TROUBLE_KINDS:
        if by_kind.get(kind):
            out.append('<p class="bad">%s records:</p>' % esc(kind))
            out.append(_generic(reg, kind, by_kind[kind], info['run_hex']))
    return '\n'.join(out)


def _machine(info, by_kind, reg):
    """The machine and the run's settings, folded: a line in view."""
    topo = dict(by_kind.get('topo', [(0, [])])[0][1])
    parts = ['%s/%s' % (info.get('arch') or '?', info.get('platform') or
                        '?')]
    if info.get('virt') and info.get('virt') != 'none':
        parts[0] += ' (%s)' % info['virt']
    for k in ('cpu_model', 'dt_model', 'product'):
        if info.get(k):
            parts.append(info[k])
            break
    for k, one, more in (('cpus', 'CPU', 'CPUs'), ('packages', 'package',
                                                   'packages'),
                         ('nodes', 'node', 'nodes'), ('llcs', 'LLC',
                                                      'LLCs')):
        if topo.get(k):
            parts.append('%s %s' % (topo[k], one if topo[k] == '1' else
                                    more))
    if info.get('bios_version'):
        parts.append('firmware ' + info['bios_version'])
    out = ['<details class="machine"><summary>Machine: %s</summary>'
           % esc(', '.join(parts)),
           '<dl class="card"><dt>run</dt><dd>%s</dd><dt>status</dt><dd>%s'
           '</dd><dt>log</dt><dd>%s</dd></dl>' % (
               esc(info['run_hex']), esc(info['status']),
               esc(info.get('log_name') or '-'))]
    for kind in MACHINE_KINDS:
        if by_kind.get(kind):
            out.append('<h4>%s</h4>' % esc(kind))
            out.append(_generic(reg, kind, by_kind[kind], info['run_hex']))
    out.append('</details>')
    return '\n'.join(out)


def _records(info, by_kind, reg, placed):
    """Every record of the run not shown above, a table per kind (the
    schema's columns), folded; a kind the schema lacks too."""
    out = ['<h3>Records by kind</h3>']
    for kind, recs_ in by_kind.items():
        if kind in placed:
            continue
        out.append('<details><summary>%s (%d)</summary>%s</details>' % (
            esc(kind), len(recs_), _generic(reg, kind, recs_,
                                            info['run_hex'])))
    return '\n'.join(out) if len(out) > 1 else ''


_PAGES = None


def pages():
    """[(name, module)]: each experiment's part of the page,
    tools/exp/NAME/page.py, in the registry's order (sbmlog
    experiments); one without a page adds nothing but its records."""
    global _PAGES
    if _PAGES is not None:
        return _PAGES
    out = []
    for name in recs.experiments():
        path = os.path.join(_EXP_DIR, name, 'page.py')
        if not os.path.isfile(path):
            continue
        spec = importlib.util.spec_from_file_location(
            'sbmdb.page_' + name, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        out.append((name, mod))
    _PAGES = out
    return out


def _side_by_side(con, infos, pages_):
    """The runs in columns: what names each machine, then each
    experiment's rows (its side_rows)."""
    ident = ['cpu_model', 'arch', 'virt', 'sys_vendor', 'product', 'board',
             'bios_version', 'status']
    rows = [('', [k] + [str(i.get(k) or '-') for i in infos]) for k in ident]
    notes = []
    for _, mod in pages_:
        if hasattr(mod, 'side_rows'):
            r, note = mod.side_rows(con, infos)
            rows += r
            if note:
                notes.append(note)
    return ('<h2>Machines side by side</h2>' +
            ''.join('<p>%s</p>' % esc(n) for n in notes) +
            _table([''] + [i['run_hex'] for i in infos], rows))


def render(con, run_ids, published=()):
    pages_ = pages()
    infos = [store.run_info(con, r) for r in run_ids]
    shown = {i['run_hex'] for i in infos}
    infos = [i for i in infos if not any(
        hasattr(mod, 'hides') and mod.hides(con, i, shown)
        for _, mod in pages_)]
    # what an experiment's part adds to the page's top, style and script
    # (all inline, hashed into the policy below)
    css = CSS + ''.join(getattr(mod, 'CSS', '') for _, mod in pages_)
    js = JS + ''.join(getattr(mod, 'JS', '') for _, mod in pages_)
    body = ['<h1>sbmbench report</h1>']
    body += [mod.TOP for _, mod in pages_ if hasattr(mod, 'TOP')]
    body += ['<p>%d runs%s. Figures as the runs recorded them; ticks are '
            'the counter\'s.</p>' % (len(infos), ', %d published c2c sets'
                                     % len(published) if published else '')]
    if len(infos) > 1:
        body.append(_side_by_side(con, infos, pages_))
    reg = store.registry(con)
    for info in infos:
        by_kind = _by_kind(con, info['id'])
        body.append('<section id="run-%d">' % info['id'])
        body.append('<h2>%s</h2>' % esc(_label(info)))
        body.append(_status(info))
        placed = set(MACHINE_KINDS) | set(TROUBLE_KINDS) | {'warn'}
        # the experiments' answers lead, their maps follow the machine
        for where in ('head', 'body'):
            if where == 'body':
                body.append(_warnings(con, info, by_kind, reg, pages_))
                body.append(_machine(info, by_kind, reg))
            for _, mod in pages_:
                if getattr(mod, 'PLACE', 'body') != where:
                    continue
                text, kinds = mod.section(con, info, by_kind, reg, published)
                if text:
                    body.append(text)
                placed.update(kinds)
        body.append(_records(info, by_kind, reg, placed))
        body.append('</section>')
    for _, mod in pages_:
        text = mod.tail(con, infos, published) if hasattr(mod, 'tail') \
            else ''
        if text:
            body.append(text)
    csp = ("default-src 'none'; script-src 'sha256-%s'; style-src "
           "'sha256-%s'; img-src data:; form-action 'none'; base-uri 'none'"
           % (_sha(js), _sha(css)))
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
            '<meta http-equiv="Content-Security-Policy" content="%s">\n'
            '<title>sbmbench report</title>\n<style>%s</style></head>\n'
            '<body>\n%s\n<script>%s</script>\n</body></html>\n' % (
                esc(csp), css, '\n'.join(body), js))
