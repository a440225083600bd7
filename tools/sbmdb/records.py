# SPDX-License-Identifier: BSD-2-Clause
"""The CRC-checked records of a log, read through sbmlog only.

sbmlog checks every record's CRC; `sbmlog records LOG` prints the
verified ones as "KIND v=1 run=ID key=value ..." (text held inert:
printable ASCII and well-formed UTF-8, other bytes as \\xNN) and
`sbmlog check LOG` names the rejected lines.  Nothing here re-reads the
log's bytes but to find a quoted value's bounds (_quoted).
"""
import math
import os
import re
import subprocess

_schema = _known = _roles = None
# what `sbmlog schema` may name: a kind (letters, digits, '-'), a key
# (letters, digits, '_'), a type word, a role word
_KIND_NAME = re.compile(r'^[a-z][a-z0-9-]{0,39}$')
_KEY_NAME = re.compile(r'^[a-z][a-z0-9_]{0,39}$')
_TYPE_NAME = re.compile(r'^[a-z0-9-]{1,20}$')


_experiments = None
_EXP_NAME = re.compile(r'^[a-z][a-z0-9_]{0,31}$')


def experiments():
    """The registry's experiment names, in its order (`sbmlog
    experiments`): what the page loads each experiment's part by."""
    global _experiments
    if _experiments is None:
        p = _run(['experiments'])
        if p.returncode != 0:
            raise LogError('sbmlog experiments failed: %s' % (
                p.stderr.decode('ascii', 'replace').strip() or
                'exit %d' % p.returncode))
        names = p.stdout.decode('ascii', 'replace').split()
        bad = [n for n in names if not _EXP_NAME.match(n)]
        if bad or not names:
            raise LogError('sbmlog experiments: not a name: %r' % (
                bad[:1] or names))
        _experiments = names
    return _experiments


def schema():
    """The record schema sbmlog was built with (`sbmlog schema`, from
    core/output/record_schema.def and each experiment's file): {kind:
    [(key, type, unit), ...]} in the schema's order, types as sbmlog
    names them (u64, dbl, str, hex, list, cpus, u64-or-never, ...).
    The host's one source of record kinds and keys: nothing here or in
    store.py or html.py lists them again."""
    global _schema, _roles
    if _schema is None:
        p = _run(['schema'])
        if p.returncode != 0:
            raise LogError('sbmlog schema failed: %s' % (
                p.stderr.decode('ascii', 'replace').strip() or
                'exit %d' % p.returncode))
        out, roles = {}, {}
        for n, line in enumerate(p.stdout.decode('ascii', 'replace')
                                 .splitlines(), 1):
            w = line.split()
            if len(w) == 5 and w[0] == 'kind' and _KIND_NAME.match(w[1]):
                out.setdefault(w[1], [])
            elif (len(w) in (5, 6) and w[0] == 'key' and w[1] in out and
                  _KEY_NAME.match(w[2]) and _TYPE_NAME.match(w[3]) and
                  (len(w) == 5 or _TYPE_NAME.match(w[5]))):
                if w[2] not in ('v', 'run') and \
                        all(k != w[2] for k, _, _ in out[w[1]]):
                    out[w[1]].append((w[2], w[3],
                                      '' if w[4] == '-' else w[4]))
                    if len(w) == 6:
                        roles.setdefault(w[5], []).append((w[1], w[2]))
            else:
                raise LogError('sbmlog schema, line %d: not a kind or key '
                               'line this reader knows: %r' % (n, line))
        if not out:
            raise LogError('sbmlog schema printed no record kind')
        _schema, _roles = out, roles
    return _schema


def keys_as(kind, role):
    """The keys of @kind the schema gives @role ("machine": those naming
    the hardware, the same on every boot of one machine), in the
    schema's order."""
    schema()
    return tuple(k for kd, k in _roles.get(role, ()) if kd == kind)


def known_keys():
    """The keys each kind has, from the schema (schema()): {kind: {key,
    ...}}, v and run included.  A key not listed is kept all the same and
    named as unknown (a newer image's)."""
    global _known
    if _known is None:
        _known = {k: {'v', 'run'} | {key for key, _, _ in keys}
                  for k, keys in schema().items()}
    return _known

