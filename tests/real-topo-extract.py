#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""tests/acpi/real-topo/extract-raw.py against iasl's own dumps.

The input text is built the way the collection's files are: a section
per table ("APIC" over "----") holding what iasl -d prints for it, raw
dump included.  Asserted: the tables come back byte for byte (also with
the two-space separator older ACPICA printed instead of "//"); each
kind of damage is refused with exit 1, a message, and nothing written.

usage: real-topo-extract.py EXTRACTOR CORPUS_DIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

MACHINES = ('supermicro-x8dtn-f-319567cda949',      # APIC, SRAT, SLIT
            'stss-flagman-tp100-3-34dc8a4302d7')    # APIC alone


def disassembly(src, work):
    """{'APIC': iasl's text, ...} for the tables in folder src."""
    out = {}
    for f in sorted(os.listdir(src)):
        shutil.copy(os.path.join(src, f), work)
        subprocess.run(['iasl', '-d', f], cwd=work, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        name = f[:-4].upper()
        with open(os.path.join(work, f[:-4] + '.dsl'),
                  encoding='latin-1') as d:
            out[name] = d.read()
    return out


def text(dsl):
    parts = ['\nFound %d ACPI tables in acpidump\n' % len(dsl)]
    for name in sorted(dsl):
        parts.append('\n%s\n----\n%s\n' % (name, dsl[name]))
    return ''.join(parts)


def run(extractor, body, work, pre=None):
    src = os.path.join(work, 'in.txt')
    out = os.path.join(work, 'out')
    shutil.rmtree(out, ignore_errors=True)
    if pre:
        os.makedirs(out)
        open(os.path.join(out, pre), 'wb').close()
    with open(src, 'w', encoding='latin-1') as f:
        f.write(body)
    p = subprocess.run([sys.executable, extractor, src, out],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    got = {}
    if os.path.isdir(out):
        for f in os.listdir(out):
            with open(os.path.join(out, f), 'rb') as g:
                got[f] = g.read()
    return p.returncode, p.stderr, got


def damaged(dsl):
    """(what, text) pairs, each a copy of the input with one fault."""
    apic = dsl['APIC']
    rows = [m for m in re.finditer(r'(?m)^    ([0-9A-F]{4}): (.*)$', apic)]
    second = rows[1]

    def with_apic(new):
        return text(dict(dsl, APIC=new))
    # one byte changed: the checksum no longer sums to zero
    b = second.start(2)
    flip = '%02X' % (int(apic[b:b + 2], 16) ^ 1)
    yield 'byte changed', with_apic(apic[:b] + flip + apic[b + 2:])
    yield 'row missing', with_apic(apic[:second.start()] +
                                   apic[second.end() + 1:])
    last = rows[-1]
    yield 'dump cut short', with_apic(apic[:last.start()])
    yield 'row past the length', with_apic(
        apic[:last.end()] + '\n    %04X: 00' % (
            int(last.group(1), 16) + 16) + apic[last.end():])
    yield 'length line wrong', with_apic(re.sub(
        r'Length (\d+) \(', lambda m: 'Length %d (' % (int(m.group(1)) + 1),
        apic, count=1))
    yield 'length line decimal and hex differ', with_apic(re.sub(
        r'\(0x([0-9A-F]+)\)', lambda m: '(0x%X)' % (int(m.group(1), 16) + 16),
        apic, count=1))
    yield 'offset out of order', with_apic(
        apic[:second.start(1)] + '0020' + apic[second.end(1):])
    yield 'no raw dump', with_apic(apic[:apic.index('Raw Table Data')])
    yield 'no APIC', text({k: v for k, v in dsl.items() if k != 'APIC'})
    yield 'APIC twice', text(dsl) + '\nAPIC\n----\n' + apic
    # ACPICA's name for each of two tables of one signature
    yield 'APIC1 and APIC2', ''.join('\n%s\n-----\n%s\n' % (n, apic)
                                     for n in ('APIC1', 'APIC2'))
    # a dump labelled SRAT that holds the MADT
    yield 'signature not the section', text(dict(dsl, SRAT=apic))


def main():
    extractor, corpus = sys.argv[1], sys.argv[2]
    fails = 0

    def fail(msg):
        nonlocal fails
        fails += 1
        print('FAIL: ' + msg)
    for m in MACHINES:
        src = os.path.join(corpus, m)
        with tempfile.TemporaryDirectory() as work:
            dsl = disassembly(src, work)
            want = {}
            for f in os.listdir(src):
                with open(os.path.join(src, f), 'rb') as g:
                    want[f] = g.read()
            body = text(dsl)
            for style, b in (('//', body),
                             ('two spaces', body.replace('  // ', '  '))):
                rc, err, got = run(extractor, b, work)
                if rc != 0 or got != want:
                    fail('%s (%s): exit %d, %s, tables %s of %s' % (
                        m, style, rc, err.strip(), sorted(got), sorted(want)))
            if 'SRAT' not in dsl:
                continue
            for what, b in damaged(dsl):
                rc, err, got = run(extractor, b, work)
                if rc != 1 or not err.startswith('extract-raw: ') or got:
                    fail('%s, %s: exit %d, written %s, message %r' % (
                        m, what, rc, sorted(got), err))
            rc, err, got = run(extractor, body, work, pre='slit.dat')
            if rc != 1 or 'not overwritten' not in err or \
                    got != {'slit.dat': b''}:
                fail('%s: an existing slit.dat: exit %d, %r' % (m, rc, err))
    print('extract-raw: %d failed' % fails)
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
