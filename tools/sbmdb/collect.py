# SPDX-License-Identifier: BSD-2-Clause
"""tools/sbmbench collect: the lab's HTTP receiver of saved results.

A machine that booted from the network sends the result it saved in UEFI
variables (the CRC-framed records, at most 32 KiB) as

    POST /sbmbench/result HTTP/1.1
    Content-Length: N
    X-Sbm-Crc32: 8 hex digits, CRC-32 of the N bytes
    X-Sbm-Machine: the NIC's MAC (optional, shown only)

and deletes the variables only when the answer is 200 with the line
"sbmbench-ack crc32=XXXXXXXX ..." naming the same checksum.  That answer
is sent only after the log is on disk (written, fsynced, linked into
place) and in the database, so an acknowledged result is never lost.
The same bytes sent again (an answer that got lost) are acknowledged
again, stored once.

Everything in a request is hostile: the body is capped, read under one
deadline per connection, its records are checked through sbmlog (CRC
and form), the file is named by the run id the checked records carry
(never by anything else the client sends), and nothing is written
outside the results directory.

Clients are read by one event loop, not a thread each: connections are
bounded in all (CONNS_MAX) and per address (PEER_MAX), a new one past a
bound cutting the connection idle longest (one that has sent nothing yet
counts as fresh for GRACE_S after its accept, so a client the host is
slow to schedule between connect and send is not cut for a flood that
has spoken; see Conn.idle_since for what it cannot do), and a storing slot
(STORE_MAX, on STORE_THREADS threads) is taken only by a body that is
whole and matches its checksum.  So a flood of slow or silent clients
costs a real upload at most a reconnect, and the threads never grow.
"""
import asyncio
import concurrent.futures
import http
import os
import re
import socket
import sys
import tempfile
import threading
import time
import zlib

from . import store
from .records import LogError, read_log

PATH = '/sbmbench/result'
BODY_MAX = 64 * 1024        # a saved result is 32 KiB at most
DEADLINE_S = 20             # a whole request, headers and body
HEAD_MAX = 16 * 1024        # request line and headers
HEADERS_MAX = 64            # header lines
CONNS_MAX = 256             # connections held at once, all addresses
PEER_MAX = 64               # of them from one address
STORE_MAX = 16              # checked bodies being stored at once; more 503
STORE_THREADS = 2           # threads that store them (fsync, sqlite)
BACKLOG = 128
GRACE_S = 0.25              # a new connection's wait for its first byte
LINGER_S = 1                # a refusal's wait for the client's last bytes
SAY_MAX, SAY_S = 20, 10     # refusal lines on stderr: at most 20 per 10 s
NAMES_MAX = 100             # <run>.log, <run>-2.log ... <run>-100.log
_RUN = re.compile(r'^[0-9a-f]{8}$')
_HEX8 = re.compile(r'^[0-9a-fA-F]{8}$')
_MACHINE = re.compile(r'^[0-9A-Za-z:.-]{1,64}$')


class Refused(Exception):
    """A request not taken: (HTTP status, why)."""

    def __init__(self, code, why):
        Exception.__init__(self, why)
        self.code, self.why = code, why


def _out(line, err=False):
    stream = sys.stderr if err else sys.stdout
    print('collect: %s %s' % (time.strftime('%H:%M:%S'),
                              store.inert_name(line)), file=stream,
          flush=True)


