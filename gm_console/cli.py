"""`gm-console`: the console (default), the MCP server, the demo, campaign and config tools."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.errors import EngineError


def _add_data_dir(p: argparse.ArgumentParser, top: bool = False) -> None:
    # Subcommands repeat the option with SUPPRESS, so `gm-console --data-dir D mcp` and
    # `gm-console mcp --data-dir D` both work and neither overwrites the other with None.
    p.add_argument("--data-dir", type=Path, default=None if top else argparse.SUPPRESS,
                   help="Where campaigns and sessions live (default: the platform data dir, or $GM_CONSOLE_DATA_DIR)")


def _add_narrator(p: argparse.ArgumentParser, top: bool = False) -> None:
    from engine.settings import CLI_FLAGS

    default = None if top else argparse.SUPPRESS
    helps = {
        "narrator": "offline (default, built in), anthropic, or openai (any OpenAI-compatible server)",
        "model": "model name for an LLM narrator",
        "base_url": "base URL of an OpenAI-compatible server (Ollama, llama.cpp, vLLM, LM Studio)",
        "api_key_env": "name of the environment variable that holds the API key",
        "context_window": "tokens the narrator's context may use",
        "max_output_tokens": "longest narration, in tokens",
        "temperature": "sampling temperature (OpenAI-compatible servers)",
        "timeout_s": "seconds before a narrator call is abandoned",
        "max_retries": "retries before falling back to the offline narrator",
        "intent_parser": "offline (default) or llm: the narrator's LLM reads actions, checked against the world",
    }
    # The settings module owns the flag names, so `config show` and the docs name the same flags.
    for field, flag in CLI_FLAGS.items():
        choices = {"narrator": ["offline", "anthropic", "openai"], "intent_parser": ["offline", "llm"]}.get(field)
        p.add_argument(flag, dest=field, default=default, choices=choices, help=helps.get(field))


def _add_target(p: argparse.ArgumentParser) -> None:
    p.add_argument("--campaign", default=argparse.SUPPRESS, help="Campaign (name or slug)")
    p.add_argument("--session", default=argparse.SUPPRESS, help="Session (id or name; default: the current one)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gm-console", description="A game-master console for a D&D-5e-style table, and its MCP server.")
    _add_data_dir(parser, top=True)
    _add_narrator(parser, top=True)
    parser.add_argument("--campaign", help="Campaign to open (name or slug)")
    parser.add_argument("--session", help="Session to resume (id or name)")
    parser.add_argument("--serve-mcp", action="store_true",
                        help="Open this console's table to an MCP host (streamable HTTP on loopback, with a token)")
    parser.add_argument("--port", dest="serve_port", type=int, default=8765,
                        help="Port for --serve-mcp and the palette's 'Table: Open to an MCP host' (default 8765)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("console", help="Open the console (the default)")

    mcp = sub.add_parser("mcp", help="Serve the engine over MCP (stdio by default)")
    _add_data_dir(mcp)
    _add_narrator(mcp)
    mcp.add_argument("--http", action="store_true", help="Serve streamable HTTP at /mcp instead of stdio")
    mcp.add_argument("--host", default="127.0.0.1", help="HTTP host (default: loopback only)")
    mcp.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")
    mcp.add_argument("--log-file", type=Path, default=None, help="Write logs here instead of stderr")

    view = sub.add_parser("view", help="The players' screen: follow a session read-only (no lock, no writes)")
    _add_data_dir(view)
    _add_target(view)

    serve = sub.add_parser("serve", help="Serve the console (or, with --view, the player view) to a browser")
    _add_data_dir(serve)
    _add_narrator(serve)
    _add_target(serve)
    serve.add_argument("--view", action="store_true", help="Serve the read-only player view instead")
    serve.add_argument("--host", default="127.0.0.1", help="Address to listen on (default: loopback only)")
    serve.add_argument("--port", type=int, default=8000, help="Port (default 8000)")
    serve.add_argument("--public-url", default=None,
                       help="The address browsers use, when behind a reverse proxy (e.g. https://gm.example.org)")

    demo = sub.add_parser("demo", help="Play a scripted session on the sample campaign and show where files are")
    _add_data_dir(demo)

    camp = sub.add_parser("campaign", help="Make or check a campaign")
    camp_sub = camp.add_subparsers(dest="campaign_command", metavar="ACTION", required=True)
    new = camp_sub.add_parser("new", help="Scaffold a new campaign in the data dir")
    new.add_argument("name")
    _add_data_dir(new)
    check = camp_sub.add_parser("check", help="Validate a campaign.json (or its folder)")
    check.add_argument("path", type=Path)
    _add_data_dir(camp_sub.add_parser("list", help="List campaigns in the data dir"))

    config = sub.add_parser("config", help="Narrator settings")
    config_sub = config.add_subparsers(dest="config_command", metavar="ACTION", required=True)
    show = config_sub.add_parser("show", help="Print the effective settings (key masked)")
    _add_narrator(show)
    return parser


def _narrator_overrides(args: argparse.Namespace) -> dict:
    from engine.settings import CLI_FLAGS

    return {k: getattr(args, k) for k in CLI_FLAGS if getattr(args, k, None) is not None}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return _dispatch(args)
    except EngineError as exc:
        print(f"gm-console: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _dispatch(args: argparse.Namespace) -> int:
    command = args.command or "console"
    if command == "console":
        from gm_console.supervisor.table import Table
        from gm_console.tui.app import run_console

        return run_console(data_dir=args.data_dir, campaign=args.campaign, session=args.session,
                           narrator_overrides=_narrator_overrides(args),
                           table_factory=lambda manager: Table(manager, port=args.serve_port),
                           serve=args.serve_mcp)
    if command == "mcp":
        from gm_console.mcp.server import serve

        serve(data_dir=args.data_dir, http=args.http, host=args.host, port=args.port,
              narrator_overrides=_narrator_overrides(args), log_file=args.log_file)
        return 0
    if command == "view":
        from gm_console.view.app import run_view

        return run_view(args.data_dir, campaign=args.campaign, session=args.session)
    if command == "serve":
        from gm_console.web.server import serve_console

        return serve_console(data_dir=args.data_dir, view=args.view, host=args.host, port=args.port,
                             public_url=args.public_url, campaign=args.campaign, session=args.session,
                             narrator_overrides=_narrator_overrides(args))
    if command == "demo":
        from gm_console.demo import run_demo

        return run_demo(args.data_dir)
    if command == "campaign":
        return _campaign(args)
    if command == "config":
        from engine.settings import describe_settings, load_settings

        print(describe_settings(load_settings(_narrator_overrides(args))))
        return 0
    raise AssertionError(command)


def _campaign(args: argparse.Namespace) -> int:
    from engine.api.campaigns import check_campaign, list_campaign_names, scaffold_campaign

    if args.campaign_command == "check":
        problems = check_campaign(args.path)
        for p in problems:
            print(p)
        print("OK: no problems found." if not problems else f"{len(problems)} problem(s).")
        return 1 if problems else 0
    if args.campaign_command == "new":
        path = scaffold_campaign(args.name, args.data_dir)
        print(f"Created {path}. Edit it, then check it with: gm-console campaign check {path}")
        return 0
    for slug, name in list_campaign_names(args.data_dir):
        print(f"{slug}: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