# sbmlog prints a quoted value without its quotes, so a value with blanks
# in it is split where a blank is followed by KEY= (a word of letters,
# digits and _): "(bmc_watchdog=stop)" in a message stays in it.  Where
# the log holds the record's own line, its quotes decide (_quoted).
_FIELD = re.compile(r'^([A-Za-z_][A-Za-z0-9_]*)=(.*)$', re.S)
_RUN = re.compile(r'^[0-9a-f]{8}$')


class LogError(Exception):
    """A log that cannot be read at all (named in the message)."""


def num(v):
    """A finite float, or None (hostile text, nan, inf, overflow)."""
    if v is None:
        return None
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None


def parse_line(line):
    """One line of `sbmlog records`: (kind, [(key, value), ...])."""
    toks = line.split(' ')
    kind, fields = toks[0], []
    for t in toks[1:]:
        m = _FIELD.match(t)
        if m:
            fields.append([m.group(1), m.group(2)])
        elif fields:
            fields[-1][1] += ' ' + t
    return kind, [tuple(f) for f in fields]


# UTF-8 characters sbmlog shows as \xNN bytes all the same: marks that
# reorder or break text (tools/log/inert.c, utf8_shown())
_NOT_SHOWN = ({0x061c, 0x200e, 0x200f, 0x2028, 0x2029} |
              set(range(0x202a, 0x202f)) | set(range(0x2066, 0x206a)))


def _utf8_at(raw, i):
    """The well-formed UTF-8 character at raw[i] that sbmlog shows as
    itself (no control, no mark in _NOT_SHOWN), or ''."""
    lead = raw[i]
    n = 2 if 0xc2 <= lead <= 0xdf else 3 if 0xe0 <= lead <= 0xef else \
        4 if 0xf0 <= lead <= 0xf4 else 0
    if not n:
        return ''
    try:
        ch = raw[i:i + n].decode('utf-8')   # strict: no overlong,
    except UnicodeDecodeError:              # surrogate, > U+10FFFF
        return ''
    cp = ord(ch)
    return '' if cp < 0xa0 or cp in _NOT_SHOWN else ch


def _inert(text):
    """A record's text (a log's bytes, one char each) as sbmlog prints
    it (tools/log/inert.c, text_inert()): printable ASCII and well-formed
    UTF-8 as they are, every other byte as \\xNN."""
    raw = text.encode('latin-1')
    out, i = [], 0
    while i < len(raw):
        c = raw[i]
        ch = _utf8_at(raw, i) if c >= 0x80 else ''
        if ch:
            out.append(ch)
            i += len(ch.encode('utf-8'))
            continue
        out.append(chr(c) if 0x20 <= c < 0x7f else '\\x%02x' % c)
        i += 1
    return ''.join(out)


def _split(body):
    """record.c's tokenizer on "KIND key=value key="text" ...": (kind,
    fields), or None when it would reject the record."""
    kind, _, rest = body.partition(' ')
    fields, i, n = [], 0, len(rest)
    while i < n:
        while i < n and rest[i] == ' ':
            i += 1
        if i >= n:
            break
        j = i
        while j < n and rest[j] not in '= ':
            j += 1
        if j >= n or rest[j] != '=' or j == i:
            return None
        key, j = rest[i:j], j + 1
        if j < n and rest[j] == '"':
            e = rest.find('"', j + 1)
            if e < 0 or (e + 1 < n and rest[e + 1] != ' '):
                return None
            val, i = rest[j + 1:e], e + 1
        else:
            e = rest.find(' ', j)
            e = n if e < 0 else e
            val, i = rest[j:e], e
        fields.append((_inert(key), _inert(val)))
    return _inert(kind), fields


_TRAILER = re.compile(r'  #[0-9a-f]{8}[ \t\r\x00]*$')


def _quoted(path):
    """{printed text: fields} for the log's whole record lines, so that a
    quoted value with blanks and '=' in it keeps its bounds.  Only text
    sbmlog printed (CRC-checked) is ever looked up here."""
    out = {}
    try:
        if os.path.getsize(path) > (64 << 20):
            return out
        with open(path, 'rb') as f:
            data = f.read().decode('latin-1')
    except OSError:
        return out
    for line in data.split('\n'):
        at = line.find('@sbm ')
        if at < 0 or '"' not in line:
            continue
        m = _TRAILER.search(line, at)
        if not m:
            continue
        got = _split(line[at + 5:m.start()])
        if got:
            kind, fields = got
            text = kind + ''.join(' %s=%s' % f for f in fields)
            out.setdefault(text, fields)
    return out


