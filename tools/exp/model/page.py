# SPDX-License-Identifier: BSD-2-Clause
"""The model experiment's part of the HTML page: measured beside
predicted, a chart and the rows per gap; a run of sbmlog predict that
models a run on the page is drawn in that run's section."""
from sbmdb import html as H, store
from sbmdb.svg import esc, fmt, grouped_bars

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
            fig = H._fig('model', hexes[rid], f)
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
            rows.append((H._fig_attrs('model', hexes[rid], f), [
                t['layout'] or '-', t['op'] or '-', arb,
                t['sharers'], t['handoff_ns'], t['cost_ns'], t.get('pct'),
                t.get('measured_ns'), t.get('measured_pct'),
                t.get('ratio'), t.get('verdict') or '-']))
        if not rows:
            continue
        out.append('<h4>gap %s ns</h4>' % esc(fmt(g)))
        out.append(H._table(['layout', 'op', 'arbiter', 'most sharers',
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




PLACE = 'head'


def section(con, info, by_kind, reg, published):
    return _model(con, info), ()


def hides(con, info, shown):
    """A model's own run (sbmlog predict of a run shown here) is drawn in
    that run's section, not as a run of its own."""
    return any(t.get('of_run') in shown
               for t in store.rows(con, 'model', info['id']))
