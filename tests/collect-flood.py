# SPDX-License-Identifier: BSD-2-Clause
"""A hostile flood against tools/sbmbench collect, for the lab's tests:

    collect-flood.py PORT SLOW IDLE STATS-FILE [FROM,FROM...]

SLOW clients each send a valid request's headers and body 10 bytes every
0.5 s; IDLE clients each send one request line and nothing more.  A
client that is cut (by the collector's bounds or its deadline) connects
again 1 s later, so the flood keeps its size for as long as it runs (until
TERM).  Every 2 s STATS-FILE is rewritten with what the flood saw:
'open N connects N cut N answered N refused-503 N'.  The clients
connect from the FROM addresses in turn (127.0.0.1 by default; any
127.x.y.z is this machine's loopback too), so the collector's bound per
address and its bound in all can each be met."""
import asyncio
import os
import signal
import sys
import zlib

BODY = b'@sbm hello v=1 run=0badf00d arch=flood\n' * 40


def request():
    crc = '%08x' % (zlib.crc32(BODY) & 0xffffffff)
    return (b'POST /sbmbench/result HTTP/1.1\r\nHost: 10.0.2.2\r\n'
            b'Content-Length: %d\r\nX-Sbm-Crc32: %s\r\n\r\n' %
            (len(BODY), crc.encode())) + BODY


class Flood:
    def __init__(self, port):
        self.port = port
        self.froms = ['127.0.0.1']
        self.n = dict(open=0, connects=0, cut=0, answered=0)
        self.n['refused-503'] = 0

    async def client(self, slow, src):
        while True:
            try:
                r, w = await asyncio.open_connection(
                    '127.0.0.1', self.port, local_addr=(src, 0))
            except OSError:
                await asyncio.sleep(1)
                continue
            self.n['connects'] += 1
            self.n['open'] += 1
            try:
                if slow:
                    data = request()
                    for i in range(0, len(data), 10):
                        w.write(data[i:i + 10])
                        await w.drain()
                        await asyncio.sleep(0.5)
                else:
                    w.write(b'POST /sbmbench/result HTTP/1.1\r\n')
                    await w.drain()
                got = await r.read(4096)
                if got.startswith(b'HTTP/1.1 503'):
                    self.n['refused-503'] += 1
                self.n['answered' if got else 'cut'] += 1
            except OSError:
                self.n['cut'] += 1
            finally:
                self.n['open'] -= 1
                w.transport.abort()
            await asyncio.sleep(1)

    async def stats(self, path):
        while True:
            with open(path + '.tmp', 'w') as f:
                f.write(' '.join('%s %d' % kv for kv in self.n.items()) +
                        '\n')
            os.replace(path + '.tmp', path)
            await asyncio.sleep(2)


async def main():
    port, slow, idle, path = (int(sys.argv[1]), int(sys.argv[2]),
                              int(sys.argv[3]), sys.argv[4])
    f = Flood(port)
    if len(sys.argv) > 5:
        f.froms = sys.argv[5].split(',')
    loop = asyncio.get_running_loop()
    stop = loop.create_future()
    loop.add_signal_handler(signal.SIGTERM, stop.set_result, None)
    tasks = [asyncio.ensure_future(f.stats(path))]
    for i in range(slow + idle):
        tasks.append(asyncio.ensure_future(
            f.client(i < slow, f.froms[i % len(f.froms)])))
        if i % 100 == 99:
            await asyncio.sleep(0.05)   # the flood builds up in a second
    await stop
    for t in tasks:
        t.cancel()


asyncio.run(main())