class Collector:
    """Where results go, and the lock that orders writes to them."""

    def __init__(self, results, db, deadline=DEADLINE_S):
        self.results, self.db, self.deadline = results, db, deadline
        self.lock = threading.Lock()

    def check_dir(self):
        """The results directory, made if missing; a symbolic link there
        is refused (a log could land anywhere)."""
        if os.path.islink(self.results):
            raise store.DbError('%s is a symbolic link: refused' %
                                self.results)
        os.makedirs(self.results, exist_ok=True)
        # a collector killed while storing leaves its temporary file
        for name in os.listdir(self.results):
            path = os.path.join(self.results, name)
            if name.startswith('.collect-') and name.endswith('.tmp') and \
                    os.path.isfile(path) and not os.path.islink(path):
                os.unlink(path)

    def _place(self, tmp, body, run_id):
        """The log linked into place as <run>.log (or -2, -3 ... where a
        different log has the name): (name, True when the same bytes were
        there already)."""
        for i in range(1, NAMES_MAX + 1):
            name = run_id + ('.log' if i == 1 else '-%d.log' % i)
            path = os.path.join(self.results, name)
            try:
                os.link(tmp, path)      # never over a file, never
                return name, False      # through a link
            except FileExistsError:
                pass
            try:
                if os.path.islink(path) or not os.path.isfile(path):
                    continue
                with open(path, 'rb') as f:
                    if f.read(BODY_MAX + 1) == body:
                        return name, True
            except OSError:
                continue
        raise Refused(500, 'results/%s.log and %d more names are taken' %
                      (run_id, NAMES_MAX - 1))

    def take(self, body, peer, machine):
        """Checks and stores one result: the acknowledgement's fields."""
        fd, tmp = tempfile.mkstemp(prefix='.collect-', suffix='.tmp',
                                   dir=self.results)
        try:
            with os.fdopen(fd, 'wb') as f:
                f.write(body)
                f.flush()
                os.fsync(f.fileno())
            try:
                runs, rejects = read_log(tmp, 'upload')
            except LogError as e:
                raise Refused(500, 'cannot check it: %s' % e)
            if not runs:
                raise Refused(422, 'no record with a good CRC in it (%d '
                              'rejected)' % len(rejects))
            ids = {r.run_id for r in runs}
            if len(ids) != 1 or not _RUN.match(runs[0].run_id):
                raise Refused(422, 'records of %d runs: a saved result is '
                              'one run' % len(ids))
            run = runs[0]
            with self.lock:
                name, again = self._place(tmp, body, run.run_id)
                path = os.path.join(self.results, name)
                con = store.open_db(self.db)
                try:
                    done, _ = store.add_log(con, path, 'results/' + name)
                finally:
                    con.close()
            dirfd = os.open(self.results, os.O_RDONLY)
            try:
                os.fsync(dirfd)
            finally:
                os.close(dirfd)
        finally:
            os.unlink(tmp)
        hello = run.first('hello')
        what = ' '.join(x for x in (
            hello.get('arch') if hello else None,
            hello.get('product') if hello else None) if x) or '-'
        rowid = done[0][1] if done else 0
        _out('%s%s run %s (%s): %d records, status %s%s -> results/%s, '
             'db #%d%s' % (peer, ' ' + machine if machine else '',
                           run.run_id, what, len(run.records), run.status(),
                           ', %d damaged records left out' % len(rejects)
                           if rejects else '', name, rowid,
                           ' (sent again: stored once)' if again else ''))
        return run.run_id, name, rejects


