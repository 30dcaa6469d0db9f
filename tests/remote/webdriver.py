"""Just enough of the W3C WebDriver protocol (stdlib HTTP) to drive Debian's chromium through
its chromedriver: no test dependency beyond the two packages."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
import urllib.request
from typing import Any

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
ENTER = "\ue007"


def chromium() -> tuple[str, str] | None:
    """(chromium, chromedriver) when both are installed."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Browser:
    """A headless chromium session."""

    def __init__(self, browser: str, driver: str, limit: float = 60.0) -> None:
        self.port = free_port()
        self.driver = subprocess.Popen([driver, f"--port={self.port}"], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        end = time.monotonic() + limit
        while True:
            try:
                self._call("GET", "/status")
                break
            except OSError:
                if time.monotonic() > end:
                    raise
                time.sleep(0.1)
        caps = {"browserName": "chrome", "goog:chromeOptions": {
            "binary": browser, "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,900",
                                        "--disable-dev-shm-usage"]}}
        self.session = self._call("POST", "/session", {"capabilities": {"alwaysMatch": caps}})["sessionId"]

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read() or b"null")["value"]

    def _s(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        return self._call(method, f"/session/{self.session}{path}", body if body is not None else
                          ({} if method == "POST" else None))

    def go(self, url: str) -> None:
        self._s("POST", "/url", {"url": url})

    def find(self, css: str) -> str:
        return str(self._s("POST", "/element", {"using": "css selector", "value": css})[ELEMENT])

    def click(self, element: str) -> None:
        self._s("POST", f"/element/{element}/click")

    def keys(self, text: str) -> None:
        """Press each character of ``text`` (WebDriver key codes for Enter etc.) on the focused element."""
        steps = [step for ch in text for step in ({"type": "keyDown", "value": ch}, {"type": "keyUp", "value": ch})]
        self._s("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": steps}]})

    def js(self, script: str, *args: Any) -> Any:
        return self._s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script: str, *args: Any) -> Any:
        return self._s("POST", "/execute/async", {"script": script, "args": list(args)})

    def close(self) -> None:
        try:
            self._s("DELETE", "")
        except OSError:
            pass
        finally:
            self.driver.terminate()
            self.driver.wait(timeout=30)
