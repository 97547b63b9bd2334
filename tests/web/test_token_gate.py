"""The token gate in front of textual-serve, on a bare aiohttp app: who gets in, and what a browser keeps."""

from __future__ import annotations

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from gm_console.web.auth import HEADER, cookie_name, token_gate

pytestmark = pytest.mark.anyio
TOKEN = "s3cret-token"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def page(text: str):  # noqa: ANN201
    async def handler(request: web.Request) -> web.Response:
        return web.Response(text=text)

    return handler


async def client(https: bool = False) -> TestClient:
    app = web.Application(middlewares=[token_gate(TOKEN, 8000, https=https)])
    app.router.add_get("/", page("console"))
    app.router.add_get("/static/x.js", page("js"))
    c = TestClient(TestServer(app))
    await c.start_server()
    return c


async def test_refuses_without_the_token_and_with_a_wrong_one() -> None:
    c = await client()
    try:
        for path, headers in (("/", {}), ("/static/x.js", {}), ("/?token=nope", {}), ("/?token=été", {}),
                              ("/", {HEADER: "nope"}), ("/", {"Authorization": "Bearer nope"})):
            r = await c.get(path, headers=headers, allow_redirects=False)
            assert r.status == 403, (path, headers)
            assert "needs its access token" in await r.text()
    finally:
        await c.close()


async def test_the_token_url_becomes_a_cookie_and_leaves_the_address_bar() -> None:
    c = await client()
    try:
        r = await c.get(f"/?token={TOKEN}&fontsize=18", allow_redirects=False)
        assert r.status == 303 and r.headers["Location"] == "/?fontsize=18"
        morsel = r.cookies[cookie_name(8000)]
        assert morsel.value == TOKEN and morsel["httponly"] and morsel["samesite"] == "Strict"
        assert not morsel["secure"]
        assert (await c.get("/static/x.js")).status == 200  # the cookie jar now carries it
        assert await (await c.get("/")).text() == "console"
    finally:
        await c.close()


async def test_a_proxy_can_send_the_token_as_a_header() -> None:
    c = await client(https=True)
    try:
        assert (await c.get("/", headers={HEADER: TOKEN})).status == 200
        r = await c.get("/", headers={"Authorization": f"Bearer {TOKEN}"})
        assert r.status == 200 and r.cookies[cookie_name(8000)]["secure"]  # behind TLS: a Secure cookie
    finally:
        await c.close()
