# SPDX-License-Identifier: BSD-2-Clause
"""A collector that misbehaves, for tests/boot-netboot.sh: collect-fake.py
HOW PORTFILE.  Listens on a free loopback port (written to PORTFILE),
reads each POST whole and answers: HOW=500 a server error; HOW=wrong-crc
200 with an acknowledgement of another checksum.  It stores nothing."""
import http.server
import os
import sys
import zlib


class H(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def log_message(self, fmt, *args):
        pass

    def do_POST(self):
        n = int(self.headers.get('Content-Length') or 0)
        body = self.rfile.read(min(n, 1 << 20))
        if HOW == '500':
            code, text = 500, 'sbmbench-refused 500 test\n'
        else:
            crc = (zlib.crc32(body) ^ 0x5a5a5a5a) & 0xffffffff
            code, text = 200, 'sbmbench-ack crc32=%08x run=x\n' % crc
        data = text.encode()
        self.send_response(code)
        self.send_header('Content-Length', str(len(data)))
        self.send_header('Connection', 'close')
        self.end_headers()
        self.wfile.write(data)
        print('answered %d' % code, flush=True)


HOW = sys.argv[1]
srv = http.server.HTTPServer(('127.0.0.1', 0), H)
with open(sys.argv[2] + '.tmp', 'w') as f:
    f.write('%d\n' % srv.server_address[1])
os.replace(sys.argv[2] + '.tmp', sys.argv[2])
srv.serve_forever()
