#!/usr/bin/env python3
"""A TCP proxy on 127.0.0.1 that adds latency and cuts connections, for tests and benchmarks.

    fault_proxy.py --target 127.0.0.1:8080 [--latency-ms 20] [--cut-after BYTES] [--cut-count N]
                   [--cut-direction up|down|any] [--port-file FILE]

It listens on a free port of 127.0.0.1 and prints `port N` (and writes N to --port-file when
given) once it accepts connections. Every connection is forwarded to --target.

  --latency-ms M     each chunk read in either direction is sent on M/2 ms after it arrived, while
                     the next chunks are already being read: M ms more per round trip, as on a
                     long link, and no limit on throughput.
  --cut-after B      a connection is reset (RST, as a dropped link) once B bytes have passed in
                     --cut-direction (up: client to server, down: server to client, any: both
                     counted together). The chunk that reaches B is not forwarded; what came
                     before it is, with its latency, and then the connection is reset.
  --cut-count N      only the first N connections that reach B bytes are cut (default: all).

Each direction of a connection has a reader that timestamps chunks into a queue and a writer that
sends each one when its time has come (and performs a cut when it reaches one). The TCP handshake
is not delayed (the proxy accepts at once), so a new connection costs no extra round trip.

Stops on SIGTERM or SIGINT. Standard library only. (`latency_proxy.py` is this proxy under its
old name, for callers that still use it.)
"""

from __future__ import annotations

import argparse
import collections
import os
import signal
import socket
import struct
import sys
import threading
import time

CUT = object()  # a queue item: reset the connection when its time comes


class Budget:
    """How many more connections may be cut (shared by all connections)."""

    def __init__(self, count: int | None) -> None:
        self.left = count
        self.lock = threading.Lock()

    def take(self) -> bool:
        with self.lock:
            if self.left is None:
                return True
            if self.left <= 0:
                return False
            self.left -= 1
            return True


def reset(sock: socket.socket) -> None:
    """Closes with RST rather than FIN: the peer sees the connection lost, not ended. Shutting
    the reading half first wakes a thread blocked reading it, without sending anything."""
    for step in (
        lambda: sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)),
        lambda: sock.shutdown(socket.SHUT_RD),
        sock.close,
    ):
        try:
            step()
        except OSError:
            pass


class Pipe:
    """One direction of one connection: a reader that timestamps chunks (and decides cuts) and a
    writer that sends each chunk once its time has come."""

    def __init__(self, connection: "Connection", source: socket.socket, destination: socket.socket, direction: str) -> None:
        self.connection = connection
        self.source = source
        self.destination = destination
        self.direction = direction
        self.queue: collections.deque[tuple[float, object]] = collections.deque()
        self.ready = threading.Condition()

    def start(self) -> list[threading.Thread]:
        threads = [threading.Thread(target=self.read, daemon=True), threading.Thread(target=self.write, daemon=True)]
        for thread in threads:
            thread.start()
        return threads

    def put(self, item: object) -> None:
        with self.ready:
            self.queue.append((time.monotonic() + self.connection.delay, item))
            self.ready.notify()

    def read(self) -> None:
        try:
            while True:
                chunk = self.source.recv(1 << 18)
                if chunk and self.connection.should_cut(self.direction, len(chunk)):
                    self.put(CUT)
                    return
                self.put(chunk)
                if not chunk:
                    return
        except OSError:
            self.put(b"")
            self.connection.close()

    def write(self) -> None:
        try:
            while True:
                with self.ready:
                    while not self.queue:
                        self.ready.wait()
                    due, item = self.queue.popleft()
                wait = due - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
                if item is CUT:
                    self.connection.cut()
                    return
                if not item:
                    try:
                        self.destination.shutdown(socket.SHUT_WR)
                    except OSError:
                        pass
                    return
                self.destination.sendall(item)
        except OSError:
            self.connection.close()


class Connection:
    def __init__(self, client: socket.socket, target: tuple[str, int], options: argparse.Namespace, budget: Budget) -> None:
        self.client = client
        self.server = socket.create_connection(target)
        for sock in (self.client, self.server):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.options = options
        self.delay = options.latency_ms / 2000.0
        self.budget = budget
        self.counts = {"up": 0, "down": 0}
        self.lock = threading.Lock()
        self.closed = False
        self.cutting = False

    def run(self) -> None:
        threads = Pipe(self, self.client, self.server, "up").start() + Pipe(self, self.server, self.client, "down").start()
        for thread in threads:
            thread.join()
        self.close()

    def should_cut(self, direction: str, size: int) -> bool:
        limit = self.options.cut_after
        if limit is None:
            return False
        with self.lock:
            if self.cutting:
                return True
            self.counts[direction] += size
            counted = sum(self.counts.values()) if self.options.cut_direction == "any" else self.counts.get(self.options.cut_direction, 0)
            if counted >= limit and self.budget.take():
                self.cutting = True
                return True
            return False

    def cut(self) -> None:
        with self.lock:
            if self.closed:
                return
            self.closed = True
        reset(self.client)
        reset(self.server)

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
    parser.add_argument("--cut-after", type=int)
    parser.add_argument("--cut-count", type=int)
    parser.add_argument("--cut-direction", choices=["up", "down", "any"], default="any")
    parser.add_argument("--port-file")
    options = parser.parse_args()
    host, _, port = options.target.rpartition(":")
    target = (host or "127.0.0.1", int(port))

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
    budget = Budget(options.cut_count)
    try:
        while True:
            client, _ = listener.accept()
            try:
                connection = Connection(client, target, options, budget)
            except OSError:
                reset(client)
                continue
            threading.Thread(target=connection.run, daemon=True).start()
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
