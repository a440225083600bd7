#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Write apic.dat, srat.dat and slit.dat from a disassembly text file.

Refreshes tests/acpi/real-topo/ only; no test runs it.  Some machines of
the linuxhw/ACPI collection are stored as ACPICA disassembly text, not
as acpidump text: each table's section ("APIC" over "----") ends with
"Raw Table Data: Length N (0xN)" and a hex dump of the whole table,
rows of "OFFSET: " and up to 16 bytes, then their characters (after
"//" in newer ACPICA, after two spaces in older).
That dump is taken back to bytes and checked (length line, header
length, signature, checksum) before anything is written; the input is
hostile, so anything else is refused with a message naming it.

usage: extract-raw.py FILE OUTDIR
Writes OUTDIR/apic.dat (required), srat.dat and slit.dat (when present);
exit 1 and nothing written on any refusal.
"""
import os
import re
import sys

TABLES = ('APIC', 'SRAT', 'SLIT')
MAX_LEN = 1 << 20       # no MADT, SRAT or SLIT is near this
RULE_RE = re.compile(r'-{4,}')     # under a section's name, as long
LEN_RE = re.compile(r'^Raw Table Data: Length (\d+) \(0x([0-9A-Fa-f]+)\)$')
ROW_RE = re.compile(r'^\s*([0-9A-Fa-f]{4,8}): '
                    r'([0-9A-Fa-f]{2}(?: [0-9A-Fa-f]{2}){0,15})'
                    r'(?:\s*//.*|\s\s+\S.*|\s*)$')


class Refused(Exception):
    pass


def sections(lines):
    """{name: first line index of the section body}; a name seen twice
    is refused, as which copy the firmware meant cannot be told."""
    out = {}
    for i in range(len(lines) - 1):
        name = lines[i].strip()
        if not RULE_RE.fullmatch(lines[i + 1].strip()):
            continue
        # ACPICA numbers the sections when a signature repeats: APIC1 ...
        if name.rstrip('0123456789') in TABLES and name not in TABLES:
            raise Refused('%s: more than one %s table' %
                          (name, name.rstrip('0123456789')))
        if name in TABLES:
            if name in out:
                raise Refused('%s: two sections' % name)
            out[name] = i + 2
    return out


def raw_dump(lines, start, name):
    """The bytes of the "Raw Table Data" dump that ends section name."""
    i = start
    while i < len(lines) and not lines[i].startswith('Raw Table Data'):
        if i + 1 < len(lines) and RULE_RE.fullmatch(lines[i + 1].strip()) \
                and re.fullmatch(r'[A-Z0-9_!]{4}\d*', lines[i].strip()):
            raise Refused('%s: no raw dump before the next section' % name)
        i += 1
    if i == len(lines):
        raise Refused('%s: no "Raw Table Data" line' % name)
    m = LEN_RE.match(lines[i].rstrip())
    if not m:
        raise Refused('%s: malformed length line %r' % (name, lines[i][:80]))
    n = int(m.group(1))
    if n != int(m.group(2), 16):
        raise Refused('%s: length %s is not 0x%s' % (name, m.group(1),
                                                    m.group(2)))
    if n < 36 or n > MAX_LEN:
        raise Refused('%s: length %d out of range' % (name, n))
    data = bytearray()
    i += 1
    while i < len(lines) and lines[i].strip() == '':
        i += 1
    while len(data) < n:
        if i == len(lines):
            raise Refused('%s: dump ends at %d of %d bytes' %
                          (name, len(data), n))
        m = ROW_RE.match(lines[i].rstrip('\n'))
        if not m:
            raise Refused('%s: malformed dump row %r at byte %d' %
                          (name, lines[i][:80], len(data)))
        if int(m.group(1), 16) != len(data):
            raise Refused('%s: row offset %s, expected %x' %
                          (name, m.group(1), len(data)))
        row = bytes.fromhex(m.group(2))
        if len(row) != 16 and len(data) + len(row) != n:
            raise Refused('%s: short row at byte %d' % (name, len(data)))
        data += row
        i += 1
    if len(data) != n:
        raise Refused('%s: dump holds %d bytes, length says %d' %
                      (name, len(data), n))
    if i < len(lines) and ROW_RE.match(lines[i].rstrip('\n')):
        raise Refused('%s: dump runs past its length %d' % (name, n))
    return bytes(data)


def check(name, data):
    if data[0:4] != name.encode():
        raise Refused('%s: signature in the dump is %r' % (name, data[0:4]))
    hlen = int.from_bytes(data[4:8], 'little')
    if hlen != len(data):
        raise Refused('%s: header length %d, dump %d' %
                      (name, hlen, len(data)))
    if sum(data) & 0xff:
        raise Refused('%s: checksum does not sum to zero (0x%02x)' %
                      (name, sum(data) & 0xff))


def extract(text):
    lines = text.splitlines()
    found = sections(lines)
    if 'APIC' not in found:
        raise Refused('no APIC section')
    out = {}
    for name, start in found.items():
        data = raw_dump(lines, start, name)
        check(name, data)
        out[name.lower() + '.dat'] = data
    return out


def main():
    if len(sys.argv) != 3:
        sys.stderr.write('usage: extract-raw.py FILE OUTDIR\n')
        return 2
    src, outdir = sys.argv[1], sys.argv[2]
    try:
        with open(src, 'rb') as f:
            text = f.read(64 << 20).decode('latin-1')
        tables = extract(text)
    except (OSError, Refused) as e:
        sys.stderr.write('extract-raw: %s: %s\n' % (src, e))
        return 1
    os.makedirs(outdir, exist_ok=True)
    for name, data in sorted(tables.items()):
        path = os.path.join(outdir, name)
        if os.path.lexists(path):
            sys.stderr.write('extract-raw: %s exists, not overwritten\n' %
                             path)
            return 1
    for name, data in sorted(tables.items()):
        with open(os.path.join(outdir, name), 'xb') as f:
            f.write(data)
    print(' '.join('%s:%d' % (k, len(v)) for k, v in sorted(tables.items())))
    return 0


if __name__ == '__main__':
    sys.exit(main())
