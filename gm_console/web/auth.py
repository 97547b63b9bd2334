"""A token gate in front of textual-serve, which has no authentication of its own.

Every request (the page, its scripts, the websocket that starts a console process) must carry the
run's token: `?token=…` in the URL, an `Authorization: Bearer …` or `X-GM-Console-Token` header (for a
reverse proxy), or the cookie this gate sets when a page is opened with the token. The cookie is
HttpOnly and SameSite=Strict, so another site's page cannot ride on it. A URL carrying the token is
answered with a redirect to the same page without it, so the token does not linger in the address bar.
Anything else gets a 403 with one line saying what is needed.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable

from aiohttp import web

HEADER = "X-GM-Console-Token"
REFUSED = ("403 Forbidden: this GM Console server needs its access token. Open the full URL that "
           "`gm-console serve` printed (it ends in ?token=...).\n")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def new_token() -> str:
    return secrets.token_urlsafe(24)


def cookie_name(port: int) -> str:
    # Browsers share cookies across ports of one host: one name per port keeps two servers apart.
    return f"gm_console_token_{port}"


def token_gate(token: str, port: int, https: bool = False) -> Callable[[web.Request, Handler], Awaitable[web.StreamResponse]]:
    """`https`: browsers reach us through a TLS proxy, so the cookie is marked Secure although the
    proxy talks plain HTTP to us."""
    cookie = cookie_name(port)

    def offered(request: web.Request) -> list[str]:
        bearer = request.headers.get("Authorization", "")
        return [request.query.get("token", ""), request.headers.get(HEADER, ""),
                bearer[7:] if bearer.lower().startswith("bearer ") else "", request.cookies.get(cookie, "")]

    @web.middleware
    async def gate(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not any(value and secrets.compare_digest(value.encode(), token.encode()) for value in offered(request)):
            return web.Response(status=403, text=REFUSED, content_type="text/plain")
        if "token" in request.query and request.method == "GET" and request.path == "/":
            query = {k: v for k, v in request.query.items() if k != "token"}
            response: web.StreamResponse = web.Response(status=303, headers={"Location": str(request.rel_url.with_query(query))})
        else:
            response = await handler(request)
        if request.cookies.get(cookie) != token and not response.prepared:
            response.set_cookie(cookie, token, httponly=True, samesite="Strict", secure=https or request.secure, path="/")
        return response

    return gate
