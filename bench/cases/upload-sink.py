#!/usr/bin/env python3
"""The upload cases' receiver for their measured rounds: it only counts the bytes of each video's PUT body or tus
PATCHes (no hashing, no storing), reading them straight off the socket into one reused 1 MiB buffer, so the receiver
is never what limits a client. node:http, which made a new buffer for every 64 KiB read, cost about 0.3-0.47 CPU
seconds per GB here; this costs about 0.18, the kernel's copy and little else.

Everything else (creating the video, the CLI's other calls) is passed to the sandbox, and a video the sink took a
body for reads as uploaded (status 1) there, as the platform would say after a PUT.

Usage: upload-sink.py <sandbox videoUrl>; prints {"videoUrl": ...} once listening and ends when its stdin does.
GET /__sink/<videoId> answers what arrived for that video: {"bytes", "cpuMs"}, cpuMs being this process's CPU time
while it arrived. Request bodies must carry a Content-Length (every client here sends one); others get a 501.
"""
import http.client
import json
import os
import re
import socket
import sys
import threading
import time
import urllib.parse
import uuid

UPSTREAM = urllib.parse.urlsplit(sys.argv[1])
PREFIX = UPSTREAM.path
PUT_PATH = re.compile(r'^' + re.escape(PREFIX) + r'/library/\d+/videos/([^/]+)$')
TUS_PATH = re.compile(r'^' + re.escape(PREFIX) + r'/tusupload/([^/]+)$')
SINK_PATH = re.compile(r'^/__sink/([^/]+)$')
TUS = {'tus-resumable': '1.0.0'}
HOP = {'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host'}
READ = 1 << 20

counts = {}   # video id -> {'bytes', 'cpuMs'}
uploads = {}  # tus upload id -> {'videoId', 'length', 'offset'}
lock = threading.Lock()


class Closed(Exception):
    """The client went away."""


class Connection:
    def __init__(self, sock):
        self.sock = sock
        self.pending = b''
        self.buffer = memoryview(bytearray(READ))

    def head(self):
        """The next request's method, path and headers (names lower case); None once the client has gone."""
        while b'\r\n\r\n' not in self.pending:
            got = self.sock.recv(65536)
            if not got:
                return None
            self.pending += got
        raw, _, self.pending = self.pending.partition(b'\r\n\r\n')
        lines = raw.decode('latin-1').split('\r\n')
        method, target, _ = lines[0].split(' ', 2)
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(':')
            headers[name.strip().lower()] = value.strip()
        return method, target, headers

    def body(self, length):
        """A small body, whole."""
        while len(self.pending) < length:
            got = self.sock.recv(65536)
            if not got:
                raise Closed()
            self.pending += got
        data, self.pending = self.pending[:length], self.pending[length:]
        return data

    def count(self, length):
        """Reads and drops a body of `length` bytes; the bytes that came (fewer when the client went away)."""
        n = min(length, len(self.pending))
        self.pending = self.pending[n:]
        while n < length:
            got = self.sock.recv_into(self.buffer, min(READ, length - n))
            if got == 0:
                break
            n += got
        return n

    def answer(self, status, headers=None, body=b''):
        lines = [f'HTTP/1.1 {status} {http.client.responses.get(status, "")}']
        for name, value in (headers or {}).items():
            lines.append(f'{name}: {value}')
        lines.append(f'content-length: {len(body)}')
        self.sock.sendall(('\r\n'.join(lines) + '\r\n\r\n').encode('latin-1') + body)


def counted(conn, video_id, length):
    """Counts a body into the video's tally, with the CPU it took; returns the bytes of this body."""
    with lock:
        tally = counts.setdefault(video_id, {'bytes': 0, 'cpuMs': 0.0})
    started = time.process_time()
    n = conn.count(length)
    with lock:
        tally['cpuMs'] += (time.process_time() - started) * 1000
        tally['bytes'] += n
    if n < length:
        raise Closed()
    return n


def passed(conn, method, target, headers, body):
    """Passes a request to the sandbox and its answer back (a counted video's status 0 reads as 1)."""
    upstream = http.client.HTTPConnection(UPSTREAM.hostname, UPSTREAM.port, timeout=60)
    try:
        upstream.request(method, target, body=body if body else None, headers={k: v for k, v in headers.items() if k not in HOP})
        res = upstream.getresponse()
        data = res.read()
        out = {k.lower(): v for k, v in res.getheaders() if k.lower() not in HOP}
    finally:
        upstream.close()
    found = PUT_PATH.match(target.split('?')[0]) if method == 'GET' else None
    if found and res.status == 200 and urllib.parse.unquote(found.group(1)) in counts:
        video = json.loads(data)
        if video.get('status') == 0:
            video['status'] = 1
        data = json.dumps(video).encode()
        out = {'content-type': 'application/json'}
    conn.answer(res.status, out, b'' if method == 'HEAD' else data)


def serve_one(conn, method, target, headers):
    if headers.get('transfer-encoding', '').lower() == 'chunked':
        conn.answer(501, {}, b'the bench sink takes only bodies with a Content-Length')
        raise Closed()
    length = int(headers.get('content-length', '0'))
    path = target.split('?')[0]
    put = PUT_PATH.match(path) if method == 'PUT' else None
    if put:
        counted(conn, urllib.parse.unquote(put.group(1)), length)
        conn.answer(200, {'content-type': 'application/json'}, b'{"success":true,"message":"OK","statusCode":200}')
        return
    if path == f'{PREFIX}/tusupload' and method == 'POST':
        conn.count(length)
        upload_id = uuid.uuid4().hex
        with lock:
            uploads[upload_id] = {'videoId': headers.get('videoid', ''), 'length': int(headers.get('upload-length', '0')), 'offset': 0}
        conn.answer(201, {**TUS, 'location': f'{PREFIX}/tusupload/{upload_id}', 'upload-offset': '0'})
        return
    tus = TUS_PATH.match(path)
    upload = uploads.get(tus.group(1)) if tus else None
    if upload and method == 'HEAD':
        conn.answer(200, {**TUS, 'upload-offset': str(upload['offset']), 'upload-length': str(upload['length']), 'cache-control': 'no-store'})
        return
    if upload and method == 'PATCH':
        if int(headers.get('upload-offset', '-1')) != upload['offset']:
            conn.count(length)
            conn.answer(409, {**TUS, 'upload-offset': str(upload['offset'])})
            return
        upload['offset'] += counted(conn, upload['videoId'], length)
        conn.answer(204, {**TUS, 'upload-offset': str(upload['offset'])})
        return
    asked = SINK_PATH.match(path)
    if asked:
        with lock:
            tally = dict(counts.get(urllib.parse.unquote(asked.group(1)), {'bytes': 0, 'cpuMs': 0}))
        conn.answer(200, {'content-type': 'application/json'}, json.dumps(tally).encode())
        return
    passed(conn, method, target, headers, conn.body(length))


def serve(sock):
    conn = Connection(sock)
    try:
        while True:
            request = conn.head()
            if request is None:
                return
            serve_one(conn, *request)
            if request[2].get('connection', '').lower() == 'close':
                return
    except (Closed, OSError):
        pass
    finally:
        sock.close()


def main():
    server = socket.socket()
    server.bind(('127.0.0.1', 0))
    server.listen(64)
    print(json.dumps({'videoUrl': f'http://127.0.0.1:{server.getsockname()[1]}{PREFIX}'}), flush=True)
    # Ends with the harness.
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    while True:
        sock, _ = server.accept()
        threading.Thread(target=serve, args=(sock,), daemon=True).start()


main()
