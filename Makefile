# Every target runs from the repository root and uses the project's own virtual environment.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Marks an install that matches the current pyproject.toml.
INSTALLED := $(VENV)/.installed
# Jupyter refuses to run as root unless told to.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)
# Test workers: one per core (2 in CI). Each notebook runs whole on one worker (--dist loadfile).
WORKERS ?= auto

.PHONY: venv lab voila test check bench puzzles-check notebooks teacher

venv: $(INSTALLED)

$(INSTALLED): pyproject.toml scripts/jupyterlab-overrides.json
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp scripts/jupyterlab-overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	touch $@

lab: venv
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/00_start.ipynb

# The whole suite: static checks first (mypy strict, ruff), then every test and notebook.
# The capture chapter as an app without code (classroom mode).
voila: venv
	$(BIN)/voila notebooks/02_utes.ipynb

test: venv check
	$(BIN)/python -m pytest -n $(WORKERS) --dist loadfile

check: venv
	$(BIN)/mypy
	$(BIN)/ruff check .

bench: venv
	@set -e; for script in $(sort $(wildcard benchmarks/*.py)); do echo "== $$script"; $(BIN)/python "$$script"; done

puzzles-check: venv
	$(BIN)/kaszino puzzles check

# Re-run every notebook and store its fresh outputs (without the bulky widget state) for nbval.
notebooks: venv
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.store_widget_state=False notebooks/*.ipynb

# The teacher's version of the combinatorics chapter, made from the students' notebook and run.
teacher: venv
	$(BIN)/kaszino classroom teacher