class Conn(asyncio.Protocol):
    """One client connection, read as its bytes come (no thread, no task
    of its own): its address, when its last byte came, and whether its
    checked body is being stored (never cut then)."""

    def __init__(self, lab):
        self.lab, self.col = lab, lab.col
        self.buf = b''
        self.state = 'head'     # 'body', 'storing', 'closing'
        self.want = 0
        self.hdrs = {}
        self.last = time.monotonic()
        self.spoke = False      # a byte came: no more grace
        self.peer = '?'
        self.transport = None
        self.timer = None

    @property
    def storing(self):
        return self.state == 'storing'

    @property
    def idle_since(self):
        """When its last byte came; before its first, its accept plus the
        grace: under a flood of 3000 connects a second one address's 64
        slots turn over in about 20 ms, less than a loaded host may take
        to run a client between its connect and its first write.  That
        protects it against flood connections that have spoken (a request
        line and silence), not against ones as silent as itself: among
        those the oldest accept is cut first, so a client that shares an
        address with a silent flood has about 64 connects' time to speak,
        and a cut costs it a reconnect (the image tries 4 times)."""
        return self.last if self.spoke else self.last + GRACE_S

    def connection_made(self, transport):
        self.transport = transport
        self.peer = (transport.get_extra_info('peername') or ('?',))[0]
        loop = asyncio.get_running_loop()
        self.timer = loop.call_later(self.col.deadline, self._late)
        self.lab.add(self)

    def connection_lost(self, exc):
        if self.timer:
            self.timer.cancel()
        self.lab.drop(self)
        if self.state in ('head', 'body') and self.buf:
            self.lab.say('%s refused: gone after %d bytes of its request' %
                         (self.peer, len(self.buf)))

    def cut(self):
        self.state = 'closing'
        self.buf = b''
        self.transport.abort()

    def eof_received(self):
        if self.state == 'head' and self.buf:
            self.refuse(400, 'closed before the headers ended')
        elif self.state == 'body':
            self.refuse(408, 'body cut short at %d of %d bytes' %
                        (len(self.buf), self.want))
        return self.state == 'storing' or None

    def _late(self):
        self.timer = None
        if self.state == 'head':
            self.refuse(408, 'request line and headers not complete in '
                        '%d s' % self.col.deadline)
        elif self.state == 'body':
            self.refuse(408, 'body cut short at %d of %d bytes (slower '
                        'than %d s)' % (len(self.buf), self.want,
                                        self.col.deadline))
        elif self.state == 'closing':
            self.transport.abort()

    def data_received(self, data):
        self.last = time.monotonic()
        self.spoke = True
        if self.state not in ('head', 'body'):
            return          # after the answer: read and dropped
        self.buf += data
        try:
            if self.state == 'head':
                self._head()
            if self.state == 'body' and len(self.buf) >= self.want:
                self._body()
        except Refused as e:
            self.refuse(e.code, e.why)

    def _head(self):
        end = self.buf.find(b'\r\n\r\n')
        if end < 0 or end > HEAD_MAX:
            if len(self.buf) > HEAD_MAX:
                raise Refused(431, 'request line and headers over %d '
                              'bytes' % HEAD_MAX)
            return
        method, path, hdrs = _parse_head(self.buf[:end])
        self.buf = self.buf[end + 4:]
        if method != 'POST':
            raise Refused(405, 'only POST %s' % PATH)
        if path != PATH:
            raise Refused(404, 'not %s' % PATH)
        if 'transfer-encoding' in hdrs:
            raise Refused(411, 'a Content-Length is required (no chunked '
                          'body)')
        n = hdrs.get('content-length')
        if n is None or not re.match(r'^[0-9]{1,30}$', n):
            raise Refused(411, 'a Content-Length is required')
        n = int(n)
        if n > BODY_MAX:
            raise Refused(413, 'body of %d bytes: at most %d' %
                          (n, BODY_MAX))
        if n == 0:
            raise Refused(400, 'empty body')
        self.state, self.want, self.hdrs = 'body', n, hdrs

    def _body(self):
        body = self.buf[:self.want]
        want = self.hdrs.get('x-sbm-crc32', '')
        if not _HEX8.match(want):
            raise Refused(400, 'no X-Sbm-Crc32 header of 8 hex digits')
        crc = zlib.crc32(body) & 0xffffffff
        if crc != int(want, 16):
            raise Refused(400, 'body CRC-32 %08x, header says %s: '
                          'damaged on the way' % (crc, want.lower()))
        machine = self.hdrs.get('x-sbm-machine', '')
        if not _MACHINE.match(machine):
            machine = ''
        # a slot only now: the body is whole and its checksum right
        if self.lab.storing >= STORE_MAX:
            raise Refused(503, 'busy: %d results being stored at once' %
                          STORE_MAX)
        self.buf = b''
        self.state = 'storing'
        if self.timer:                  # the client's part is done
            self.timer.cancel()
            self.timer = None
        self.lab.storing += 1
        asyncio.ensure_future(self._store(body, crc, machine))

    async def _store(self, body, crc, machine):
        try:
            run_id, name, rejects = await asyncio.get_running_loop(
            ).run_in_executor(self.lab.pool, self.col.take, body,
                              self.peer, machine)
        except Refused as e:
            self.refuse(e.code, e.why)
            return
        except (store.DbError, OSError) as e:
            self.refuse(500, 'not stored: %s' % e)
            return
        except Exception as e:          # never takes the server down
            self.refuse(500, 'not stored: %s' % type(e).__name__)
            return
        finally:
            self.lab.storing -= 1
        self.answer(200, 'sbmbench-ack crc32=%08x run=%s bytes=%d '
                    'damaged=%d file=%s\n' % (crc, run_id, len(body),
                                              len(rejects), name))

    def refuse(self, code, why):
        self.lab.say('%s refused: %d %s' % (self.peer, code, why))
        self.answer(code, 'sbmbench-refused %d %s\n' % (code, why))

    def answer(self, code, text):
        if self.state == 'closing':
            return
        data = text.encode('ascii', 'replace')
        self.transport.write((
            'HTTP/1.1 %d %s\r\nServer: sbmbench-collect\r\n'
            'Content-Type: text/plain\r\nContent-Length: %d\r\n'
            'Connection: close\r\n\r\n' % (
                code, http.HTTPStatus(code).phrase, len(data))
        ).encode('ascii') + data)
        self.state, self.buf = 'closing', b''
        if code == 200:
            self.transport.close()
            return
        # what the client still sends is read and dropped a moment, so
        # the refusal reaches it instead of a reset
        if self.transport.can_write_eof():
            self.transport.write_eof()
        if self.timer:
            self.timer.cancel()
        self.timer = asyncio.get_running_loop().call_later(LINGER_S,
                                                           self._late)


