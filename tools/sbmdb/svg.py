# SPDX-License-Identifier: BSD-2-Clause
"""Inline SVG charts for the HTML report: every text through esc(), every
coordinate a finite number this file computed."""
import math
from html import escape


def esc(s):
    return escape(str(s), quote=True)


def fmt(v, digits=4):
    if v is None:
        return '-'
    if isinstance(v, float):
        return ('%.' + str(digits) + 'g') % v
    return str(v)


# A colour scale from cool to hot (five stops, interpolated).
_STOPS = [(0.0, (49, 54, 149)), (0.25, (69, 117, 180)),
          (0.5, (254, 224, 144)), (0.75, (244, 109, 67)),
          (1.0, (165, 0, 38))]


def colour(t):
    t = min(1.0, max(0.0, t))
    for (t0, c0), (t1, c1) in zip(_STOPS, _STOPS[1:]):
        if t <= t1:
            f = (t - t0) / (t1 - t0) if t1 > t0 else 0
            return '#%02x%02x%02x' % tuple(
                int(round(a + (b - a) * f)) for a, b in zip(c0, c1))
    return '#a50026'


def _attrs(d):
    return ''.join(' data-%s="%s"' % (k, esc(v)) for k, v in d)


def heatmap(order, cells, bounds, title):
    """order: CPU ids in topology order; cells: {(a, b): (ns, tip,
    data)}; bounds: [(index, weight)] separators before order[index]."""
    n = len(order)
    cell = max(3, min(24, 640 // max(n, 1)))
    pad = 40
    size = pad + n * cell + 10
    height = max(size, pad + 225)
    vals = [v[0] for v in cells.values() if v[0] is not None and v[0] > 0]
    lo, hi = (min(vals), max(vals)) if vals else (1.0, 1.0)
    llo, lhi = math.log(lo), math.log(hi)
    pos = {c: i for i, c in enumerate(order)}
    out = ['<svg class="heat" xmlns="http://www.w3.org/2000/svg" '
           'width="%d" height="%d" viewBox="0 0 %d %d" role="img">'
           % (size + 150, height, size + 150, height),
           '<title>%s</title>' % esc(title)]
    for (a, b), (ns, tip, data) in sorted(cells.items()):
        if a not in pos or b not in pos:
            continue
        if ns is None or ns <= 0:
            fill = '#bbbbbb'
        else:
            t = (math.log(ns) - llo) / (lhi - llo) if lhi > llo else 0.5
            fill = colour(t)
        # the pair below the diagonal carries the figures; its mirror
        # above is colour only (half the page on big machines)
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s" '
                   'class="pair"%s><title>%s</title></rect>' % (
                       pad + pos[b] * cell, pad + pos[a] * cell, cell, cell,
                       fill, _attrs(data), esc(tip)))
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>'
                   % (pad + pos[a] * cell, pad + pos[b] * cell, cell, cell,
                      fill))
    step = max(1, n // 16)
    for i, c in enumerate(order):
        if i % step:
            continue
        out.append('<text x="%d" y="%d" class="tick" text-anchor="middle">'
                   '%s</text>' % (pad + i * cell + cell // 2, pad - 4,
                                  esc(c)))
        out.append('<text x="%d" y="%d" class="tick" text-anchor="end">'
                   '%s</text>' % (pad - 4, pad + i * cell + cell - 2,
                                  esc(c)))
    for idx, w in bounds:
        p = pad + idx * cell
        colour_ = {1: '#ffffff', 2: '#222222', 3: '#000000'}[w]
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" '
                   'stroke-width="%d"/>' % (p, pad, p, pad + n * cell,
                                            colour_, w))
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" '
                   'stroke-width="%d"/>' % (pad, p, pad + n * cell, p,
                                            colour_, w))
    # the legend: the colour scale, log
    lx = pad + n * cell + 20
    for i in range(20):
        out.append('<rect x="%d" y="%d" width="16" height="%d" fill="%s"/>'
                   % (lx, pad + (19 - i) * 8, 8, colour(i / 19)))
    out.append('<text x="%d" y="%d" class="tick">%s ns</text>'
               % (lx + 20, pad + 8, esc(fmt(hi))))
    out.append('<text x="%d" y="%d" class="tick">%s ns</text>'
               % (lx + 20, pad + 160, esc(fmt(lo))))
    out.append('<text x="%d" y="%d" class="tick">white: LLC</text>'
               % (lx, pad + 185))
    out.append('<text x="%d" y="%d" class="tick">dark: node</text>'
               % (lx, pad + 200))
    out.append('<text x="%d" y="%d" class="tick">black: package</text>'
               % (lx, pad + 215))
    out.append('</svg>')
    return '\n'.join(out)


def _axis(lo, hi, nticks=5):
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / nticks
    mag = 10 ** math.floor(math.log10(raw))
    step = min((s * mag for s in (1, 2, 5, 10) if s * mag >= raw),
               default=raw)
    t = math.floor(lo / step) * step
    ticks = []
    # up to the first tick at or above hi: no point above the last line
    while len(ticks) < 20 and (not ticks or ticks[-1] < hi):
        ticks.append(t)
        t += step
    return ticks


