"""A slow link: a TCP proxy that delays every chunk in each direction by half a round trip.

    .venv/bin/python benchmarks/slowlink.py LISTEN_PORT TARGET_PORT [--rtt-ms 300]

or from a benchmark: `with SlowLink(target_port, rtt_ms=300) as link: ... link.url ...`.

Point the browser at the proxy's port, not the app's, and every request pays the delay: pages,
fetch() from a page and the service worker's own requests alike (the browser cannot tell).
Each chunk read from one side is written to the other side `rtt_ms / 2` after it was read, in
its order; so a request and its answer cost one round trip on top of the server's time.
A new TCP connection's handshake happens in the kernel, below the proxy, so it is free unless
`handshake_rtts` (--handshake-rtts) holds a new connection's first bytes back that many round
trips more (1: TCP; TLS would add one or two). The werkzeug server of the benchmarks answers
`Connection: close`, so every request is a new connection: with the default 0 a request costs
one round trip, as in the issue's own measurement. Bandwidth is not limited unless `kbit_s`
(--kbit-s) is given: then each direction is one line of that rate shared by every connection
(a chunk waits for the line, takes its size's time on it, then the half round trip), as a phone's
one radio link is: a large answer (a county's copy) costs its size, not only its round trip.
"""
import argparse
import asyncio
import threading
import time


class SlowLink:
    """The proxy in a thread of its own (its own event loop), for a benchmark's `with`."""

    def __init__(self, target_port: int, rtt_ms: float = 300, target_host: str = "127.0.0.1",
                 listen_port: int = 0, handshake_rtts: float = 0, kbit_s: float = 0):
        self.target = (target_host, target_port)
        self.rate = kbit_s * 1000 / 8  # bytes a second; 0: not limited
        self.line_free = {"up": 0.0, "down": 0.0}  # when each direction's line is free again
        self.delay = rtt_ms / 2000
        self.handshake = handshake_rtts * rtt_ms / 1000
        self.listen_port = listen_port
        self.port = None
        self.loop = None
        self.server = None
        self.connections = 0
        self._ready = threading.Event()
        self._thread = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def _due(self, line, size):
        """When a chunk of `size` bytes read now arrives: after the line (if limited), then the delay."""
        now = time.monotonic()
        if not self.rate:
            return now + self.delay
        start = max(now, self.line_free[line])
        self.line_free[line] = start + size / self.rate
        return self.line_free[line] + self.delay

    async def _pipe(self, reader, writer, line="down"):
        """Read chunks as they come; write each `delay` after it was read, in order."""
        queue: asyncio.Queue = asyncio.Queue()

        async def send():
            while True:
                due, data = await queue.get()
                wait = due - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                if data is None:
                    break
                writer.write(data)
                await writer.drain()
            try:
                writer.write_eof()
            except (OSError, RuntimeError):
                pass

        sender = asyncio.ensure_future(send())
        try:
            while True:
                data = await reader.read(65536)
                queue.put_nowait((self._due(line, len(data)), data or None))
                if not data:
                    break
        except (ConnectionError, OSError):
            queue.put_nowait((time.monotonic() + self.delay, None))
        try:
            await sender
        except (ConnectionError, OSError):
            pass

    async def _handle(self, client_reader, client_writer):
        self.connections += 1
        if self.handshake:
            await asyncio.sleep(self.handshake)  # what the client sent waits in the socket meanwhile
        try:
            server_reader, server_writer = await asyncio.open_connection(*self.target)
        except OSError:
            client_writer.close()
            return
        try:
            await asyncio.gather(self._pipe(client_reader, server_writer, "up"),
                                 self._pipe(server_reader, client_writer, "down"))
        finally:
            for w in (client_writer, server_writer):
                try:
                    w.close()
                except (OSError, RuntimeError):
                    pass

    async def _serve(self):
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", self.listen_port)
        self.port = self.server.sockets[0].getsockname()[1]
        self._ready.set()
        async with self.server:
            await self.server.serve_forever()

    def _run(self):
        self.loop = asyncio.new_event_loop()
        self._main = self.loop.create_task(self._serve())
        try:
            self.loop.run_until_complete(self._main)
        except asyncio.CancelledError:
            pass
        finally:
            self.loop.set_exception_handler(lambda loop, context: None)  # the cancelled pipes
            self.loop.run_until_complete(self._cancel_all())
            self.loop.close()

    @staticmethod
    async def _cancel_all():
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def start(self):
        self._thread = threading.Thread(target=self._run, daemon=True, name="slowlink")
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the slow link did not start")
        return self

    def stop(self):
        if self.loop and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._main.cancel)
        if self._thread:
            self._thread.join(5)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("listen_port", type=int)
    parser.add_argument("target_port", type=int)
    parser.add_argument("--rtt-ms", type=float, default=300)
    parser.add_argument("--handshake-rtts", type=float, default=0)
    parser.add_argument("--kbit-s", type=float, default=0, help="each direction's rate (0: not limited)")
    args = parser.parse_args()
    link = SlowLink(args.target_port, args.rtt_ms, listen_port=args.listen_port,
                    handshake_rtts=args.handshake_rtts, kbit_s=args.kbit_s).start()
    print(f"slow link {link.url} -> 127.0.0.1:{args.target_port}, round trip {args.rtt_ms:g} ms", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        link.stop()


if __name__ == "__main__":
    main()