class Lab:
    """The connections held, bounded in all and per address: a new one
    past a bound cuts the one idle longest (its last byte the oldest),
    so a flood of slow or silent clients delays a machine's upload by at
    most a reconnect and never locks it out.  Connections are taken one
    per turn of the loop, so a connection's first bytes are read before
    more than a few newer ones can push it out."""

    def __init__(self, col, conns_max=CONNS_MAX, peer_max=PEER_MAX):
        self.col, self.conns_max, self.peer_max = col, conns_max, peer_max
        self.conns = set()
        self.per_peer = {}
        self.storing = 0
        self.pending = 0        # accepted, its transport not made yet
        self.pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=STORE_THREADS, thread_name_prefix='store')
        self.cut_n = self.unsaid = 0
        self.said, self.said_at = 0, time.monotonic()

    def say(self, line):
        """A refusal on stderr, at most SAY_MAX lines per SAY_S seconds:
        a flood must not fill the lab's disk with its own story."""
        self._tally()
        if self.said < SAY_MAX:
            self.said += 1
            _out(line, err=True)
        else:
            self.unsaid += 1

    def _tally(self):
        now = time.monotonic()
        if now - self.said_at < SAY_S:
            return
        if self.cut_n or self.unsaid:
            _out('in %d s: %d connections cut, idle longest first (at most '
                 '%d at once, %d from one address), %d refusals not shown' %
                 (now - self.said_at, self.cut_n, self.conns_max,
                  self.peer_max, self.unsaid), err=True)
        self.cut_n = self.unsaid = self.said = 0
        self.said_at = now

    def _cut_idlest(self, peer=None):
        pick = None
        for c in self.conns:
            if c.storing or (peer is not None and c.peer != peer):
                continue
            if pick is None or c.idle_since < pick.idle_since:
                pick = c
        if pick is None:
            return False
        self.drop(pick)
        pick.cut()
        self.cut_n += 1
        return True

    def add(self, c):
        self.conns.add(c)
        self.per_peer[c.peer] = self.per_peer.get(c.peer, 0) + 1
        while self.per_peer[c.peer] > self.peer_max and \
                self._cut_idlest(c.peer):
            pass
        while len(self.conns) > self.conns_max and self._cut_idlest():
            pass
        self._tally()

    def drop(self, c):
        if c in self.conns:
            self.conns.discard(c)
            self.per_peer[c.peer] -= 1
            if not self.per_peer[c.peer]:
                del self.per_peer[c.peer]

    def accept(self, sock):
        """One connection per turn of the loop (asyncio's own server
        takes a burst of up to its backlog before reading any), and none
        while the last one's transport is still being made: so sockets
        held outside the bounds are one at most."""
        if self.pending:
            return
        try:
            conn, _ = sock.accept()
        except (BlockingIOError, InterruptedError):
            return
        except OSError as e:
            # out of descriptors, say: the bounds make it rare; wait a
            # moment rather than spin
            self.say('cannot accept a connection: %s' % e)
            loop = asyncio.get_running_loop()
            loop.remove_reader(sock)
            loop.call_later(0.1, loop.add_reader, sock, self.accept, sock)
            return
        conn.setblocking(False)
        self.pending += 1
        asyncio.ensure_future(self._make(conn))

    async def _make(self, conn):
        # asyncio has run connection_made when the await returns; on any
        # failure the socket is closed and the next accept still comes
        try:
            await asyncio.get_running_loop().connect_accepted_socket(
                lambda: Conn(self), conn)
        except Exception as e:
            conn.close()
            self.say('a connection lost before it was set up: %s' %
                     type(e).__name__)
        finally:
            self.pending -= 1


