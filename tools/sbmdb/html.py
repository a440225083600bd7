# SPDX-License-Identifier: BSD-2-Clause
"""One self-contained HTML report of runs from the database.

No network: inline CSS, JS and SVG under a Content-Security-Policy that
allows nothing else (the script and style by their hashes).  Every text
from a log goes through esc().  Each run's page leads with the answer
(every layout's cost against global per gap, then a chart of it with
the intervals), then its warnings, grouped, then the machine, folded,
then each experiment's own view, then every record in a table per kind
whose columns are the record schema's keys (store.registry()): no key
is listed here for a table.

Every record sits once in the DOM with data-kind and its keys as data-*
attributes (the per-kind tables); a figure a view shows (the answer,
a chart's bar, point or cell) sits in data-fig and the record's keys,
so a browser test can compare the DOM with sbmlog's own CSV.
"""
import base64
import hashlib
import re

from . import c2cpub, store
from .records import num
from .svg import esc, fmt, grouped_bars, heatmap, lines, bars

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
#hover{position:fixed;right:1em;top:1em;background:#ffe;padding:.3em .6em;
border:1px solid #999;font-family:monospace;min-width:12em}
rect.pair:hover,rect.bar:hover{stroke:#000;stroke-width:1}
'''

JS = '''
(function () {
  var box = document.getElementById("hover");
  document.body.setAttribute("data-js", "ran");
  document.addEventListener("mouseover", function (ev) {
    var t = ev.target;
    if (!t.getAttribute || t.getAttribute("data-fig") !== "c2c") return;
    box.textContent = "CPU " + t.getAttribute("data-a") + " - CPU " +
      t.getAttribute("data-b") + " (" + t.getAttribute("data-class") +
      ", line in node " + t.getAttribute("data-home") + "): " +
      t.getAttribute("data-median") + " ns, CAS " +
      t.getAttribute("data-cas_median") + " ns";
  });
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


def _warnings(con, info, by_kind, reg):
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
    # an older image's proof that disagrees without its warning
    if not any(w[0] == 'proof' for w in groups):
        for p in store.rows(con, 'proof', info['id']):
            if p['verdict'] == 'disagree':
                items.append('<li>proof: the global update costs %s %% of '
                             '%s (disagree)</li>' % tuple(
                                 esc(fmt(x)) for x in _proof_pct(p)))
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


def within_noise(t):
    """A cost above the floor whose 95 % interval holds 0, or below 0:
    what the run cannot tell from nothing (the floor layouts are the
    floor)."""
    if t is None or t.get('clean') == 0 or t.get('cost_ns') is None or \
            (t.get('layout') or '').startswith('private'):
        return False
    return not (t['cost_ns'] - max(t.get('cost_ci') or 0, 0) > 0)


def _noise_words(t):
    return 'not above the floor (within noise: %s \u00b1 %s ns)' % (
        fmt(t['cost_ns']), fmt(t.get('cost_ci') or 0))


def _ratio(t, glob=None):
    """(% of global, its 95 %, why there is none) of a result row, as the
    console's table says it: at gap 0 of the whole update (pct), at a gap
    of the cost above each layout's floor (pct_abv); none, in words,
    where that cost or global's (@glob) is within noise."""
    if t.get('clean') == 0:
        return None, None, 'lost updates, no figure'
    if t.get('gap') and within_noise(t):
        return None, None, _noise_words(t)
    if t.get('gap') and within_noise(glob):
        return None, None, ('global not above its floor within noise: '
                            '%s \u00b1 %s ns' % (fmt(glob['cost_ns']),
                                                  fmt(glob.get('cost_ci') or 0)))
    if not t.get('gap'):
        if t.get('pct') is None:
            return None, None, 'no figure'
        return t['pct'], t.get('pct_ci'), ''
    if t.get('pct_abv') is None:
        return None, None, ('global not above its floor'
                            if t.get('cost_ns') is not None else 'no floor')
    return t['pct_abv'], t.get('pct_abv_ci'), ''


def _answer(con, info):
    """The seed-style table per gap, then the chart of every layout
    against global per gap with its intervals."""
    hz = info.get('counter_hz')
    res = store.rows(con, 'result', info['id'])
    if not res:
        return '<p>no sbm results</p>'
    gaps, names, series = [], [], {}
    for t in res:
        if t['gap'] not in gaps:
            gaps.append(t['gap'])
    out = ['<h3>The answer: each layout\'s cost against global</h3>',
           '<p>Per update (half an iteration: set, clear). At gap 0 every '
           'CPU updates back to back and % global is the ratio of the mean '
           'costs; at a gap each CPU does that many ns of private work '
           'between updates and % global is the cost above each layout\'s '
           'floor (private / private-u8 at the same gap) as % of global\'s '
           '(the private work belongs to neither side). \u00b1: the 95 % '
           'interval.</p>']
    for g in gaps:
        rows = []
        for t in res:
            if t['gap'] != g:
                continue
            f = store.fields(con, t['record_id'])
            upd = t['upd_ns']
            if upd is None and _ns(t['mean'], hz) is not None:
                upd = _ns(t['mean'], hz) / 2
            ci = _ns(t['ci95'], hz)
            glob = next((u for u in res if u['gap'] == g and
                         u['layout'] == 'global'), None)
            pct, pci, why = _ratio(t, glob)
            cells = [t['layout'] or '-', t['op'] or '-',
                     _pm(upd, None if ci is None else ci / 2)]
            if g:
                cells.append(_noise_words(t) if within_noise(t) else
                             _pm(t['cost_ns'], t.get('cost_ci')))
            cells.append(why or _pm(pct, pci))
            cells += [t.get('rep_cv'), t['reps']]
            if g:
                cells.append(t.get('gap_real_ns'))
            rows.append((_fig_attrs('result', info['run_hex'], f), cells))
            name = '%s %s' % (t['layout'] or '?', t['op'] or '')
            if name not in names:
                names.append(name)
            series.setdefault(g, {})[name] = (
                pct, None if pct is None or pci is None else pct - pci,
                None if pct is None or pci is None else pct + pci,
                _fig('result', info['run_hex'], f),
                '%s at gap %s ns: %s' % (name, fmt(g), why or
                                         _pm(pct, pci) + ' % of global'))
        if g:
            out.append('<h4>gap %s ns: an update every %s ns of private '
                       'work (event rates)</h4>' % (esc(fmt(g)),
                                                    esc(fmt(g))))
            head = ['layout', 'op', 'ns/update (95 %)',
                    'ns above floor (95 %)', '% global above floor (95 %)',
                    'var %', 'reps', 'gap really ns']
        else:
            out.append('<h4>gap 0 ns: saturation, updates back to back'
                       '</h4>')
            head = ['layout', 'op', 'ns/update (95 %)',
                    '% global (95 %)', 'var %', 'reps']
        out.append(_table(head, rows, 'answer'))
    out.append(grouped_bars(
        [('gap %s ns' % fmt(g), series.get(g, {})) for g in gaps], names,
        '% of global per gap (at a gap: above the floor), 95 % intervals',
        '% of global', ref=100))
    return '\n'.join(out)


def model_rows(con, info):
    """[(model run id, typed model row)] of the runs that model this one
    (sbmlog predict's, their of_run its id), or its own model records
    (a predict log of a machine with no run of its own)."""
    out = []
    for (rid,) in con.execute('SELECT id FROM run ORDER BY id'):
        for t in store.rows(con, 'model', rid):
            if t.get('of_run') == info['run_hex'] or (
                    rid == info['id'] and not t.get('of_run')):
                out.append((rid, t))
    return out


def _model(con, info):
    """Measured beside predicted: a chart per gap, a bar for the
    measurement and one per arbiter for every layout, and the rows."""
    got = model_rows(con, info)
    if not got:
        return ''
    hexes = {r: store.run_info(con, r)['run_hex'] for r in {r for r, _ in got}}
    out = ['<h3>The model beside the measurement</h3>',
           '<p>What the machine\'s own core-to-core map predicts (a '
           'contended update costs one hand-off of its line: '
           'docs/model.md), for a fair arbiter and a nearest-first one, '
           'beside what was measured: ns per update above the floor. '
           'A measurement outside both (\u00b1 5 %) is named in the '
           'warnings.</p>']
    gaps = []
    for _, t in got:
        if t['what'] == 'sbm' and t['gap'] not in gaps:
            gaps.append(t['gap'])
    for g in gaps:
        rows, groups = [], {}
        for rid, t in got:
            if t['what'] != 'sbm' or t['gap'] != g or \
                    (t['layout'] or '').startswith('private'):
                continue
            f = store.fields(con, t['record_id'])
            fig = _fig('model', hexes[rid], f)
            grp = groups.setdefault(t['layout'] or '?', {})
            arb = t['arbiter'] or '?'
            grp['predicted, ' + arb] = (
                t['cost_ns'], None, None, fig, '%s gap %s, %s arbiter: %s '
                'ns predicted' % (t['layout'], fmt(g), arb, fmt(t['cost_ns'])))
            if t.get('measured_ns') is not None:
                grp['measured'] = (
                    t['measured_ns'], t.get('measured_lo'),
                    t.get('measured_hi'), fig, '%s gap %s: %s ns measured' % (
                        t['layout'], fmt(g), fmt(t['measured_ns'])))
            rows.append((_fig_attrs('model', hexes[rid], f), [
                t['layout'] or '-', t['op'] or '-', arb,
                t['sharers'], t['handoff_ns'], t['cost_ns'], t.get('pct'),
                t.get('measured_ns'), t.get('measured_pct'),
                t.get('ratio'), t.get('verdict') or '-']))
        if not rows:
            continue
        out.append('<h4>gap %s ns</h4>' % esc(fmt(g)))
        out.append(_table(['layout', 'op', 'arbiter', 'most sharers',
                           'hand-off ns', 'predicted ns above floor',
                           'predicted % global', 'measured ns',
                           'measured % global', 'measured / predicted',
                           'verdict'], rows, 'model'))
        names = [n for n in ('measured', 'predicted, fair',
                             'predicted, nearest')
                 if any(n in grp for grp in groups.values())]
        out.append(grouped_bars(
            list(groups.items()), names, 'gap %s ns: ns per update above '
            'the floor, measured (95 %%) and predicted' % fmt(g),
            'ns above floor'))
    return '\n'.join(out)


def _proof_pct(p):
    """The figure the verdict judges: % of one RFO (rfo_pct), in older
    records % of a plain ping-pong's one-way time (pct)."""
    if p.get('rfo_pct') is not None:
        return p['rfo_pct'], 'one RFO'
    return p['pct'], 'a ping-pong\'s one-way time'


def _proof(con, info, by_kind, reg):
    """The proof's verdict in a line per partner, its figures folded."""
    out = ['<h4>Proof: one contended update against one line transfer'
           '</h4>', '<ul>']
    for p in store.rows(con, 'proof', info['id']):
        out.append('<li>CPU %s - CPU %s (%s): global at gap %s ns costs %s '
                   '%% of %s: <b>%s</b></li>' % tuple(
                       esc(fmt(x)) for x in (
                           p['a'], p['b'], p['relation'] or '-', p['gap'],
                           _proof_pct(p)[0], _proof_pct(p)[1],
                           p['verdict'] or '-')))
    out.append('</ul><details><summary>proof records (%d)</summary>%s'
               '</details>' % (len(by_kind['proof']), _generic(
                   reg, 'proof', by_kind['proof'], info['run_hex'])))
    return '\n'.join(out)


def _cpu_order(con, info, c2c_typed):
    cpus = [(c['id'], c['package'], c['node'], c['llc'], c['core'],
             c['smt']) for c in store.rows(con, 'cpu', info['id'])
            if c['enabled'] in (None, 1)]
    ids = set()
    for r in c2c_typed:
        ids.update((r['a'], r['b']))
    ids.discard(None)
    known = {c[0]: c for c in cpus if c[0] in ids}
    key = lambda c: tuple(-1 if x is None else x for x in (c[1], c[2],
                                                            c[3], c[4],
                                                            c[5], c[0]))
    order = [c[0] for c in sorted(known.values(), key=key)]
    order += sorted(ids - set(order))
    bounds = []
    for i in range(1, len(order)):
        a, b = known.get(order[i - 1]), known.get(order[i])
        if not a or not b:
            continue
        if a[1] != b[1]:
            bounds.append((i, 3))
        elif a[2] != b[2]:
            bounds.append((i, 2))
        elif a[3] != b[3]:
            bounds.append((i, 1))
    return order, bounds


def _c2c(con, info, published):
    typed = store.rows(con, 'c2c', info['id'])
    if not typed:
        return ''
    order, bounds = _cpu_order(con, info, typed)
    cells = {}
    for t in typed:
        if t['a'] is None or t['b'] is None:
            continue
        tip = 'CPU %s - CPU %s (%s, node %s): %s ns, CAS %s ns' % (
            t['a'], t['b'], t['class'], t['home'], fmt(t['median']),
            fmt(t['cas_median']))
        cells[(t['a'], t['b'])] = (
            t['cas_median'], tip,
            _fig('c2c', info['run_hex'], store.fields(con, t['record_id'])))
    out = ['<h3>Core to core: one-way CAS latency (median, ns)</h3>',
           '<p>Hover a cell for the pair\'s figures. Lines: white between '
           'LLCs, dark between nodes, black between packages.</p>',
           heatmap(order, cells, bounds, 'c2c CAS one-way ns, %d pairs'
                   % len(cells))]
    cols = [('ours (%s)' % info['run_hex'], c2cpub.ours_by_class(typed))]
    for name in published:
        st = c2cpub.stored_by_class(con, name)
        if st:
            cols.append(('published: ' + name, st))
    head = ['class']
    for t, _ in cols:
        head += [t + ': pairs', 'median ns', 'mean ns']
    rows = []
    for c in c2cpub.CLASSES:
        cells_ = [c]
        for _, st in cols:
            s = st.get(c)
            cells_ += ['-', '-', '-'] if s is None else [s[0], s[2], s[3]]
        rows.append(('', cells_))
    out.append('<h4>By class (SMT, same LLC, same package, cross-package)'
               '</h4>')
    out.append(_table(head, rows))
    return '\n'.join(out)


def _scale(con, info, by_kind, reg):
    typed = store.rows(con, 'scale', info['id'])
    if not typed:
        return ''
    out = ['<h3>Scaling: ns per update against contending CPUs</h3>']
    orders = []
    for t in typed:
        if t['order'] not in orders:
            orders.append(t['order'])
    for o in orders:
        series = {}
        for t in typed:
            if t['order'] != o:
                continue
            series.setdefault(t['layout'] or 'line', []).append(
                (t['cpus'], t['upd_ns'], _fig(
                    'scale', info['run_hex'],
                    store.fields(con, t['record_id']))))
        out.append(lines(list(series.items()), 'order %s' % (o or 'topo'),
                         'CPUs', 'ns per update'))
    if by_kind.get('scale-summary'):
        out.append(_generic(reg, 'scale-summary', by_kind['scale-summary'],
                            info['run_hex']))
    return '\n'.join(out)


def _noise(con, info):
    typed = store.rows(con, 'noise', info['id'])
    if not typed:
        return ''
    buckets = {}
    for t in typed:
        lo = t['hist_lo']
        if lo is None or not t['hist'] or lo > 62:
            continue
        for i, c in enumerate(t['hist'].split(',')[:64]):
            v = num(c)
            if v is not None and v >= 0 and lo + i < 64:
                buckets[lo + i] = buckets.get(lo + i, 0) + int(v)
    out = ['<h3>Noise: gaps in a counter-polling loop</h3>']
    n = noise_summary(typed)
    if n:
        out.append('<p>all CPUs: %d gaps, %s ns in all, the longest %s ns, '
                   '%s gaps per second polled (per CPU: the noise table '
                   'below)</p>' % (n[0], esc(fmt(n[1])), esc(fmt(n[2])),
                                   esc(fmt(n[3]))))
    if buckets:
        ks = list(range(min(buckets), max(buckets) + 1))

        def lab(i):
            v = 2 ** i
            for unit, d in (('s', 1e9), ('ms', 1e6), ('us', 1e3)):
                if v >= d:
                    return '%.3g %s' % (v / d, unit)
            return '%d ns' % v
        out.append(bars([lab(i) for i in ks], [buckets.get(i, 0)
                                               for i in ks],
                        'gaps per log2 bucket, all CPUs', 'gaps'))
    return '\n'.join(out)


def _rw(con, info):
    typed = store.rows(con, 'rw', info['id'])
    if not typed:
        return ''
    series = [('%s %s' % (t['layout'] or '?', t['reader'] or ''),
               [(t['writer_ns'], t['reader_ns'], _fig(
                   'rw', info['run_hex'],
                   store.fields(con, t['record_id'])))])
              for t in typed]
    out = ['<h3>Writers against readers (ns per update, ns per scan)</h3>',
           lines(series, 'writer cost vs reader cost', 'writer ns/update',
                 'reader ns/scan', points='only')]
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


def noise_summary(rows):
    """(gaps, total ns, longest ns, gaps per polled second) of a run's
    noise rows, or None."""
    rows = [r for r in rows if r['count'] is not None]
    if not rows:
        return None
    gaps = sum(r['count'] for r in rows)
    polled = sum(r['polled_ms'] or 0 for r in rows) / 1e3
    return (gaps, sum(r['total'] or 0 for r in rows),
            max(r['max'] or 0 for r in rows), gaps / polled if polled else 0)


def _side_by_side(con, infos):
    """The runs in columns; result rows paired by layout and gap, never
    by op (store.paired_results): the ops each ran are named."""
    keys, rows_ = store.paired_results(con, [i['id'] for i in infos])
    cols = []
    for info, m in zip(infos, rows_):
        hz = info.get('counter_hz')
        cells = {}
        for k, t in m.items():
            glob = next((u for kk, u in m.items() if kk[1] == k[1] and
                         kk[0] == 'global'), None)
            pct, pci, why = _ratio(t, glob)
            cells[k] = _pm(_ns(t['mean'], hz), _ns(t['ci95'], hz)) + (
                (' (within noise)' if 'noise' in why else '')
                if pct is None else ' (%s %%)' % fmt(pct))
        cols.append(cells)
    ident = ['cpu_model', 'arch', 'virt', 'sys_vendor', 'product', 'board',
             'bios_version', 'status']
    rows = [('', [k] + [str(i.get(k) or '-') for i in infos]) for k in ident]
    rows += [('', ['%s gap %s: %s' % (k[0] or '-', fmt(k[1]),
                                       store.ops_of(k, rows_))] +
              [c.get(k, '-') for c in cols]) for k in keys]
    noise = [noise_summary(store.rows(con, 'noise', i['id'])) for i in infos]
    if any(noise):
        rows.append(('', ['noise: gaps per polled second'] +
                     ['-' if not n else fmt(n[3]) for n in noise]))
        rows.append(('', ['noise: longest gap ns'] +
                     ['-' if not n else fmt(n[2]) for n in noise]))
    classes = [c2cpub.ours_by_class(store.rows(con, 'c2c', i['id']))
               for i in infos]
    for c in c2cpub.CLASSES:
        if any(st.get(c) for st in classes):
            rows.append(('', ['c2c CAS %s: median ns' % c] +
                         ['-' if not st.get(c) else fmt(st[c][2])
                          for st in classes]))
    return ('<h2>Machines side by side (mean ns per iteration, 95 %; % of '
            'global)</h2><p>Rows pair by layout and gap, never by op: each '
            'run\'s op is named (A/B/...) where they differ.</p>' +
            _table([''] + [i['run_hex'] for i in infos], rows))


def render(con, run_ids, published=()):
    infos = [store.run_info(con, r) for r in run_ids]
    # a model's own run (sbmlog predict of a run shown here) is drawn in
    # that run's section, not as a run of its own
    shown = {i['run_hex'] for i in infos}
    infos = [i for i in infos if not any(
        t.get('of_run') in shown for t in store.rows(con, 'model', i['id']))]
    body = ['<h1>sbmbench report</h1>',
            '<div id="hover">hover a c2c cell</div>',
            '<p>%d runs%s. Figures as the runs recorded them; ticks are '
            'the counter\'s.</p>' % (len(infos), ', %d published c2c sets'
                                     % len(published) if published else '')]
    if len(infos) > 1:
        body.append(_side_by_side(con, infos))
    reg = store.registry(con)
    for info in infos:
        by_kind = _by_kind(con, info['id'])
        body.append('<section id="run-%d">' % info['id'])
        body.append('<h2>%s</h2>' % esc(_label(info)))
        body.append(_status(info))
        body.append(_answer(con, info))
        body.append(_model(con, info))
        placed = set(MACHINE_KINDS) | set(TROUBLE_KINDS) | {'warn'}
        if by_kind.get('proof'):
            placed.add('proof')
            body.append(_proof(con, info, by_kind, reg))
        body.append(_warnings(con, info, by_kind, reg))
        body.append(_machine(info, by_kind, reg))
        body.append(_c2c(con, info, published))
        if by_kind.get('scale-summary'):
            placed.add('scale-summary')
        body.append(_scale(con, info, by_kind, reg))
        body.append(_noise(con, info))
        body.append(_rw(con, info))
        body.append(_records(info, by_kind, reg, placed))
        body.append('</section>')
    if published and not any(store.rows(con, 'c2c', i['id'])
                              for i in infos):
        body.append('<h2>Published core-to-core sets</h2>')
        cols = [(n, c2cpub.stored_by_class(con, n) or {}) for n in published]
        rows = [('', [c] + sum([['-', '-'] if st.get(c) is None else
                                [st[c][0], st[c][3]] for _, st in cols], []))
                for c in c2cpub.CLASSES]
        body.append(_table(['class'] + sum([[n + ': pairs', 'mean ns']
                                            for n, _ in cols], []), rows))
    csp = ("default-src 'none'; script-src 'sha256-%s'; style-src "
           "'sha256-%s'; img-src data:; form-action 'none'; base-uri 'none'"
           % (_sha(JS), _sha(CSS)))
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
            '<meta http-equiv="Content-Security-Policy" content="%s">\n'
            '<title>sbmbench report</title>\n<style>%s</style></head>\n'
            '<body>\n%s\n<script>%s</script>\n</body></html>\n' % (
                esc(csp), CSS, '\n'.join(body), JS))
