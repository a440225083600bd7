# SPDX-License-Identifier: BSD-2-Clause
"""The sbm experiment's part of the HTML page (tools/sbmdb/html.py loads
it by the registry): the answer, each layout's cost against global per
gap, its chart, and its rows of the runs side by side."""
from sbmdb import html as H, store
from sbmdb.svg import esc, fmt, grouped_bars

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
            if upd is None and H._ns(t['mean'], hz) is not None:
                upd = H._ns(t['mean'], hz) / 2
            ci = H._ns(t['ci95'], hz)
            glob = next((u for u in res if u['gap'] == g and
                         u['layout'] == 'global'), None)
            pct, pci, why = _ratio(t, glob)
            cells = [t['layout'] or '-', t['op'] or '-',
                     H._pm(upd, None if ci is None else ci / 2)]
            if g:
                cells.append(_noise_words(t) if within_noise(t) else
                             H._pm(t['cost_ns'], t.get('cost_ci')))
            cells.append(why or H._pm(pct, pci))
            cells += [t.get('rep_cv'), t['reps']]
            if g:
                cells.append(t.get('gap_real_ns'))
            rows.append((H._fig_attrs('result', info['run_hex'], f), cells))
            name = '%s %s' % (t['layout'] or '?', t['op'] or '')
            if name not in names:
                names.append(name)
            series.setdefault(g, {})[name] = (
                pct, None if pct is None or pci is None else pct - pci,
                None if pct is None or pci is None else pct + pci,
                H._fig('result', info['run_hex'], f),
                '%s at gap %s ns: %s' % (name, fmt(g), why or
                                         H._pm(pct, pci) + ' % of global'))
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
        out.append(H._table(head, rows, 'answer'))
    out.append(grouped_bars(
        [('gap %s ns' % fmt(g), series.get(g, {})) for g in gaps], names,
        '% of global per gap (at a gap: above the floor), 95 % intervals',
        '% of global', ref=100))
    return '\n'.join(out)




def paired_results(con, run_ids):
    """The result rows of several runs paired by layout and gap, never
    by op: runs of different architectures run different ops on a
    layout (x86 lock_or, riscv amoor), and their cost side by side is
    the comparison.  (A run has one op per layout at a gap; were there
    more, the n-th of each run would pair.)  Returns (keys, [{key:
    row}] per run), keys (layout, gap, n) in order of first appearance."""
    keys, cols = [], []
    for rid in run_ids:
        m, seen = {}, {}
        for t in store.rows(con, 'result', rid):
            base = (t['layout'], t['gap'])
            k = base + (seen.get(base, 0),)
            seen[base] = k[2] + 1
            m[k] = t
            if k not in keys:
                keys.append(k)
        cols.append(m)
    return keys, cols


def ops_of(key, cols):
    """The ops a paired row ran, each once, in the runs' order, '/'
    between: 'lock_or' where all agree, 'lock_or/amoor' where not."""
    ops = []
    for c in cols:
        if key in c and (c[key]['op'] or '?') not in ops:
            ops.append(c[key]['op'] or '?')
    return '/'.join(ops) or '-'


PLACE = 'head'


def section(con, info, by_kind, reg, published):
    return _answer(con, info), ()


def side_rows(con, infos):
    """Result rows paired by layout and gap, never by op
    (paired_results): the ops each ran are named."""
    keys, rows_ = paired_results(con, [i['id'] for i in infos])
    cols = []
    for info, m in zip(infos, rows_):
        hz = info.get('counter_hz')
        cells = {}
        for k, t in m.items():
            glob = next((u for kk, u in m.items() if kk[1] == k[1] and
                         kk[0] == 'global'), None)
            pct, pci, why = _ratio(t, glob)
            cells[k] = H._pm(H._ns(t['mean'], hz), H._ns(t['ci95'], hz)) + (
                (' (within noise)' if 'noise' in why else '')
                if pct is None else ' (%s %%)' % fmt(pct))
        cols.append(cells)
    rows = [('', ['%s gap %s: %s' % (k[0] or '-', fmt(k[1]),
                                      ops_of(k, rows_))] +
             [c.get(k, '-') for c in cols]) for k in keys]
    return rows, ('mean ns per iteration, 95 %; % of global. Rows pair by '
                  'layout and gap, never by op: each run\'s op is named '
                  '(A/B/...) where they differ.')


def db_compare(con, A, B):
    """sbmbench db compare's rows of two runs: each (layout, gap) of
    either, A's and B's mean with its interval, and whether they differ
    by more than the intervals; lines of text."""
    out = []
    if A[0] != 'run' or B[0] != 'run':
        return out
    exceed = 0
    keys, rows_ = paired_results(con, [A[1], B[1]])
    res = []
    for s, m in zip((A, B), rows_):
        hz = store.run_info(con, s[1]).get('counter_hz')
        res.append({k: (H._ns(t['mean'], hz), H._ns(t['ci95'], hz))
                    for k, t in m.items()})
    out.append('')
    out.append('rows pair by layout and gap, never by op; where the runs '
               'ran different ops, both are named (A/B)')
    out.append('%-10s %-17s %7s  %22s  %22s  %8s  %s' % (
        'layout', 'op', 'gap', 'A mean ns (95 %)', 'B mean ns (95 %)',
        'B-A', 'difference'))
    for k in keys:
        va, vb = res[0].get(k), res[1].get(k)
        cell = lambda v: '-' if not v or v[0] is None else (
            '%.3f' % v[0] + ('' if v[1] is None else ' +- %.3f' % v[1]))
        verdict, d = '', ''
        if va and vb and va[0] is not None and vb[0] is not None:
            d = '%+.1f%%' % ((vb[0] - va[0]) / va[0] * 100) if va[0] \
                else ''
            if va[1] is None or vb[1] is None:
                verdict = 'no interval'
            elif abs(vb[0] - va[0]) > va[1] + vb[1]:
                verdict = 'EXCEEDS the intervals'
                exceed += 1
            else:
                verdict = 'within'
        elif va and vb:
            verdict = 'no figure'
        else:
            verdict = 'only in ' + ('A' if va else 'B')
        out.append('%-10s %-17s %7s  %22s  %22s  %8s  %s' % (
            (k[0] or '-')[:10], ops_of(k, rows_)[:17],
            '-' if k[1] is None else k[1], cell(va), cell(vb), d,
            verdict))
    out.append('%d differences exceed the 95 %% intervals' % exceed)
    return out