PALETTE = ('#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e',
           '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22')


def lines(series, title, xlabel, ylabel, w=520, h=300, points=True):
    """series: [(name, [(x, y, data)])]: a line per series, its points
    carrying the record's figures."""
    pts = [(x, y) for _, s in series for x, y, _ in s
           if x is not None and y is not None]
    if not pts:
        return ''
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y1 = max(p[1] for p in pts)
    y0 = min(0.0, min(p[1] for p in pts))
    xt, yt = _axis(x0, x1), _axis(y0, y1)
    x0, x1 = min(x0, xt[0]), max(x1, xt[-1])
    y0, y1 = min(y0, yt[0]), max(y1, yt[-1])
    L, R, T, B = 60, 130, 24, 40
    sx = (w - L - R) / ((x1 - x0) or 1)
    sy = (h - T - B) / ((y1 - y0) or 1)

    def X(x):
        return L + (x - x0) * sx

    def Y(y):
        return h - B - (y - y0) * sy
    out = ['<svg class="chart" xmlns="http://www.w3.org/2000/svg" '
           'width="%d" height="%d" viewBox="0 0 %d %d" role="img">'
           % (w, h, w, h), '<title>%s</title>' % esc(title),
           '<text x="%d" y="16" class="ctitle">%s</text>' % (L, esc(title))]
    for t in xt:
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" '
                   'stroke="#dddddd"/>' % (X(t), T, X(t), h - B))
        out.append('<text x="%.1f" y="%d" class="tick" text-anchor='
                   '"middle">%s</text>' % (X(t), h - B + 14, esc(fmt(t))))
    for t in yt:
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" '
                   'stroke="#dddddd"/>' % (L, Y(t), w - R, Y(t)))
        out.append('<text x="%d" y="%.1f" class="tick" text-anchor="end">'
                   '%s</text>' % (L - 4, Y(t) + 4, esc(fmt(t))))
    out.append('<text x="%d" y="%d" class="tick" text-anchor="middle">%s'
               '</text>' % ((L + w - R) // 2, h - 6, esc(xlabel)))
    out.append('<text x="12" y="%d" class="tick" transform="rotate(-90 12 '
               '%d)" text-anchor="middle">%s</text>' % (
                   (T + h - B) // 2, (T + h - B) // 2, esc(ylabel)))
    for i, (name, s) in enumerate(series):
        c = PALETTE[i % len(PALETTE)]
        s = [p for p in s if p[0] is not None and p[1] is not None]
        if len(s) > 1 and not points == 'only':
            out.append('<polyline fill="none" stroke="%s" stroke-width="2" '
                       'points="%s"/>' % (c, ' '.join(
                           '%.1f,%.1f' % (X(x), Y(y)) for x, y, _ in s)))
        for x, y, d in s:
            out.append('<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"%s>'
                       '<title>%s: %s, %s</title></circle>' % (
                           X(x), Y(y), c, _attrs(d) if d else '', esc(name),
                           esc(fmt(x)), esc(fmt(y))))
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>'
                   % (w - R + 10, T + i * 16, c))
        out.append('<text x="%d" y="%d" class="tick">%s</text>' % (
            w - R + 24, T + i * 16 + 9, esc(name[:18])))
    out.append('</svg>')
    return '\n'.join(out)


def bars(labels, values, title, ylabel, w=520, h=260):
    """A bar per label, height log10(1 + value)."""
    if not values:
        return ''
    L, R, T, B = 60, 10, 24, 50
    top = math.log10(1 + max(values)) or 1
    bw = (w - L - R) / len(values)
    out = ['<svg class="chart" xmlns="http://www.w3.org/2000/svg" '
           'width="%d" height="%d" viewBox="0 0 %d %d" role="img">'
           % (w, h, w, h), '<title>%s</title>' % esc(title),
           '<text x="%d" y="16" class="ctitle">%s</text>' % (L, esc(title))]
    for k in range(int(top) + 1):
        y = h - B - (k / top) * (h - T - B)
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" '
                   'stroke="#dddddd"/>' % (L, y, w - R, y))
        out.append('<text x="%d" y="%.1f" class="tick" text-anchor="end">'
                   '%s</text>' % (L - 4, y + 4, esc(10 ** k)))
    for i, (lab, v) in enumerate(zip(labels, values)):
        bh = (math.log10(1 + v) / top) * (h - T - B)
        x = L + i * bw
        out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" '
                   'fill="#4575b4"><title>%s: %s</title></rect>' % (
                       x + 1, h - B - bh, max(bw - 2, 1), bh, esc(lab),
                       esc(v)))
        if len(labels) <= 24 or i % 2 == 0:
            out.append('<text x="%.1f" y="%d" class="tick" text-anchor='
                       '"end" transform="rotate(-45 %.1f %d)">%s</text>' % (
                           x + bw / 2, h - B + 12, x + bw / 2, h - B + 12,
                           esc(lab)))
    out.append('<text x="12" y="%d" class="tick" transform="rotate(-90 12 '
               '%d)" text-anchor="middle">%s</text>' % (
                   (T + h - B) // 2, (T + h - B) // 2, esc(ylabel)))
    out.append('</svg>')
    return '\n'.join(out)


def grouped_bars(groups, names, title, ylabel, ref=None, w=None, h=300):
    """A group of bars per x label, a bar per series name in each, its
    95 % interval as a whisker.  groups: [(label, {name: (y, lo, hi,
    data, tip)})] (y None: no bar, the tip says why); ref: a dashed
    line at that y (global's 100 %)."""
    vals = [v for _, g in groups for v in g.values() if v[0] is not None]
    if not vals:
        return ''
    # the axis spans the bars and the intervals, but an interval far
    # wider than the bars (a noisy run) is cut at the edge, its end
    # open: the bars stay readable
    ys = [v[0] for v in vals]
    span = max(max(ys + [ref or 0]), -min(ys + [0])) or 1
    top = min(max([v[2] if v[2] is not None else v[0] for v in vals] +
                  [ref or 0]), max(ys + [ref or 0]) + span)
    bottom = max(min([0.0] + [v[1] if v[1] is not None else v[0]
                              for v in vals]), min(ys + [0.0]) - span)
    yt = _axis(bottom, top)
    y0, y1 = min(bottom, yt[0]), max(top, yt[-1])
    nb = max(1, len(names))
    bw = 14 if nb > 4 else 22
    gw = nb * bw + 24
    L, R, T, B = 60, 190, 24, 40
    w = w or max(480, L + R + gw * len(groups))
    sy = (h - T - B) / ((y1 - y0) or 1)

    def Y(y):
        return h - B - (y - y0) * sy
    out = ['<svg class="chart" xmlns="http://www.w3.org/2000/svg" '
           'width="%d" height="%d" viewBox="0 0 %d %d" role="img">'
           % (w, h, w, h), '<title>%s</title>' % esc(title),
           '<text x="%d" y="16" class="ctitle">%s</text>' % (L, esc(title))]
    for t in yt:
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" '
                   'stroke="#dddddd"/>' % (L, Y(t), w - R, Y(t)))
        out.append('<text x="%d" y="%.1f" class="tick" text-anchor="end">'
                   '%s</text>' % (L - 4, Y(t) + 4, esc(fmt(t))))
    out.append('<text x="12" y="%d" class="tick" transform="rotate(-90 12 '
               '%d)" text-anchor="middle">%s</text>' % (
                   (T + h - B) // 2, (T + h - B) // 2, esc(ylabel)))
    step = (w - L - R) / max(1, len(groups))
    for gi, (label, g) in enumerate(groups):
        gx = L + gi * step + (step - nb * bw) / 2
        for i, name in enumerate(names):
            v = g.get(name)
            if v is None:
                continue
            y, lo, hi, data, tip = v
            x = gx + i * bw
            c = PALETTE[i % len(PALETTE)]
            if y is None:
                # no figure: a mark on the axis, the reason in its tip
                out.append('<text x="%.1f" y="%.1f" class="tick" '
                           'text-anchor="middle">-<title>%s</title></text>'
                           % (x + bw / 2, Y(0) - 3, esc(tip)))
                continue
            top_, bot_ = (Y(y), Y(0)) if y >= 0 else (Y(0), Y(y))
            out.append('<rect x="%.1f" y="%.1f" width="%d" height="%.1f" '
                       'fill="%s" class="bar"%s><title>%s</title></rect>' % (
                           x + 1, top_, bw - 2, max(bot_ - top_, 0.5), c,
                           _attrs(data) if data else '', esc(tip)))
            if lo is not None and hi is not None:
                cx = x + bw / 2
                yh, yl = Y(min(hi, y1)), Y(max(lo, y0))
                d = 'M%.1f %.1fV%.1f' % (cx, yh, yl)
                # a cap where the interval ends, none where it is cut
                if hi <= y1:
                    d += 'M%.1f %.1fH%.1f' % (cx - 3, yh, cx + 3)
                if lo >= y0:
                    d += 'M%.1f %.1fH%.1f' % (cx - 3, yl, cx + 3)
                out.append('<path d="%s" stroke="#000" fill="none"/>' % d)
        out.append('<text x="%.1f" y="%d" class="tick" text-anchor='
                   '"middle">%s</text>' % (L + gi * step + step / 2,
                                           h - B + 14, esc(label)))
    if ref is not None:
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#000"'
                   ' stroke-dasharray="4 3"/>' % (L, Y(ref), w - R, Y(ref)))
    for i, name in enumerate(names):
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>'
                   % (w - R + 10, T + i * 16, PALETTE[i % len(PALETTE)]))
        out.append('<text x="%d" y="%d" class="tick">%s</text>' % (
            w - R + 24, T + i * 16 + 9, esc(name[:28])))
    out.append('</svg>')
    return '\n'.join(out)