class Record:
    __slots__ = ('kind', 'fields', 'seq')

    def __init__(self, kind, fields, seq):
        self.kind, self.fields, self.seq = kind, fields, seq

    def get(self, key, default=None):
        for k, v in self.fields:
            if k == key:
                return v
        return default

    def num(self, key):
        return num(self.get(key))

    def unknown_keys(self, known=None):
        """Keys the schema (or known, {kind: keys}) does not name."""
        known = (known or known_keys()).get(self.kind)
        if known is None:
            return [k for k, _ in self.fields if k not in ('v', 'run')]
        return [k for k, _ in self.fields if k not in known]

    def text(self):
        return self.kind + ''.join(' %s=%s' % f for f in self.fields)


class Run:
    """The records of one boot (one run id, from a hello on)."""

    def __init__(self, run_id, source):
        self.run_id, self.source = run_id, source
        self.records = []

    def first(self, kind):
        for r in self.records:
            if r.kind == kind:
                return r
        return None

    def all(self, kind):
        return [r for r in self.records if r.kind == kind]

    def status(self):
        """ok, fail, incomplete (no end), damaged (records missing
        before the end record: it counts them), partial (a screen's QR
        codes hold only part of the run)."""
        end = self.first('end')
        if end is None:
            return 'incomplete'
        before = self.records.index(end)
        want = num(end.get('records'))
        qr = self.first('qr')
        if want is not None and before < want:
            return 'partial' if qr is not None else 'damaged'
        if end.get('status') != 'ok':
            return 'fail'
        if self.first('hello') is None:
            return 'damaged'
        return 'ok'

    def unknown(self, known=None):
        """'kind.key' named once each, in the order met ('kind.*' for a
        kind the schema, or known, lacks)."""
        known = known or known_keys()
        seen = []
        for r in self.records:
            if r.kind not in known:
                name = r.kind + '.*'
                if name not in seen:
                    seen.append(name)
                continue
            for k in r.unknown_keys(known):
                name = r.kind + '.' + k
                if name not in seen:
                    seen.append(name)
        return seen


def sbmlog_path():
    p = os.environ.get('SBM_SBMLOG')
    if not p:
        raise LogError('SBM_SBMLOG is not set (run through tools/sbmbench)')
    return p


def _run(args):
    try:
        return subprocess.run([sbmlog_path()] + args, capture_output=True,
                              timeout=300)
    except OSError as e:
        raise LogError('cannot run sbmlog (%s): %s' % (sbmlog_path(), e))


def read_log(path, label=None):
    """(runs, rejects) of one log: runs in order, rejects as (line, why).
    A damaged record never reaches a run; the runs it was part of miss
    it, which their end record's count shows."""
    label = label or path
    if not os.path.isfile(path):
        raise LogError('%s: no such file' % label)
    # a name sbmlog would take for an option or stdin ('-', '-x')
    p = _run(['records', os.path.join('.', path) if path.startswith('-') else path])
    if p.returncode not in (0, 1):
        raise LogError('%s: sbmlog could not read it: %s' % (
            label, p.stderr.decode('utf-8', 'replace').strip()))
    runs, cur = [], None
    # printable ASCII and UTF-8 (tools/log/inert.c)
    text = p.stdout.decode('utf-8', 'replace')
    quoted = _quoted(path)
    for seq, line in enumerate(text.splitlines()):
        if not line:
            continue
        kind, fields = parse_line(line)
        if line in quoted:
            fields = quoted[line]
        rid = dict(fields).get('run', '')
        if not _RUN.match(rid):
            continue
        rec = Record(kind, fields, seq)
        # a hello starts a run; so does a new run id without one (a log
        # cut at its start, a QR picture)
        if (cur is None or rid != cur.run_id or
                (kind == 'hello' and cur.first('hello') is not None)):
            cur = Run(rid, label)
            runs.append(cur)
        cur.records.append(rec)
    rejects = []
    if p.returncode == 1:
        c = _run(['check', path])
        out = c.stdout.decode('utf-8', 'replace')
        for line in out.splitlines():
            m = re.search(r':(\d+): rejected record: (.*)$', line)
            if m and line.startswith(path + ':'):
                rejects.append((int(m.group(1)), m.group(2)))
    return runs, rejects
