# SPDX-License-Identifier: BSD-2-Clause
"""The c2c experiment's part of the HTML page: the heat map, the classes
beside published sets, its rows of the runs side by side, and the
published sets alone where no run has a map."""
from sbmdb import c2cpub, html as H, store
from sbmdb.svg import fmt, heatmap

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
            H._fig('c2c', info['run_hex'], store.fields(con, t['record_id'])))
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
    out.append(H._table(head, rows))
    return '\n'.join(out)




PLACE = 'body'

# the hover box: a c2c cell's figures where the pointer is
TOP = '<div id="hover">hover a c2c cell</div>'
CSS = '''#hover{position:fixed;right:1em;top:1em;background:#ffe;padding:.3em .6em;
border:1px solid #999;font-family:monospace;min-width:12em}
'''
JS = '''(function () {
  var box = document.getElementById("hover");
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


def section(con, info, by_kind, reg, published):
    return _c2c(con, info, published), ()


def side_rows(con, infos):
    classes = [c2cpub.ours_by_class(store.rows(con, 'c2c', i['id']))
               for i in infos]
    rows = []
    for c in c2cpub.CLASSES:
        if any(st.get(c) for st in classes):
            rows.append(('', ['c2c CAS %s: median ns' % c] +
                         ['-' if not st.get(c) else fmt(st[c][2])
                          for st in classes]))
    return rows, ''


def tail(con, infos, published):
    if not published or any(store.rows(con, 'c2c', i['id']) for i in infos):
        return ''
    cols = [(n, c2cpub.stored_by_class(con, n) or {}) for n in published]
    rows = [('', [c] + sum([['-', '-'] if st.get(c) is None else
                            [st[c][0], st[c][3]] for _, st in cols], []))
            for c in c2cpub.CLASSES]
    return '<h2>Published core-to-core sets</h2>\n' + H._table(
        ['class'] + sum([[n + ': pairs', 'mean ns'] for n, _ in cols], []),
        rows)


def _classes(con, side):
    if side[0] == 'pub':
        return c2cpub.stored_by_class(con, side[1])
    rows = store.rows(con, 'c2c', side[1])
    return c2cpub.ours_by_class(rows) if rows else None


def db_compare(con, A, B):
    """sbmbench db compare's c2c classes of two sides (a run's map or a
    published set)."""
    out = []
    ca, cb = _classes(con, A), _classes(con, B)
    if ca or cb:
        out.append('')
        out.append('c2c one-way CAS latency by class (ours: cas_median; '
                   'published: mean CAS)')
        out.extend(c2cpub.class_table([(A[2], ca or {}), (B[2], cb or {})]))
    return out
