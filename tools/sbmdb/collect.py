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
"""
import http.server
import os
import re
import socket
import socketserver
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
CLIENTS_MAX = 16            # connections served at once; more get 503
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
        self.slots = threading.BoundedSemaphore(CLIENTS_MAX)

    def check_dir(self):
        """The results directory, made if missing; a symbolic link there
        is refused (a log could land anywhere)."""
        if os.path.islink(self.results):
            raise store.DbError('%s is a symbolic link: refused' %
                                self.results)
        os.makedirs(self.results, exist_ok=True)

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


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    server_version = 'sbmbench-collect'
    sys_version = ''

    def setup(self):
        # one deadline for the whole request: a client that trickles
        # bytes is cut off however it paces them
        http.server.BaseHTTPRequestHandler.setup(self)
        deadline = self.server.collector.deadline
        self.connection.settimeout(deadline)
        self.timer = threading.Timer(deadline, self._cut)
        self.timer.daemon = True
        self.timer.start()

    def _cut(self):
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def finish(self):
        self.timer.cancel()
        try:
            http.server.BaseHTTPRequestHandler.finish(self)
        except OSError:
            pass

    def log_message(self, fmt, *args):
        pass        # collect's own lines say what happened

    def _answer(self, code, text):
        data = text.encode('ascii', 'replace')
        self.close_connection = True
        try:
            self.send_response(code)
            self.send_header('Content-Type', 'text/plain')
            self.send_header('Content-Length', str(len(data)))
            self.send_header('Connection', 'close')
            self.end_headers()
            self.wfile.write(data)
        except OSError:
            pass

    def send_error(self, code, message=None, explain=None):
        # http.server's own refusals (bad request line, long headers)
        why = message or self.responses.get(code, ('',))[0]
        _out('%s refused: %d %s' % (self.client_address[0], code, why),
             err=True)
        self._answer(code, 'sbmbench-refused %d %s\n' % (code, why))

    def _refuse(self, code, why):
        _out('%s refused: %s' % (self.client_address[0], why), err=True)
        self._answer(code, 'sbmbench-refused %d %s\n' % (code, why))

    def _body(self):
        if self.headers.get('Transfer-Encoding'):
            raise Refused(411, 'a Content-Length is required (no chunked '
                          'body)')
        n = self.headers.get('Content-Length')
        if n is None or not re.match(r'^[0-9]{1,30}$', n.strip()):
            raise Refused(411, 'a Content-Length is required')
        n = int(n)
        if n > BODY_MAX:
            raise Refused(413, 'body of %d bytes: at most %d' %
                          (n, BODY_MAX))
        if n == 0:
            raise Refused(400, 'empty body')
        data = b''
        while len(data) < n:
            try:
                chunk = self.rfile.read(n - len(data))
            except OSError:
                chunk = b''
            if not chunk:
                raise Refused(408, 'body cut short at %d of %d bytes (or '
                              'slower than %d s)' % (
                                  len(data), n,
                                  self.server.collector.deadline))
            data += chunk
        return data

    def do_POST(self):
        col = self.server.collector
        if not col.slots.acquire(blocking=False):
            self._refuse(503, 'busy: %d requests at once' % CLIENTS_MAX)
            return
        try:
            self._post(col)
        finally:
            col.slots.release()

    def _post(self, col):
        peer = self.client_address[0]
        try:
            if self.path != PATH:
                raise Refused(404, 'not %s' % PATH)
            body = self._body()
            self.timer.cancel()     # the client's part is done
            want = (self.headers.get('X-Sbm-Crc32') or '').strip()
            if not _HEX8.match(want):
                raise Refused(400, 'no X-Sbm-Crc32 header of 8 hex digits')
            got = zlib.crc32(body) & 0xffffffff
            if got != int(want, 16):
                raise Refused(400, 'body CRC-32 %08x, header says %s: '
                              'damaged on the way' % (got, want.lower()))
            machine = (self.headers.get('X-Sbm-Machine') or '').strip()
            if not _MACHINE.match(machine):
                machine = ''
            run_id, name, rejects = col.take(body, peer, machine)
        except Refused as e:
            self._refuse(e.code, e.why)
            return
        except (store.DbError, OSError) as e:
            self._refuse(500, 'not stored: %s' % e)
            return
        except Exception as e:          # never takes the server down
            self._refuse(500, 'not stored: %s' % type(e).__name__)
            return
        self._answer(200, 'sbmbench-ack crc32=%08x run=%s bytes=%d '
                     'damaged=%d file=%s\n' % (got, run_id, len(body),
                                               len(rejects), name))

    def do_GET(self):
        self._refuse(405, 'only POST %s' % PATH)

    do_PUT = do_DELETE = do_HEAD = do_GET


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 32


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
    if ':' in addr:
        Server.address_family = socket.AF_INET6
    try:
        srv = Server((addr, port), Handler)
    except OSError as e:
        raise store.DbError('cannot listen on %s: %s' % (listen, e.strerror
                                                          or e))
    srv.collector = col
    host, port = srv.server_address[:2]
    _out('listening on %s:%d: POST %s; logs into %s, runs into %s' % (
        host, port, PATH, results, db))
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0
