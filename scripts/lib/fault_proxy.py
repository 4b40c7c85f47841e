#!/usr/bin/env python3
"""A TCP proxy on 127.0.0.1 that adds latency and cuts connections, for tests and benchmarks.

    fault_proxy.py --target 127.0.0.1:8080 [--latency-ms 20] [--cut-after BYTES] [--cut-count N]
                   [--cut-direction up|down|any] [--port-file FILE]

It listens on a free port of 127.0.0.1 and prints `port N` (and writes N to --port-file when
given) once it accepts connections. Every connection is forwarded to --target.

  --latency-ms M     each chunk waits M/2 ms in each direction: M ms more per round trip.
  --cut-after B      a connection is reset (RST, as a dropped link) once B bytes have passed in
                     --cut-direction (up: client to server, down: server to client, any: both
                     counted together).
  --cut-count N      only the first N connections that reach B bytes are cut (default: all).

Stops on SIGTERM or SIGINT. Standard library only.
"""

from __future__ import annotations

import argparse
import signal
import socket
import struct
import sys
import threading
import time


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


class Connection:
    def __init__(self, client: socket.socket, target: tuple[str, int], options: argparse.Namespace, budget: Budget) -> None:
        self.client = client
        self.server = socket.create_connection(target)
        self.options = options
        self.budget = budget
        self.counts = {"up": 0, "down": 0}
        self.lock = threading.Lock()
        self.closed = False

    def run(self) -> None:
        threads = [
            threading.Thread(target=self.pump, args=(self.client, self.server, "up"), daemon=True),
            threading.Thread(target=self.pump, args=(self.server, self.client, "down"), daemon=True),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    def pump(self, source: socket.socket, destination: socket.socket, direction: str) -> None:
        delay = self.options.latency_ms / 2000.0
        try:
            while True:
                chunk = source.recv(65536)
                if not chunk:
                    if self.closed:
                        return
                    try:
                        destination.shutdown(socket.SHUT_WR)
                    except OSError:
                        pass
                    return
                if delay:
                    time.sleep(delay)
                if self.should_cut(direction, len(chunk)):
                    self.cut()
                    return
                destination.sendall(chunk)
        except OSError:
            self.cut()

    def should_cut(self, direction: str, size: int) -> bool:
        limit = self.options.cut_after
        if limit is None:
            return False
        with self.lock:
            self.counts[direction] += size
            counted = sum(self.counts.values()) if self.options.cut_direction == "any" else self.counts.get(self.options.cut_direction, 0)
            return counted >= limit and self.budget.take()

    def cut(self) -> None:
        with self.lock:
            if self.closed:
                return
            self.closed = True
        reset(self.client)
        reset(self.server)


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
    listener.listen(64)
    bound = listener.getsockname()[1]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if options.port_file:
        with open(options.port_file + ".tmp", "w") as handle:
            handle.write(f"{bound}\n")
        import os
        os.replace(options.port_file + ".tmp", options.port_file)
    print(f"port {bound}", flush=True)
    budget = Budget(options.cut_count)
    try:
        while True:
            client, _ = listener.accept()
            client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
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
