# SPDX-License-Identifier: BSD-2-Clause
"""The noise experiment's part of the HTML page: the gaps in all, their
histogram, and its rows of the runs side by side."""
from sbmdb import html as H, store
from sbmdb.records import num
from sbmdb.svg import bars, esc, fmt

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




PLACE = 'body'


def section(con, info, by_kind, reg, published):
    return _noise(con, info), ()


def side_rows(con, infos):
    noise = [noise_summary(store.rows(con, 'noise', i['id'])) for i in infos]
    if not any(noise):
        return [], ''
    return [('', ['noise: gaps per polled second'] +
             ['-' if not n else fmt(n[3]) for n in noise]),
            ('', ['noise: longest gap ns'] +
             ['-' if not n else fmt(n[2]) for n in noise])], ''


def db_compare(con, A, B):
    """sbmbench db compare's noise of two runs, all CPUs together."""
    out = []
    na = noise_summary(store.rows(con, 'noise', A[1])) \
        if A[0] == 'run' else None
    nb = noise_summary(store.rows(con, 'noise', B[1])) \
        if B[0] == 'run' else None
    if na or nb:
        out.append('')
        out.append('noise (all CPUs): gaps counted, their total ns, the '
                   'longest ns, per second polled')
        for title, n in ((A[2], na), (B[2], nb)):
            out.append('  %-22s %s' % (title, '-' if not n else
                                       '%d gaps, %.0f ns, longest %.0f ns, '
                                       '%.1f gaps/s' % n))
    return out
