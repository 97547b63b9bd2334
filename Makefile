# Two commands do all set-up on a fresh machine: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test demo mcp bench lint clean screenshots

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,llm]'
	touch $(STAMP) $@

run: $(STAMP)
	$(BIN)/gm-console $(ARGS)

demo: $(STAMP)
	$(BIN)/gm-console demo

mcp: $(STAMP)
	$(BIN)/gm-console mcp $(ARGS)

# Two workers (this machine has two cores), stealing work so the long tests do not leave one idle at the
# end; slow tests are marked `slow` and still run here.
# `make test PYTEST_ARGS='-m "not slow"'` skips them while iterating.
test: lint
	$(BIN)/python -m pytest -q -n 2 --dist worksteal $(PYTEST_ARGS)

lint: $(TEST_STAMP)
	$(BIN)/ruff check engine gm_console tests bench
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

# README screenshots are the console snapshot tests' SVGs (review a snapshot change before copying).
SNAPSHOTS := tests/console/__snapshots__/test_snapshots
screenshots:
	cp $(SNAPSHOTS)/test_session_picker.svg assets/screenshots/session-picker.svg
	cp $(SNAPSHOTS)/test_main_screen_after_a_combat_round.svg assets/screenshots/main-screen.svg
	cp $(SNAPSHOTS)/test_help_screen.svg assets/screenshots/help.svg
	# The browser pictures (PNG) are taken by the real-browser tests themselves.
	GM_CONSOLE_SCREENSHOTS=assets/screenshots $(BIN)/python -m pytest -q -p no:xdist tests/web/test_browser.py

clean:
	rm -rf $(VENV) build *.egg-info
