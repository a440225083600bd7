# SPDX-License-Identifier: BSD-2-Clause
"""One self-contained HTML report of runs from the database.

No network: inline CSS, JS and SVG under a Content-Security-Policy that
allows nothing else (the script and style by their hashes).  Every text
from a log goes through esc(); every figure shown in a table or chart
also sits in data-* attributes named by its record key, so a browser
test can compare the DOM with sbmlog's own tables.
"""
import base64
import hashlib
import re

from . import c2cpub, store
from .records import num
from .svg import esc, fmt, heatmap, lines, bars

_SAFE_KEY = re.compile(r'^[a-z][a-z0-9_]{0,40}$')

CSS = '''
body{font:14px/1.4 sans-serif;margin:1.5em;color:#222;background:#fff}
h1{font-size:1.5em}h2{border-bottom:2px solid #4575b4;margin-top:2em}
table{border-collapse:collapse;margin:.5em 0 1em}
td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}
th{background:#eef}td.t,th.t{text-align:left}
.warn{background:#fff3cd;border:1px solid #e0b000;padding:.5em 1em}
.bad{background:#f8d7da;border:1px solid #c00;padding:.5em 1em}
.card{display:grid;grid-template-columns:max-content auto;gap:0 1em;
background:#f6f8fa;padding:.5em 1em;border:1px solid #ccc}
.card dt{font-weight:bold}.card dd{margin:0;font-family:monospace}
.tick{font-size:10px;fill:#333}.ctitle{font-size:12px;font-weight:bold}
#hover{position:fixed;right:1em;top:1em;background:#ffe;padding:.3em .6em;
border:1px solid #999;font-family:monospace;min-width:12em}
rect.pair:hover{stroke:#000;stroke-width:1}
'''

JS = '''
(function () {
  var box = document.getElementById("hover");
  document.body.setAttribute("data-js", "ran");
  document.addEventListener("mouseover", function (ev) {
    var t = ev.target;
    if (!t.getAttribute || t.getAttribute("data-kind") !== "c2c") return;
    box.textContent = "CPU " + t.getAttribute("data-a") + " - CPU " +
      t.getAttribute("data-b") + " (" + t.getAttribute("data-class") +
      ", line in node " + t.getAttribute("data-home") + "): " +
      t.getAttribute("data-median") + " ns, CAS " +
      t.getAttribute("data-cas_median") + " ns";
  });
})();
'''


def _sha(text):
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def _pairs(kind, run_hex, fields):
    """A record's figures as data-* names (its keys) and values."""
    out, seen = [('kind', kind), ('run', run_hex)], {'v', 'run', 'kind'}
    for k, v in fields:
        if _SAFE_KEY.match(k) and k not in seen:
            seen.add(k)
            out.append((k, v))
    return out


def _data(kind, run_hex, fields):
    return ''.join(' data-%s="%s"' % (k, esc(v))
                   for k, v in _pairs(kind, run_hex, fields))


