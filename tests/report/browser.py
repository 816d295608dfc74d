"""A headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``:
JSON messages ended by a NUL byte on the browser's file descriptors 3 and 4), so the check needs
the standard library only, no WebSocket client. Used by the published-index browser test; the
same class takes a screenshot for a look (``python -m tests.report.browser PAGE PNG``)."""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

INSTALL = "apt-get update && apt-get install -y chromium"
BROWSER_NAMES = ("chromium", "chromium-browser")


def find_browser() -> str | None:
    """Debian's chromium on PATH (or the program ``SIM_BROWSER`` names)."""
    named = os.environ.get("SIM_BROWSER")
    if named:
        return shutil.which(named) or named
    return next((path for path in map(shutil.which, BROWSER_NAMES) if path), None)


class BrowserError(RuntimeError):
    pass


class Browser:
    """One headless browser with one page. ``problems`` collects what the page's console would show
    as errors: uncaught exceptions, console.error calls and failed loads (the browser logs those)."""

    def __init__(self, executable: str, width: int = 1280, height: int = 900, timeout: float = 60.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="sim-chromium-")
        commands_read, self._commands = os.pipe()
        self._replies, replies_write = os.pipe()
        # Out of the way of 3 and 4, so the child's dup2 onto them cannot overwrite one another; the
        # copies close on exec, and dup2's targets do not (Python's own descriptors are not inherited).
        commands_read_high = fcntl.fcntl(commands_read, fcntl.F_DUPFD_CLOEXEC, 10)
        replies_write_high = fcntl.fcntl(replies_write, fcntl.F_DUPFD_CLOEXEC, 10)
        for fd in (commands_read, replies_write):
            os.close(fd)

        def protocol_pipe_on_3_and_4():
            os.dup2(commands_read_high, 3)
            os.dup2(replies_write_high, 4)

        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--remote-debugging-pipe", f"--user-data-dir={self.profile}", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
             f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT,
            close_fds=False, preexec_fn=protocol_pipe_on_3_and_4,
        )
        os.close(commands_read_high)
        os.close(replies_write_high)
        self._buffer, self._next_id, self.events = b"", 0, []
        self.problems: list[str] = []
        self.session = None
        try:
            target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ("Page", "Runtime", "Log"):
                self.call(f"{domain}.enable")
            self.call("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self._send("Browser.close", {}, session=None)
                self.process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        for fd in (self._commands, self._replies):
            try:
                os.close(fd)
            except OSError:
                pass
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def browser_log(self) -> str:
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")[-4000:]

    def _send(self, method: str, params: dict, session) -> int:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        return self._next_id

    def _receive(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError(f"the browser did not answer within {self.timeout:.0f} s:\n{self.browser_log()}")
            ready, _, _ = select.select([self._replies], [], [], left)
            if ready:
                chunk = os.read(self._replies, 1 << 20)
                if not chunk:
                    raise BrowserError(f"the browser exited (status {self.process.poll()}):\n{self.browser_log()}")
                self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message = json.loads(raw)
        if "method" in message:
            self._note(message)
        return message

    def _note(self, event: dict) -> None:
        self.events.append(event)
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.problems.append(f"exception: {details.get('exception', {}).get('description') or details.get('text')}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            values = [str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", [])]
            self.problems.append(f"console.{params['type']}: {' '.join(values)}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            self.problems.append(f"log: {entry.get('text')} {entry.get('url', '')}".strip())

    def call(self, method: str, params: dict | None = None, session: str | None = "page") -> dict:
        """Send a command (to the page unless ``session=None``) and return its result."""
        wanted = self._send(method, params or {}, self.session if session == "page" else session)
        deadline = time.monotonic() + self.timeout
        while True:
            message = self._receive(deadline)
            if message.get("id") == wanted:
                if "error" in message:
                    raise BrowserError(f"{method}: {message['error'].get('message')}")
                return message.get("result", {})

    def wait_for(self, method: str, since: int) -> dict:
        deadline = time.monotonic() + self.timeout
        while True:
            for event in self.events[since:]:
                if event["method"] == method:
                    return event
            since = len(self.events)
            self._receive(deadline)

    def open(self, url: str) -> None:
        """Load ``url`` and wait for its load event (every image decoded or failed by then)."""
        since = len(self.events)
        result = self.call("Page.navigate", {"url": url})
        if result.get("errorText"):
            raise BrowserError(f"{url}: {result['errorText']}")
        self.wait_for("Page.loadEventFired", since)

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def screenshot(self, path: Path, width: int = 1280) -> Path:
        """The whole page (its full height) as a PNG."""
        height = int(self.evaluate("document.documentElement.scrollHeight"))
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})["data"]
        Path(path).write_bytes(base64.b64decode(data))
        return Path(path)


if __name__ == "__main__":
    executable = find_browser()
    if not executable:
        raise SystemExit(f"no chromium on PATH: install it with `{INSTALL}`")
    with Browser(executable) as browser:
        browser.open(Path(sys.argv[1]).resolve().as_uri())
        print(browser.screenshot(Path(sys.argv[2])), *browser.problems, sep="\n")
