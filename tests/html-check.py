# SPDX-License-Identifier: BSD-2-Clause
"""Checks for tests/html-report.sh (Python 3, standard library only).

  html-check.py static HTML        nothing that runs or loads but ours
  html-check.py dom DOM CSVDIR RUN...
                                   the DOM's figures equal sbmlog's CSV
  html-check.py png PNG            a screenshot that is not blank
Exit 0 when the check holds; else the first difference, exit 1.
"""
import csv
import glob
import os
import struct
import sys
import zlib
from html.parser import HTMLParser

# Loads or runs something: never in the report, but our one script.
FETCHING = {'src', 'href', 'srcset', 'action', 'formaction', 'poster',
            'background', 'data', 'xlink:href', 'ping', 'manifest'}
BAD_TAGS = {'iframe', 'object', 'embed', 'link', 'img', 'audio', 'video',
            'base', 'frame', 'form', 'meta-refresh', 'image', 'use'}


class Tags(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))

    handle_startendtag = handle_starttag


def fail(msg):
    print('html-check: ' + msg)
    sys.exit(1)


def static(path):
    text = open(path, encoding='ascii').read()
    p = Tags()
    p.feed(text)
    scripts = [a for t, a in p.tags if t == 'script']
    if len(scripts) != 1 or scripts[0]:
        fail('%d script elements (want our one, inline)' % len(scripts))
    csp = [dict(a).get('content', '') for t, a in p.tags if t == 'meta' and
           dict(a).get('http-equiv', '').lower() ==
           'content-security-policy']
    if not csp or "default-src 'none'" not in csp[0] or \
            'unsafe' in csp[0]:
        fail('no Content-Security-Policy forbidding the network: %r' % csp)
    for tag, attrs in p.tags:
        if tag in BAD_TAGS:
            fail('a <%s> element' % tag)
        for k, v in attrs:
            if k in FETCHING or k.startswith('on'):
                fail('<%s %s=%r>: loads or runs something' % (tag, k, v))


def figures(kind):
    """The record keys compared, the CSV table, and the keys of a row."""
    return {
        'result': (['median', 'mean', 'min', 'max', 'ci95', 'ns', 'pct',
                    'upd_ns', 'cost_ns', 'reps'], 'sbm',
                   ['run', 'layout', 'op', 'gap']),
        'c2c': (['median', 'min', 'cas_median', 'cas_min', 'home'], 'c2c',
                ['run', 'a', 'b']),
        'noise': (['polled_ms', 'count', 'total', 'max', 'hist_lo'],
                  'noise', ['run', 'cpu']),
        'scale': (['median', 'min', 'max', 'ns', 'upd_ns', 'llcs'], 'scale',
                  ['run', 'layout', 'order', 'cpus']),
        'rw': (['writer_ns', 'writer_alone_ns', 'reader_ns',
                'reader_alone_ns', 'floor_ns', 'above_ns', 'visited'], 'rw',
               ['run', 'layout']),
    }[kind]


# Where a record key's figure sits in sbmlog's CSV: the key itself (the
# coming header), or today's column for it.
ALIAS = {'count': ['gaps'], 'upd_ns': ['ns_per_update'],
         'pct': ['pct_global'], 'ns': ['ns_per_iter'], 'gap': ['gap_ns']}


def column(header, key):
    for c in [key, key + '_ticks', key + '_ns'] + ALIAS.get(key, []):
        if c in header:
            return c
    return None


def close(dom, ref):
    """Equal to the record's last digit: the CSV may print a figure the
    tool computed (ns_per_iter) at more digits than the record."""
    try:
        a, b = float(dom), float(ref)
    except ValueError:
        return dom == ref
    digits = len(dom.split('.')[1]) if '.' in dom else 0
    return abs(a - b) <= 0.5 * 10 ** -digits + 1e-9 * abs(b)


def norm(key, v):
    if v is None or v == '':
        return ''
    try:
        return repr(float(v)) if key in ('gap', 'a', 'b', 'cpu',
                                         'cpus') else v
    except ValueError:
        return v


# The views that show every record of their kind (the answer's table,
# the c2c heat map, the scale and rw charts) beside its kind's table.
VIEWS = ('result', 'c2c', 'scale', 'rw')


