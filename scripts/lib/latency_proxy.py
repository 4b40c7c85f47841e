#!/usr/bin/env python3
"""A TCP proxy on 127.0.0.1 that adds round-trip latency and nothing else, for benchmarks.

    latency_proxy.py --target 127.0.0.1:8080 --latency-ms 20 [--port-file FILE]

It listens on a free port of 127.0.0.1, prints `port N` (and writes N to --port-file when given)
once it accepts connections, and forwards every connection to --target. Each chunk read in
either direction is sent on M/2 ms after it arrived, while the next chunks are already being
read: M ms more per round trip, as on a long link, and no limit on throughput.

(fault_proxy.py sleeps M/2 ms before forwarding each chunk and reads the next one only after, so
a bulk transfer through it also runs at most one 64 KiB chunk per M/2 ms, about 4-6 MiB/s at
20 ms: right for interruption tests, wrong for timing a large upload.)

Stops on SIGTERM or SIGINT. Standard library only.
"""

from __future__ import annotations

import argparse
import collections
import os
import signal
import socket
import sys
import threading
import time


class Pipe:
    """One direction of one connection: a reader that timestamps chunks and a writer that sends
    each one once its time has come."""

    def __init__(self, source: socket.socket, destination: socket.socket, delay: float, done: "Connection") -> None:
        self.source = source
        self.destination = destination
        self.delay = delay
        self.connection = done
        self.queue: collections.deque[tuple[float, bytes]] = collections.deque()
        self.ready = threading.Condition()

    def start(self) -> list[threading.Thread]:
        threads = [threading.Thread(target=self.read, daemon=True), threading.Thread(target=self.write, daemon=True)]
        for thread in threads:
            thread.start()
        return threads

    def read(self) -> None:
        try:
            while True:
                chunk = self.source.recv(1 << 18)
                with self.ready:
                    self.queue.append((time.monotonic() + self.delay, chunk))
                    self.ready.notify()
                if not chunk:
                    return
        except OSError:
            with self.ready:
                self.queue.append((0.0, b""))
                self.ready.notify()
            self.connection.close()

    def write(self) -> None:
        try:
            while True:
                with self.ready:
                    while not self.queue:
                        self.ready.wait()
                    due, chunk = self.queue.popleft()
                wait = due - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
                if not chunk:
                    try:
                        self.destination.shutdown(socket.SHUT_WR)
                    except OSError:
                        pass
                    return
                self.destination.sendall(chunk)
        except OSError:
            self.connection.close()


class Connection:
    def __init__(self, client: socket.socket, target: tuple[str, int], delay: float) -> None:
        self.client = client
        self.server = socket.create_connection(target)
        for sock in (self.client, self.server):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.delay = delay
        self.lock = threading.Lock()
        self.closed = False

    def run(self) -> None:
        threads = Pipe(self.client, self.server, self.delay, self).start() + Pipe(self.server, self.client, self.delay, self).start()
        for thread in threads:
            thread.join()
        self.close()

    def close(self) -> None:
        with self.lock:
            if self.closed:
                return
            self.closed = True
        for sock in (self.client, self.server):
            try:
                sock.close()
            except OSError:
                pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target", required=True, help="HOST:PORT to forward to")
    parser.add_argument("--latency-ms", type=float, default=0.0)
    parser.add_argument("--port-file")
    options = parser.parse_args()
    host, _, port = options.target.rpartition(":")
    target = (host or "127.0.0.1", int(port))
    delay = options.latency_ms / 2000.0

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    bound = listener.getsockname()[1]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if options.port_file:
        with open(options.port_file + ".tmp", "w") as handle:
            handle.write(f"{bound}\n")
        os.replace(options.port_file + ".tmp", options.port_file)
    print(f"port {bound}", flush=True)
    try:
        while True:
            client, _ = listener.accept()
            try:
                connection = Connection(client, target, delay)
            except OSError:
                client.close()
                continue
            threading.Thread(target=connection.run, daemon=True).start()
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
