# SPDX-License-Identifier: BSD-2-Clause
"""The proof's part of the HTML page: its verdict in a line per partner,
its records folded."""
from sbmdb import html as H, store
from sbmdb.svg import esc, fmt

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
               '</details>' % (len(by_kind['proof']), H._generic(
                   reg, 'proof', by_kind['proof'], info['run_hex'])))
    return '\n'.join(out)




PLACE = 'head'


def warnings(con, info, whats):
    """An older image's proof that disagrees without its warning (items
    of the run's warnings, as HTML)."""
    if 'proof' in whats:
        return []
    return ['proof: the global update costs %s %% of %s (disagree)' % tuple(
        esc(fmt(x)) for x in _proof_pct(p))
        for p in store.rows(con, 'proof', info['id'])
        if p['verdict'] == 'disagree']


def section(con, info, by_kind, reg, published):
    if not by_kind.get('proof'):
        return '', ()
    return _proof(con, info, by_kind, reg), ('proof',)