def _table(head, rows, cls=''):
    """rows: [(attrs, [cells])]; a cell string is escaped here."""
    out = ['<table%s><tr>%s</tr>' % (' class="%s"' % cls if cls else '',
                                     ''.join('<th>%s</th>' % esc(h)
                                             for h in head))]
    for attrs, cells in rows:
        out.append('<tr%s>%s</tr>' % (attrs, ''.join(
            '<td%s>%s</td>' % (' class="t"' if isinstance(c, str) and
                               num(c) is None and c != '-' else '',
                               esc(fmt(c) if not isinstance(c, str) else c))
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


def _warnings(con, info):
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
    for w in store.rows(con, 'warn', info['id']):
        out.append('<p class="warn">warning %s %s: %s</p>' % (
            esc(w['what']), esc(w['id']), esc(w['msg'])))
    for p in store.rows(con, 'proof', info['id']):
        if p['verdict'] == 'disagree':
            out.append('<p class="warn">proof: the global update costs %s '
                       '%% of the line transfer (disagree)</p>'
                       % esc(fmt(p['pct'])))
    if info['unknown']:
        out.append('<p class="warn">keys this report does not know (a newer '
                   'image; kept in the database): %s</p>' % esc(
                       info['unknown'].replace(',', ', ')))
    if not out:
        out.append('<p>warnings: none</p>')
    return '\n'.join(out)


def _card(con, info):
    hello = store.records_of(con, info['id'], 'hello')
    topo = store.records_of(con, info['id'], 'topo')
    config = store.records_of(con, info['id'], 'config')
    items = [('run', info['run_hex']), ('status', info['status']),
             ('log', info.get('log_name') or '-')]
    for recs_, pre in ((hello, ''), (topo, 'topo '), (config, 'config ')):
        for _, fields in recs_[:1]:
            items += [(pre + k, v) for k, v in fields if k not in ('v',
                                                                   'run')]
    return '<dl class="card">%s</dl>' % ''.join(
        '<dt>%s</dt><dd>%s</dd>' % (esc(k), esc(v)) for k, v in items)


def _seed(con, info):
    """The seed table per gap, then the event-rate table (gaps > 0)."""
    hz = info.get('counter_hz')
    res = store.records_of(con, info['id'], 'result')
    if not res:
        return '<p>no sbm results</p>'
    typed = store.rows(con, 'result', info['id'])
    gaps = []
    for t in typed:
        if t['gap'] not in gaps:
            gaps.append(t['gap'])
    out = []
    for g in gaps:
        rows = []
        for (_, f), t in zip(res, typed):
            if t['gap'] != g:
                continue
            rows.append((_data('result', info['run_hex'], f), [
                t['layout'] or '-', t['op'] or '-', t['cpus'], t['reps'],
                t['median'], _pm(t['mean'], t['ci95']), t['ns'],
                _pm(_ns(t['mean'], hz), _ns(t['ci95'], hz)), t['pct'],
                t['pct_median'], 'yes' if t['clean'] == 1 else 'NO']))
        out.append('<h4>gap %s ns%s</h4>' % (esc(fmt(g)), ' (saturation)'
                                             if g == 0 else ''))
        out.append(_table(['layout', 'op', 'cpus', 'reps', 'median ticks',
                           'mean ticks (95 %)', 'ns/iter (median)',
                           'mean ns (95 %)', '% global', '% global (median)',
                           'clean'], rows))
    ev = [(f, t) for (_, f), t in zip(res, typed) if t['gap']]
    if ev:
        out.append('<h3>Event rates: cost per update above the floor</h3>')
        out.append(_table(['layout', 'op', 'gap ns', 'ns/update',
                           'floor ticks', 'cost ns above floor', '% global'],
                          [('', [t['layout'] or '-', t['op'] or '-',
                                 t['gap'], t['upd_ns'], t['floor'],
                                 t['cost_ns'], t['pct']]) for f, t in ev]))
    proofs = store.rows(con, 'proof', info['id'])
    if proofs:
        out.append('<h3>Proof: one contended update against one line '
                   'transfer</h3>')
        out.append(_table(['CPUs', 'relation', 'ping-pong ns', 'gap',
                           'cost ns', '95 % of cost', '% of transfer',
                           'verdict'],
                          [('', ['%s-%s' % (p['a'], p['b']),
                                 p['relation'] or '-', p['pingpong_ns'],
                                 p['gap'], p['cost_ns'], p['cost_ci95_ns'],
                                 p['pct'], p['verdict'] or '-'])
                           for p in proofs]))
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
    recs_ = store.records_of(con, info['id'], 'c2c')
    if not recs_:
        return ''
    typed = store.rows(con, 'c2c', info['id'])
    order, bounds = _cpu_order(con, info, typed)
    cells = {}
    for (_, f), t in zip(recs_, typed):
        if t['a'] is None or t['b'] is None:
            continue
        tip = 'CPU %s - CPU %s (%s, node %s): %s ns, CAS %s ns' % (
            t['a'], t['b'], t['class'], t['home'], fmt(t['median']),
            fmt(t['cas_median']))
        cells[(t['a'], t['b'])] = (t['cas_median'], tip,
                                   _pairs('c2c', info['run_hex'], f))
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


def _scale(con, info):
    recs_ = store.records_of(con, info['id'], 'scale')
    if not recs_:
        return ''
    typed = store.rows(con, 'scale', info['id'])
    out = ['<h3>Scaling: ns per update against contending CPUs</h3>']
    orders = []
    for t in typed:
        if t['order'] not in orders:
            orders.append(t['order'])
    for o in orders:
        series = {}
        for (_, f), t in zip(recs_, typed):
            if t['order'] != o:
                continue
            series.setdefault(t['layout'] or 'line', []).append(
                (t['cpus'], t['upd_ns'],
                 _pairs('scale', info['run_hex'], f)))
        out.append(lines(list(series.items()), 'order %s' % (o or 'topo'),
                         'CPUs', 'ns per update'))
    summ = store.records_of(con, info['id'], 'scale-summary')
    if summ:
        keys = ['layout', 'order', 'op', 'cpus', 'base_ns', 'last_ns',
                'doubles_at', 'llc_wins_from', 'llc_stops_at']
        out.append(_table(keys, [('', [dict(f).get(k, '-') for k in keys])
                                 for _, f in summ]))
    return '\n'.join(out)


def _noise(con, info):
    recs_ = store.records_of(con, info['id'], 'noise')
    if not recs_:
        return ''
    typed = store.rows(con, 'noise', info['id'])
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
    out.append(_table(['cpu', 'polled ms', 'gaps', 'total ns', 'longest ns'],
                      [(_data('noise', info['run_hex'], f),
                        [t['cpu'], t['polled_ms'], t['count'], t['total'],
                         t['max']]) for (_, f), t in zip(recs_, typed)]))
    return '\n'.join(out)


def _rw(con, info):
    recs_ = store.records_of(con, info['id'], 'rw')
    if not recs_:
        return ''
    typed = store.rows(con, 'rw', info['id'])
    series = [(t['layout'] or '?', [(t['writer_ns'], t['reader_ns'], None)])
              for t in typed]
    out = ['<h3>Writers against readers (ns per update, ns per scan)</h3>',
           lines(series, 'writer cost vs reader cost', 'writer ns/update',
                 'reader ns/scan', points='only'),
           _table(['layout', 'reader', 'writer ns', 'writer alone ns',
                   'reader ns', 'reader alone ns', 'check'],
                  [(_data('rw', info['run_hex'], f),
                    [t['layout'] or '-', t['reader'] or '-', t['writer_ns'],
                     t['writer_alone_ns'], t['reader_ns'],
                     t['reader_alone_ns'], t['check'] or '-'])
                   for (_, f), t in zip(recs_, typed)])]
    return '\n'.join(out)


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
    keys, cols = [], []
    for info in infos:
        hz = info.get('counter_hz')
        m = {}
        for t in store.rows(con, 'result', info['id']):
            k = (t['layout'] or '-', t['op'] or '-', t['gap'])
            if k not in keys:
                keys.append(k)
            m[k] = _pm(_ns(t['mean'], hz), _ns(t['ci95'], hz))
        cols.append(m)
    ident = ['cpu_model', 'arch', 'virt', 'sys_vendor', 'product', 'board',
             'bios_version', 'status']
    rows = [('', [k] + [str(i.get(k) or '-') for i in infos]) for k in ident]
    rows += [('', ['%s %s gap %s' % (k[0], k[1], fmt(k[2]))] +
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
    return ('<h2>Machines side by side (mean ns per iteration, 95 %)</h2>' +
            _table([''] + [i['run_hex'] for i in infos], rows))


def render(con, run_ids, published=()):
    infos = [store.run_info(con, r) for r in run_ids]
    body = ['<h1>sbmbench report</h1>',
            '<div id="hover">hover a c2c cell</div>',
            '<p>%d runs%s. Figures as the runs recorded them; ticks are '
            'the counter\'s.</p>' % (len(infos), ', %d published c2c sets'
                                     % len(published) if published else '')]
    if len(infos) > 1:
        body.append(_side_by_side(con, infos))
    for info in infos:
        body.append('<section id="run-%d">' % info['id'])
        body.append('<h2>%s</h2>' % esc(_label(info)))
        body.append(_warnings(con, info))
        body.append('<h3>Machine</h3>' + _card(con, info))
        body.append('<h3>sbm layouts per gap</h3>' + _seed(con, info))
        body.append(_c2c(con, info, published))
        body.append(_scale(con, info))
        body.append(_noise(con, info))
        body.append(_rw(con, info))
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
