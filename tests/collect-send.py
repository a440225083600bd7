# SPDX-License-Identifier: BSD-2-Clause
"""A client of tools/sbmbench collect for tests/collect.sh, well-behaved
or not: collect-send.py PORT HOW [FILE].  Prints the answer's status line
and body (or 'closed' when the server hung up without one)."""
import socket
import sys
import time
import zlib


def request(port, head, body=b'', pace=None):
    s = socket.create_connection(('127.0.0.1', port), timeout=60)
    try:
        if pace:
            # a byte at a time, slowly: the server's deadline cuts it
            for b in head + body:
                s.sendall(bytes([b]))
                time.sleep(pace)
        else:
            s.sendall(head + body)
    except OSError:
        pass
    got = b''
    try:
        while True:
            c = s.recv(65536)
            if not c:
                break
            got += c
    except OSError:
        pass
    s.close()
    if not got:
        return 'closed'
    status = got.split(b'\r\n', 1)[0].decode('ascii', 'replace')
    body = got.split(b'\r\n\r\n', 1)[-1].decode('ascii', 'replace')
    return status + '\n' + body


def post(path, body, crc=None, extra=b''):
    crc = '%08x' % (zlib.crc32(body) & 0xffffffff) if crc is None else crc
    return (b'POST ' + path.encode('latin-1') + b' HTTP/1.1\r\n'
            b'Host: 10.0.2.2\r\nContent-Length: ' + str(len(body)).encode() +
            b'\r\nX-Sbm-Crc32: ' + crc.encode() +
            b'\r\nX-Sbm-Machine: 52:54:00:12:34:56\r\n' + extra + b'\r\n')


def main():
    port, how = int(sys.argv[1]), sys.argv[2]
    body = open(sys.argv[3], 'rb').read() if len(sys.argv) > 3 else b''
    p = '/sbmbench/result'
    if how == 'ok':
        out = request(port, post(p, body), body)
    elif how == 'path':                 # FILE's bytes to the path argv[4]
        out = request(port, post(sys.argv[4], body), body)
    elif how == 'wrong-crc':
        out = request(port, post(p, body, crc='%08x' % (
            (zlib.crc32(body) ^ 1) & 0xffffffff)), body)
    elif how == 'no-length':
        out = request(port, b'POST ' + p.encode() + b' HTTP/1.1\r\n'
                      b'X-Sbm-Crc32: 00000000\r\n\r\n', body)
    elif how == 'chunked':
        out = request(port, b'POST ' + p.encode() + b' HTTP/1.1\r\n'
                      b'Transfer-Encoding: chunked\r\n'
                      b'X-Sbm-Crc32: 00000000\r\n\r\n', b'5\r\nhello\r\n0\r\n\r\n')
    elif how == 'huge':                 # says 1 GiB, sends 1 MiB of it
        head = (b'POST ' + p.encode() + b' HTTP/1.1\r\nContent-Length: '
                b'1073741824\r\nX-Sbm-Crc32: 00000000\r\n\r\n')
        out = request(port, head, b'x' * (1 << 20))
    elif how == 'headers':              # a flood of header lines
        out = request(port, post(p, body, extra=b''.join(
            b'X-%d: %s\r\n' % (i, b'y' * 1000) for i in range(300))), body)
    elif how == 'slow':                 # under the deadline per byte
        out = request(port, post(p, body), body, pace=0.2)
    elif how == 'short':                # says N, sends N/2, then waits
        s = socket.create_connection(('127.0.0.1', port), timeout=60)
        s.sendall(post(p, body) + body[:len(body) // 2])
        got = b''
        try:
            while True:
                c = s.recv(65536)
                if not c:
                    break
                got += c
        except OSError:
            pass
        s.close()
        out = got.split(b'\r\n', 1)[0].decode('ascii', 'replace') \
            if got else 'closed'
    elif how == 'get':
        out = request(port, b'GET /../../etc/passwd HTTP/1.1\r\n\r\n')
    elif how == 'garbage':
        out = request(port, b'\x00\xff\x1b[2J not http at all\r\n\r\n')
    else:
        sys.exit('collect-send.py: unknown HOW %s' % how)
    print(out)


main()