def _parse_head(head):
    """A request line and its headers: (method, path, {name: value})."""
    lines = head.split(b'\r\n')
    try:
        words = lines[0].decode('ascii').split(' ')
    except UnicodeDecodeError:
        words = []
    if len(words) != 3 or not re.match(r'^HTTP/1\.[01]$', words[2]) or \
            not re.match(r'^[A-Z]{1,16}$', words[0]):
        raise Refused(400, 'not an HTTP/1 request line')
    if len(lines) - 1 > HEADERS_MAX:
        raise Refused(431, '%d header lines: at most %d' % (
            len(lines) - 1, HEADERS_MAX))
    hdrs = {}
    for line in lines[1:]:
        name, sep, value = line.partition(b':')
        if not sep or not re.match(rb'^[!-9;-~]{1,64}$', name):
            raise Refused(400, 'a header line that is not NAME: VALUE')
        hdrs[name.decode('ascii').lower()] = \
            value.strip().decode('latin-1')
    return words[0], words[1], hdrs


def listen_addr(text):
    """'ADDR:PORT' (or '[v6]:PORT') as (addr, port)."""
    m = re.match(r'^(?:\[([0-9A-Fa-f:.]+)\]|([0-9A-Za-z.-]*)):([0-9]{1,5})$',
                 text or '')
    if not m or int(m.group(3)) > 65535:
        raise store.DbError('--listen %s: want ADDR:PORT (0.0.0.0:8080, '
                            '127.0.0.1:0 for any free port)' % text)
    return (m.group(1) or m.group(2) or '0.0.0.0'), int(m.group(3))



def serve(listen, results, db, deadline=DEADLINE_S):
    addr, port = listen_addr(listen)
    if not 1 <= deadline <= 3600:
        raise store.DbError('--timeout %s: 1 to 3600 seconds' % deadline)
    col = Collector(results, db, deadline)
    col.check_dir()
    store.open_db(db).close()       # a bad database fails here, not later
    try:
        asyncio.run(_serve(col, addr, port, listen))
    except KeyboardInterrupt:
        pass
    return 0


async def _serve(col, addr, port, listen):
    lab = Lab(col)
    family = socket.AF_INET6 if ':' in addr else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((addr, port))
        sock.listen(BACKLOG)
    except OSError as e:
        sock.close()
        raise store.DbError('cannot listen on %s: %s' % (listen, e.strerror
                                                          or e))
    sock.setblocking(False)
    host, port = sock.getsockname()[:2]
    _out('listening on %s:%d: POST %s; logs into %s, runs into %s' % (
        host, port, PATH, col.results, col.db))
    loop = asyncio.get_running_loop()
    loop.add_reader(sock, lab.accept, sock)
    try:
        await loop.create_future()      # until a signal ends the process
    finally:
        loop.remove_reader(sock)
        sock.close()
