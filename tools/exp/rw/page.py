# SPDX-License-Identifier: BSD-2-Clause
"""The rw experiment's part of the HTML page: writers against readers,
a point per layout."""
from sbmdb import html as H, store
from sbmdb.svg import lines

def _rw(con, info):
    typed = store.rows(con, 'rw', info['id'])
    if not typed:
        return ''
    series = [('%s %s' % (t['layout'] or '?', t['reader'] or ''),
               [(t['writer_ns'], t['reader_ns'], H._fig(
                   'rw', info['run_hex'],
                   store.fields(con, t['record_id'])))])
              for t in typed]
    out = ['<h3>Writers against readers (ns per update, ns per scan)</h3>',
           lines(series, 'writer cost vs reader cost', 'writer ns/update',
                 'reader ns/scan', points='only')]
    return '\n'.join(out)




PLACE = 'body'


def section(con, info, by_kind, reg, published):
    return _rw(con, info), ()
