# SPDX-License-Identifier: BSD-2-Clause
"""The scale experiment's part of the HTML page: a chart per CPU order,
a line per layout, and its curves' summaries."""
from sbmdb import html as H, store
from sbmdb.svg import lines

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
                (t['cpus'], t['upd_ns'], H._fig(
                    'scale', info['run_hex'],
                    store.fields(con, t['record_id']))))
        out.append(lines(list(series.items()), 'order %s' % (o or 'topo'),
                         'CPUs', 'ns per update'))
    if by_kind.get('scale-summary'):
        out.append(H._generic(reg, 'scale-summary', by_kind['scale-summary'],
                            info['run_hex']))
    return '\n'.join(out)




PLACE = 'body'


def section(con, info, by_kind, reg, published):
    return _scale(con, info, by_kind, reg), ('scale-summary',) if \
        by_kind.get('scale-summary') else ()
