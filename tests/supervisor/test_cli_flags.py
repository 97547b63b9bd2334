"""`gm-console --serve-mcp [--port N]`: the console's flags, apart from the headless server's own --port."""

from __future__ import annotations

from gm_console.cli import build_parser


def test_serve_mcp_and_its_port() -> None:
    args = build_parser().parse_args(["--serve-mcp", "--port", "9001"])
    assert args.serve_mcp and args.serve_port == 9001 and (args.command or "console") == "console"
    plain = build_parser().parse_args([])
    assert not plain.serve_mcp and plain.serve_port == 8765


def test_the_headless_servers_port_is_its_own() -> None:
    args = build_parser().parse_args(["--port", "9001", "mcp", "--http", "--port", "9002"])
    assert args.serve_port == 9001 and args.port == 9002