def dom_check(dom_path, csv_dir, runs):
    p = Tags()
    p.feed(open(dom_path, encoding='utf-8').read())
    body = [dict(a) for t, a in p.tags if t == 'body']
    if not body or body[0].get('data-js') != 'ran':
        fail('the report\'s script did not run (CSP or an error)')
    seen, figs = {}, {}
    for tag, attrs in p.tags:
        d = dict(attrs)
        if d.get('data-run') not in runs:
            continue
        one = {k[5:]: v for k, v in d.items() if k.startswith('data-')}
        if d.get('data-kind'):
            seen.setdefault(d['data-kind'], []).append(one)
        elif d.get('data-fig'):
            figs.setdefault(d['data-fig'], []).append(one)
    total = 0
    for kind in ('result', 'c2c', 'noise', 'scale', 'rw'):
        keys, table, ident = figures(kind)
        rows = []
        for f in sorted(glob.glob(os.path.join(csv_dir, '*.%s.csv' % table))):
            rows += list(csv.DictReader(open(f, newline='')))
        if not rows:
            if seen.get(kind) or figs.get(kind):
                fail('%s: in the DOM, sbmlog gave no %s rows' % (kind,
                                                                  table))
            continue
        header = list(rows[0])
        ref = {}
        for r in rows:
            k = tuple(norm(i, r.get(column(header, i) or '', ''))
                      for i in ident)
            ref[k] = r
        got = seen.get(kind, [])
        # each record once in its kind's table
        if len(got) != len(ref):
            fail('%s: %d in the DOM, %d rows in sbmlog\'s CSV' % (
                kind, len(got), len(ref)))
        shown = set()
        for where, elems in (('table', got), ('view', figs.get(kind, []))):
            for g in elems:
                k = tuple(norm(i, g.get(i, '')) for i in ident)
                r = ref.get(k)
                if r is None:
                    fail('%s %s (%s): in the DOM, not in sbmlog\'s CSV' % (
                        kind, k, where))
                if where == 'view':
                    shown.add(k)
                for key in keys:
                    if key in g and column(header, key) is None:
                        fail('%s: no CSV column for the record key %s' % (
                            kind, key))
                # every figure the element carries that the CSV has
                for key, v in g.items():
                    col = column(header, key)
                    if key in ('kind', 'fig', 'run') or col is None:
                        continue
                    if not close(v, r[col]):
                        fail('%s %s (%s): %s is %s in the DOM, %s in '
                             'sbmlog\'s CSV (%s)' % (kind, k, where, key, v,
                                                     r[col], col))
                    total += 1
        if kind in VIEWS and shown != set(ref):
            fail('%s: %d records not in their view (the answer, a chart): '
                 '%s' % (kind, len(set(ref) - shown),
                         sorted(set(ref) - shown)[:3]))
    if not total:
        fail('no figure compared')
    print('html-check: %d figures equal sbmlog\'s CSV (%s; views %s)' % (
        total, ', '.join('%s %d' % (k, len(v)) for k, v in
                         sorted(seen.items())),
        ', '.join('%s %d' % (k, len(v)) for k, v in sorted(figs.items()))))


def png_pixels(path):
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        fail('%s: not a PNG' % path)
    pos, idat, w = 8, b'', 0
    while pos < len(data):
        n, typ = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if typ == b'IHDR':
            w, h, depth, ctype, _, _, inter = struct.unpack('>IIBBBBB', body)
            if depth != 8 or ctype not in (2, 6) or inter:
                fail('PNG type %d depth %d interlace %d: not read here' % (
                    ctype, depth, inter))
            bpp = 3 if ctype == 2 else 4
        elif typ == b'IDAT':
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def png_check(path):
    w, h, bpp, rows = png_pixels(path)
    colours, ink = set(), 0
    for line in rows:
        for x in range(0, len(line), bpp):
            px = line[x:x + 3]
            colours.add(px)
            if px != b'\xff\xff\xff':
                ink += 1
    share = ink / float(w * h)
    if len(colours) < 16 or share < 0.02:
        fail('%s: blank (%d colours, %.1f %% not white)' % (
            path, len(colours), share * 100))
    print('html-check: screenshot %dx%d, %d colours, %.1f %% not white' % (
        w, h, len(colours), share * 100))


if __name__ == '__main__':
    if len(sys.argv) >= 3 and sys.argv[1] == 'static':
        static(sys.argv[2])
    elif len(sys.argv) >= 5 and sys.argv[1] == 'dom':
        dom_check(sys.argv[2], sys.argv[3], set(sys.argv[4:]))
    elif len(sys.argv) == 3 and sys.argv[1] == 'png':
        png_check(sys.argv[2])
    else:
        fail('usage: html-check.py static HTML | dom DOM CSVDIR RUN... | '
             'png PNG')
