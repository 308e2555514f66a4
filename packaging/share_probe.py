"""A phone, in the standard library only, for the packaging checks (ci-deb-check, ci-windows-check):

    python3 packaging/share_probe.py URL

URL is the address `starwright share FILE --bind 127.0.0.1` printed. Loads the page, its script and style sheet
(checking the Content-Security-Policy), then joins over the WebSocket and prints what it was welcomed with.
Exit 0 when all of that works. Talks to loopback only: any other address is refused before anything is sent.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import sys
import urllib.parse
import urllib.request


def fail(why: str) -> None:
    print(f"share_probe: {why}", file=sys.stderr)
    sys.exit(1)


def recv_exact(sock: socket.socket, n: int) -> bytes:
    out = b""
    while len(out) < n:
        chunk = sock.recv(n - len(out))
        if not chunk:
            fail("the server closed the connection")
        out += chunk
    return out


def text_frame(text: str) -> bytes:
    data = text.encode("utf-8")
    mask = os.urandom(4)
    head = bytes([0x81]) + (bytes([0x80 | len(data)]) if len(data) < 126
                            else bytes([0x80 | 126]) + len(data).to_bytes(2, "big"))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def read_frame(sock: socket.socket) -> str:
    b0, b1 = recv_exact(sock, 2)
    n = b1 & 0x7F
    if n == 126:
        n = int.from_bytes(recv_exact(sock, 2), "big")
    elif n == 127:
        n = int.from_bytes(recv_exact(sock, 8), "big")
    payload = recv_exact(sock, n)
    if b0 & 0x0F != 1:
        fail(f"expected a text message, got opcode {b0 & 0x0F}")
    return payload.decode("utf-8")


def main(url: str) -> int:
    u = urllib.parse.urlsplit(url)
    if u.hostname not in ("127.0.0.1", "::1", "localhost") or not u.path.endswith("/"):
        fail(f"not a loopback sharing address: {url}")
    with urllib.request.urlopen(url, timeout=20) as r:
        page = r.read().decode("utf-8")
        csp = r.headers.get("Content-Security-Policy", "")
    if "default-src 'self'" not in csp or 'src="app.js"' not in page:
        fail("the page or its Content-Security-Policy is not the phone page's")
    for name in ("app.js", "style.css", "icon.svg"):
        with urllib.request.urlopen(url + name, timeout=20) as r:
            if r.status != 200 or not r.read():
                fail(f"{name} was not served")
    key = base64.b64encode(os.urandom(16)).decode()
    with socket.create_connection((u.hostname, u.port), timeout=20) as sock:
        sock.sendall((f"GET {u.path}ws HTTP/1.1\r\nHost: {u.netloc}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += recv_exact(sock, 1)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            fail(f"the WebSocket was refused: {head.splitlines()[0].decode(errors='replace')}")
        sock.sendall(text_frame(json.dumps({"type": "hello", "client": "share-probe", "name": "probe"})))
        welcome = json.loads(read_frame(sock))
    if welcome.get("type") != "welcome" or not welcome["state"]["groups"]:
        fail(f"no welcome with the game's tracks: {str(welcome)[:200]}")
    state = welcome["state"]
    print(f"joined {state['title']} ({state['kind']}): {len(state['groups'])} figures or ships")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        fail("usage: share_probe.py URL")
    sys.exit(main(sys.argv[1]))
