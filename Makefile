# Every target runs from the repository root and uses the project's own virtual environment.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Marks an install that matches the current pyproject.toml.
INSTALLED := $(VENV)/.installed
# Jupyter refuses to run as root unless told to.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)
# Test workers: one per core for the runs that only compute (test-fast, test-long); `make test`
# takes one more (3 on CI's 2 cores), because many of its tests spend part of their time waiting
# (a server or a kernel starting, a pip install, a timer of the app's) and the extra worker uses
# that core meanwhile. A file's tests run on one worker (--dist loadfile): each notebook runs whole
# in one kernel, and a file's servers and built site are made once. The files go out in the order
# the root conftest.py sorts them (the longest files and the slowest layers first), not xdist's
# (the files with most tests first, which left the few long browser tests to the end). The ten
# slowest tests are printed at the end (docs/testing.md says what each layer proves).
# Python keeps the bytecode of what it compiles, whatever the caller's environment says: a run starts
# hundreds of Python processes (servers, kernels, the command line under test), and without the
# cache each of them compiles the package's modules again (and pytest rewrites the tests again in
# every worker).
unexport PYTHONDONTWRITEBYTECODE
# No test of `make test` takes more than a few minutes even on a loaded machine: one that hangs (a
# page whose kernel never came) fails after this many seconds, with its stack, instead of holding CI.
TEST_TIMEOUT ?= 600
WORKERS ?= auto
SUITE_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
PYTEST := $(BIN)/python -m pytest --dist loadfile --no-loadscope-reorder --durations=10

.PHONY: venv lab voila app class trainer test test-fast test-long test-site test-cpu check bench puzzles-check notebooks teacher site

venv: $(INSTALLED)

# The environment is installed by uv (itself installed by pip first): from a fresh machine 9 s of
# wall time and 6 CPU s where pip took 35 s and 33 CPU s (it also compiled every module of every
# package; Python compiles only what runs, and keeps it). Where uv cannot reach an index that pip's
# own configuration names (a machine with only a local one), pip installs instead.
$(INSTALLED): pyproject.toml scripts/jupyterlab-overrides.json
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[dev]' \
		|| $(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp scripts/jupyterlab-overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	touch $@

lab: venv
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/00_start.ipynb

# Each app has a port of its own, so that two of them run side by side; a port already taken is an
# error (no silent move to another port), and each serves on 127.0.0.1 only. Each is `kaszino app`,
# opened on its page: its pages ask nothing of the network and a page that is left releases its
# kernel (plain Voilà's pages ask a CDN for an icon font, and its own release of a left page's
# kernel is refused for want of the _xsrf token, so the kernel stays).

# The capture chapter as an app without code (classroom mode).
voila: venv
	$(BIN)/kaszino app --port 8868 --page 02_utes.ipynb

# The whole tutorial as a classroom app: every chapter without code, from the start page.
app: venv
	$(BIN)/kaszino app --port 8866

# The tutorial for a class: a learner per browser, a progress file each in class/, the teacher's page.
class: venv
	$(BIN)/kaszino app --port 8866 --class class

# The puzzle trainer as an app without code (progress in $KASZINO_PROGRESS or the user's data folder).
trainer: venv
	$(BIN)/kaszino app --port 8867 --page 10_feladvanyok.ipynb

# The whole suite (what CI runs): static checks first (mypy strict, ruff), then every test and notebook.
test: venv check
	$(PYTEST) -n $(SUITE_WORKERS) -m "not long" --timeout=$(TEST_TIMEOUT)

# The long runs alone: ten thousand random deals of every preset of each family, every event checked
# against the engine's next state, Scopa and Casino in lockstep with their clean-room referees, and
# the classroom load test's five pupils as Chromium pages.
test-long: venv
	$(PYTEST) -n $(WORKERS) -m long

# The inner loop: every test that is not slow, browser or site (see pyproject.toml's markers), each
# property with at most 10 examples (Hypothesis profile "fast"); no static checks (`make check`).
test-fast: venv
	$(PYTEST) -n $(WORKERS) -m "not slow and not long and not browser and not site" --hypothesis-profile=fast

# What each test of `make test` costs in CPU seconds (its process and every process it started:
# servers, kernels, Chromium), written to test-artifacts/cpu-times.jsonl and summed at the end (the
# costliest tests and files). CPU, not wall time: on a shared machine it is the steadier figure.
CPU_TIMES := test-artifacts/cpu-times.jsonl
test-cpu: venv
	mkdir -p test-artifacts && rm -f $(CPU_TIMES)
	PYTHONPATH=tests$${PYTHONPATH:+:$$PYTHONPATH} $(PYTEST) -n $(SUITE_WORKERS) -m "not long" -p cpu_times --cpu-times=$(CPU_TIMES)

check: venv
	$(BIN)/mypy
	$(BIN)/ruff check .

bench: venv
	@set -e; for script in $(sort $(wildcard benchmarks/*.py)); do echo "== $$script"; $(BIN)/python "$$script"; done

puzzles-check: venv
	$(BIN)/kaszino puzzles check

# Re-run every notebook and store its fresh outputs (without the bulky widget state) for nbval,
# with a fresh progress file, so that no language chosen earlier changes them.
notebooks: venv
	KASZINO_PROGRESS="$$(mktemp -d)/progress.sqlite3" $(BIN)/jupyter nbconvert --to notebook --execute \
		--inplace --ExecutePreprocessor.store_widget_state=False notebooks/*.ipynb

# The teacher's version of the combinatorics chapter, made from the students' notebook and run.
teacher: venv
	$(BIN)/kaszino classroom teacher --out notebooks/30_kombinatorika_tanari.ipynb --force

# The offline site's browser test alone (make test runs it too), with its figures printed: builds the
# site, serves it on 127.0.0.1 with every other request refused, runs chapters 02, 10 and 30 in Chromium.
test-site: venv
	$(BIN)/python -m pytest -s -p no:cacheprovider -n 0 tests/browser/test_site.py

# The offline classroom site (JupyterLite + Pyodide) in site/: serve the folder with any static web
# server, e.g. `python3 -m http.server -d site`. Needs npm; see docs/site.md.
site: venv
	$(BIN)/kaszino site build --out site
