#!/usr/bin/env python3
"""Tiny smart-HTTP git server: runs `git http-backend` as CGI for every request.
usage: githttp.py PORT PROJECT_ROOT LOGFILE"""
import os, shutil, subprocess, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote

PORT, ROOTDIR, LOGF = int(sys.argv[1]), sys.argv[2], sys.argv[3]
logf = open(LOGF, 'a', buffering=1)


class H(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.0'

    def log_message(self, fmt, *a):
        logf.write('%s %s\n' % (self.address_string(), fmt % a))

    def _run(self):
        path, _, qs = self.path.partition('?')
        env = {
            'PATH': os.environ.get('PATH', '/usr/bin:/bin'),
            'GIT_PROJECT_ROOT': ROOTDIR, 'GIT_HTTP_EXPORT_ALL': '1',
            'GATEWAY_INTERFACE': 'CGI/1.1', 'SERVER_PROTOCOL': 'HTTP/1.1',
            'SERVER_NAME': '127.0.0.1', 'SERVER_PORT': str(PORT),
            'REQUEST_METHOD': self.command, 'PATH_INFO': unquote(path), 'QUERY_STRING': qs,
            'CONTENT_TYPE': self.headers.get('Content-Type', ''),
            'REMOTE_ADDR': self.client_address[0], 'REMOTE_USER': 'plistctl',
        }
        chunked = 'chunked' in (self.headers.get('Transfer-Encoding') or '').lower()
        clen = self.headers.get('Content-Length')
        if clen is not None and not chunked:
            env['CONTENT_LENGTH'] = clen
        for k, v in self.headers.items():
            kk = 'HTTP_' + k.upper().replace('-', '_')
            if kk not in ('HTTP_CONTENT_TYPE', 'HTTP_CONTENT_LENGTH'):
                env[kk] = v
        p = subprocess.Popen(['git', 'http-backend'], env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)

        def feed():  # stream the request body into the CGI
            try:
                if chunked:
                    while True:
                        size = int(self.rfile.readline().split(b';')[0].strip() or b'0', 16)
                        if size == 0:
                            while self.rfile.readline() not in (b'\r\n', b'\n', b''):
                                pass
                            break
                        left = size
                        while left:
                            b = self.rfile.read(min(left, 65536))
                            if not b:
                                break
                            p.stdin.write(b)
                            left -= len(b)
                        self.rfile.readline()
                elif clen:
                    left = int(clen)
                    while left > 0:
                        b = self.rfile.read(min(left, 65536))
                        if not b:
                            break
                        p.stdin.write(b)
                        left -= len(b)
            except (BrokenPipeError, ValueError):
                pass
            finally:
                try:
                    p.stdin.close()
                except Exception:
                    pass

        errbuf = []
        t = threading.Thread(target=feed)
        t.start()
        te = threading.Thread(target=lambda: errbuf.append(p.stderr.read()))
        te.start()
        status, headers = 200, []
        while True:
            line = p.stdout.readline()
            if line in (b'\r\n', b'\n', b''):
                break
            k, _, v = line.decode('latin-1').rstrip('\r\n').partition(':')
            if k.lower() == 'status':
                status = int(v.strip().split()[0])
            else:
                headers.append((k, v.strip()))
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        shutil.copyfileobj(p.stdout, self.wfile, 65536)
        t.join()
        p.wait()
        te.join()
        if errbuf and errbuf[0]:
            logf.write('http-backend stderr: %r\n' % errbuf[0][:500])

    do_GET = do_POST = _run


srv = ThreadingHTTPServer(('127.0.0.1', PORT), H)
srv.daemon_threads = True
srv.serve_forever()
