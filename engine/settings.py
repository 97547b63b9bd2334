"""Narrator settings from one place: defaults < config file < environment < command-line flags.

The config file is `<user config dir>/gm-console/config.toml` (or the path in GM_CONSOLE_CONFIG),
section `[narrator]`, keys named like the fields below. Every bad value is reported with the
source that set it, so a DM knows which file line, variable or flag to fix.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

from engine.errors import InvalidInputError

CONFIG_ENV = "GM_CONSOLE_CONFIG"
ENV_VARS: dict[str, str] = {
    "narrator": "GM_NARRATOR",
    "model": "GM_MODEL",
    "base_url": "GM_BASE_URL",
    "api_key_env": "GM_API_KEY_ENV",
    "context_window": "GM_CONTEXT_WINDOW",
    "max_output_tokens": "GM_MAX_OUTPUT_TOKENS",
    "temperature": "GM_TEMPERATURE",
    "timeout_s": "GM_TIMEOUT",
    "max_retries": "GM_MAX_RETRIES",
    "intent_parser": "GM_INTENT_PARSER",
}
# The command-line flag for each field; the CLI passes {field: value} to load_settings.
CLI_FLAGS: dict[str, str] = {
    "narrator": "--narrator",
    "model": "--model",
    "base_url": "--base-url",
    "api_key_env": "--api-key-env",
    "context_window": "--context-window",
    "max_output_tokens": "--max-output-tokens",
    "temperature": "--temperature",
    "timeout_s": "--timeout",
    "max_retries": "--max-retries",
    "intent_parser": "--intent-parser",
}
DEFAULT_KEY_ENVS = {"anthropic": "ANTHROPIC_API_KEY", "openai": "OPENAI_API_KEY"}


class NarratorSettings(BaseModel):
    """Which narrator tells the story, and how it is called."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    narrator: Literal["offline", "anthropic", "openai"] = "offline"
    model: str | None = Field(None, min_length=1, description="Provider model name; a default is used if unset")
    base_url: str | None = Field(None, pattern=r"^https?://\S+$", description="e.g. http://localhost:11434/v1")
    api_key_env: str | None = Field(None, pattern=r"^[A-Za-z_][A-Za-z0-9_]*$",
                                    description="NAME of the environment variable that holds the key")
    context_window: int = Field(8000, ge=512, le=10_000_000)
    max_output_tokens: int = Field(400, ge=16, le=100_000)
    temperature: float = Field(0.8, ge=0.0, le=2.0)
    timeout_s: float = Field(20.0, gt=0, le=600)
    max_retries: int = Field(2, ge=0, le=10)
    intent_parser: Literal["offline", "llm"] = Field(
        "offline", description="Who reads the players' actions: the offline parser, or the narrator's LLM "
                               "(checked against the world, falling back to offline with a warning)")

    _sources: dict[str, str] = PrivateAttr(default_factory=dict)
    _config_path: Path | None = PrivateAttr(default=None)

    @property
    def key_env(self) -> str | None:
        """The variable the key is read from: the explicit one, else the provider's usual one."""
        return self.api_key_env or DEFAULT_KEY_ENVS.get(self.narrator)

    def source_of(self, field: str) -> str:
        """Where a value came from: "default", "config file …", "environment variable …", "flag …"."""
        return self._sources.get(field, "default")

    @property
    def config_path(self) -> Path | None:
        return self._config_path


def default_config_path(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    if env.get(CONFIG_ENV):
        return Path(env[CONFIG_ENV]).expanduser()
    return platformdirs.user_config_path("gm-console") / "config.toml"


def _check_layer(values: dict[str, Any], sources: dict[str, str]) -> None:
    """Validate one source's values on their own, so an error names that source."""
    try:
        NarratorSettings.model_validate(values)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = str(error["loc"][0]) if error["loc"] else "?"
        source = sources.get(field, "settings")
        if error["type"] == "extra_forbidden":
            known = ", ".join(NarratorSettings.model_fields)
            raise InvalidInputError(f"Unknown narrator setting '{field}' in {source}; known settings: {known}") from exc
        raise InvalidInputError(
            f"Bad narrator setting {field} = {values.get(field)!r} from {source}: {error['msg']}") from exc


def _read_config(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        return {}
    except tomllib.TOMLDecodeError as exc:
        raise InvalidInputError(f"Config file {path} is not valid TOML ({exc}); fix it or move it away") from exc
    except OSError as exc:
        raise InvalidInputError(f"Config file {path} cannot be read ({exc.strerror})") from exc
    section = data.get("narrator", {})
    if not isinstance(section, dict):
        raise InvalidInputError(f"Config file {path}: [narrator] must be a table of settings")
    return section


def load_settings(cli: dict[str, Any] | None = None, *, env: Mapping[str, str] | None = None,
                  config_path: Path | None = None) -> NarratorSettings:
    """The effective settings. `cli` maps field names to flag values; None means "flag not given"."""
    env = os.environ if env is None else env
    path = config_path or default_config_path(env)
    merged: dict[str, Any] = {}
    sources: dict[str, str] = {}

    layers: list[tuple[dict[str, Any], dict[str, str]]] = []
    file_values = _read_config(path)
    layers.append((file_values, {k: f"config file {path} ([narrator] {k})" for k in file_values}))
    env_values = {field: env[name] for field, name in ENV_VARS.items() if env.get(name, "").strip()}
    layers.append((env_values, {k: f"environment variable {ENV_VARS[k]}" for k in env_values}))
    cli_values = {k: v for k, v in (cli or {}).items() if v is not None}
    layers.append((cli_values, {k: f"flag {CLI_FLAGS.get(k, k)}" for k in cli_values}))

    for values, where in layers:
        _check_layer(values, where)
        merged.update(values)
        sources.update(where)
    settings = NarratorSettings.model_validate(merged)
    settings._sources = sources
    settings._config_path = path
    return settings


def mask_key(key: str) -> str:
    """Enough of a key to recognise it, never enough to use it."""
    if len(key) < 12:
        return "•" * 4 + f" ({len(key)} characters)"
    return f"{key[:4]}…{key[-2:]}"


def describe_settings(s: NarratorSettings, env: Mapping[str, str] | None = None) -> str:
    """The effective settings and where each came from, for `gm-console config show`."""
    env = os.environ if env is None else env
    path = s.config_path or default_config_path(env)
    found = "found" if path.is_file() else "not found"
    lines = [f"Config file: {path} ({found})", ""]
    values = s.model_dump()
    if values["model"] is None and s.narrator != "offline":
        values["model"] = "(provider default)"
    if values["api_key_env"] is None:
        values["api_key_env"] = s.key_env
    width = max(len(name) for name in values)
    for name, value in values.items():
        shown = "-" if value is None else str(value)
        note = " (not used: the Anthropic API takes no temperature)" if (
            name == "temperature" and s.narrator == "anthropic") else ""
        lines.append(f"  {name:<{width}}  {shown:<34} {s.source_of(name)}{note}")
    if s.narrator == "offline":
        key_line = "not needed (offline narrator)"
    else:
        key_name = s.key_env or ""
        key = env.get(key_name, "") if key_name else ""
        if key:
            key_line = f"{mask_key(key)} (from {key_name})"
        elif s.base_url:
            key_line = f"not set ({key_name}); fine for a local server"
        else:
            key_line = f"not set (export {key_name}=…)"
    lines.append(f"  {'api key':<{width}}  {key_line}")
    return "\n".join(lines)
