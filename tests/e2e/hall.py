"""The hall's network, between the browser and the live server, for the offline tests.

Playwright's offline switch does not stop everything: a page that a service worker controls now
and then sends a save the switch never sees, and the server stores it while the phone is
"offline" (Chromium 156; Playwright issue 2311 for the worker's own requests). A relay that the
test can cut stops everything, as a hall whose Wi-Fi drops does: down, it resets every open
connection and every new one; up, it passes bytes both ways untouched.
"""

import socket
import threading


def reset(sock: socket.socket):
    """Close with a reset, as a dropped network looks to the browser (not a polite end of stream)."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        sock.close()
    except OSError:
        pass


class Hall:
    def __init__(self, server_host: str, server_port: int):
        self.server = (server_host, server_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.up = True
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                phone, _ = self.listener.accept()
            except OSError:
                return  # closed
            with self.lock:
                if not self.up:
                    reset(phone)
                    continue
                server = socket.create_connection(self.server)
                self.open |= {phone, server}
            threading.Thread(target=self.pump, args=(phone, server), daemon=True).start()
            threading.Thread(target=self.pump, args=(server, phone), daemon=True).start()

    def pump(self, source: socket.socket, target: socket.socket):
        """One direction; an end of stream is passed on as one, and the second direction to end
        closes the pair."""
        try:
            while data := source.recv(65536):
                target.sendall(data)
            target.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        with self.lock:
            self.open.discard(source)
            if target not in self.open:  # the other direction has ended too
                source.close()
                target.close()

    def set_up(self, up: bool):
        with self.lock:
            self.up = up
            if not up:
                for sock in self.open:
                    reset(sock)
                self.open.clear()

    def close(self):
        self.set_up(False)
        self.listener.close()
