"""Narrator settings: defaults < config file < environment < flags; errors name their source."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import InvalidInputError
from engine.settings import describe_settings, load_settings, mask_key


def write_config(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(body, encoding="utf-8")
    return path


def test_defaults_without_file_env_or_flags(tmp_path: Path) -> None:
    s = load_settings(env={}, config_path=tmp_path / "missing.toml")
    assert (s.narrator, s.model, s.base_url, s.context_window, s.max_output_tokens) == ("offline", None, None, 8000, 400)
    assert (s.temperature, s.timeout_s, s.max_retries) == (0.8, 20.0, 2)
    assert s.source_of("narrator") == "default"


def test_file_then_env_then_flags(tmp_path: Path) -> None:
    path = write_config(tmp_path, '[narrator]\nnarrator = "openai"\nmodel = "from-file"\n'
                                  'temperature = 0.5\ntimeout_s = 10\nbase_url = "http://localhost:11434/v1"\n')
    env = {"GM_MODEL": "from-env", "GM_TIMEOUT": "15", "GM_CONTEXT_WINDOW": "4096"}
    s = load_settings({"model": "from-flag", "temperature": None}, env=env, config_path=path)
    assert s.model == "from-flag" and s.source_of("model") == "flag --model"
    assert s.timeout_s == 15.0 and s.source_of("timeout_s") == "environment variable GM_TIMEOUT"
    assert s.context_window == 4096
    assert s.temperature == 0.5 and str(path) in s.source_of("temperature")
    assert s.narrator == "openai" and s.base_url == "http://localhost:11434/v1"
    assert s.max_output_tokens == 400 and s.source_of("max_output_tokens") == "default"


def test_config_path_comes_from_gm_console_config(tmp_path: Path) -> None:
    path = write_config(tmp_path, '[narrator]\nnarrator = "anthropic"\n')
    s = load_settings(env={"GM_CONSOLE_CONFIG": str(path)})
    assert s.narrator == "anthropic"
    assert s.config_path == path


def test_api_key_env_defaults_per_provider(tmp_path: Path) -> None:
    missing = tmp_path / "none.toml"
    assert load_settings({"narrator": "anthropic"}, env={}, config_path=missing).key_env == "ANTHROPIC_API_KEY"
    assert load_settings({"narrator": "openai"}, env={}, config_path=missing).key_env == "OPENAI_API_KEY"
    s = load_settings({"narrator": "openai"}, env={"GM_API_KEY_ENV": "GROQ_KEY"}, config_path=missing)
    assert s.key_env == "GROQ_KEY"


def test_bad_file_value_names_the_file_and_field(tmp_path: Path) -> None:
    path = write_config(tmp_path, '[narrator]\ncontext_window = "huge"\n')
    with pytest.raises(InvalidInputError) as info:
        load_settings(env={}, config_path=path)
    assert str(path) in str(info.value) and "context_window" in str(info.value)


def test_bad_env_value_names_the_variable(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="environment variable GM_TEMPERATURE"):
        load_settings(env={"GM_TEMPERATURE": "hot"}, config_path=tmp_path / "none.toml")


def test_bad_narrator_name_from_env_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="GM_NARRATOR"):
        load_settings(env={"GM_NARRATOR": "gpt"}, config_path=tmp_path / "none.toml")


def test_bad_flag_value_names_the_flag(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="flag --timeout"):
        load_settings({"timeout_s": -1}, env={}, config_path=tmp_path / "none.toml")


def test_bad_base_url_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="flag --base-url"):
        load_settings({"base_url": "localhost:11434"}, env={}, config_path=tmp_path / "none.toml")


def test_unknown_key_in_file_is_named(tmp_path: Path) -> None:
    path = write_config(tmp_path, '[narrator]\ntemprature = 0.3\n')
    with pytest.raises(InvalidInputError, match="temprature"):
        load_settings(env={}, config_path=path)


def test_broken_toml_names_the_file(tmp_path: Path) -> None:
    path = write_config(tmp_path, "[narrator\nmodel = \n")
    with pytest.raises(InvalidInputError, match="not valid TOML"):
        load_settings(env={}, config_path=path)


def test_empty_env_values_are_ignored(tmp_path: Path) -> None:
    s = load_settings(env={"GM_MODEL": "", "GM_BASE_URL": "  "}, config_path=tmp_path / "none.toml")
    assert s.model is None and s.base_url is None


def test_describe_masks_the_key_and_says_where_values_came_from(tmp_path: Path) -> None:
    env = {"GM_NARRATOR": "anthropic", "ANTHROPIC_API_KEY": "sk-ant-api03-secretsecretsecret-f3"}
    s = load_settings({"model": "claude-haiku-4-5"}, env=env, config_path=tmp_path / "none.toml")
    text = describe_settings(s, env=env)
    assert "sk-a…f3 (from ANTHROPIC_API_KEY)" in text
    assert "secret" not in text
    assert "environment variable GM_NARRATOR" in text
    assert "flag --model" in text
    assert "not found" in text


def test_describe_says_when_the_key_is_not_set(tmp_path: Path) -> None:
    s = load_settings({"narrator": "openai"}, env={}, config_path=tmp_path / "none.toml")
    assert "not set (export OPENAI_API_KEY=…)" in describe_settings(s, env={})
    local = load_settings({"narrator": "openai", "base_url": "http://localhost:11434/v1"}, env={},
                          config_path=tmp_path / "none.toml")
    assert "fine for a local server" in describe_settings(local, env={})


def test_short_keys_are_fully_hidden() -> None:
    assert "abc" not in mask_key("abc123")
