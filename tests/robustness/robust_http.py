"""A minimal browser for the live-server tests: real HTTP requests with a session cookie and the
CSRF token a form page hands out, from any thread (http.client only, no extra package)."""

from __future__ import annotations

import http.client
import re
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

from django.conf import settings
from django.test import Client


@dataclass
class Answer:
    status: int
    html: str
    location: str


class Browser:
    """One signed-in user: cookies kept between requests, like a browser tab."""

    def __init__(self, base_url: str, user) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname, parts.port
        # A session made the way the login form makes one, without the password round trip.
        client = Client()
        client.force_login(user)
        self.cookies = {settings.SESSION_COOKIE_NAME:
                        client.cookies[settings.SESSION_COOKIE_NAME].value}

    def request(self, method: str, path: str, data: dict | None = None) -> Answer:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                   "Accept-Language": "en"}
        body = None
        if data is not None:
            body = urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            html = response.read().decode("utf-8", errors="replace")
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return Answer(response.status, html, response.headers.get("Location", ""))
        finally:
            connection.close()

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def post(self, path: str, data: dict) -> Answer:
        return self.request("POST", path, data)


def hidden_value(html: str, name: str) -> str:
    """The value of a form's input `name` (the CSRF token, the version the page shows)."""
    match = re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', html) or re.search(
        rf'<input[^>]*value="([^"]*)"[^>]*name="{name}"', html)
    assert match, f"no {name} on the page"
    return match.group(1)
