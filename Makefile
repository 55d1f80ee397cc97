# holonmem: two commands a newcomer needs — `make demo` and `make test`.
# Each creates the virtual environment on first use.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HM := $(VENV)/bin/holonmem
DEMO := .demo/home
STAMP := $(VENV)/.installed

.PHONY: install demo test bench bench-full bench-quality stress clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	@# compat: a plain path in a .pth, not an import hook that costs ~30 ms at every interpreter start (each agent turn)
	$(PY) -m pip install -q --disable-pip-version-check --config-settings editable_mode=compat -e '.[test,web,mcp]'
	touch $(STAMP)
	@# editable installs get no bytecode; with PYTHONDONTWRITEBYTECODE set every
	@# run would recompile holonmem from source, so compile it once here
	$(PY) -m compileall -q holonmem >/dev/null

install: $(STAMP)

demo: install
	rm -rf .demo && mkdir -p .demo && cp -r sample_agent_home $(DEMO)
	$(HM) init $(DEMO)
	$(HM) --home $(DEMO) ingest $(DEMO)/import/events.jsonl
	$(HM) --home $(DEMO) consolidate
	$(HM) --home $(DEMO) dream --force
	$(HM) --home $(DEMO) index
	$(HM) --home $(DEMO) status
	$(HM) --home $(DEMO) search "pytest ModuleNotFoundError" --limit 3
	@echo
	@echo '--- context for a new task in the invoicer project (what the next prompt would get) ---'
	$(HM) --home $(DEMO) context --project invoicer --task "release 0.8.1 with the PDF upload retry" --now 2026-06-25 --budget 1500

# the suite runs in three worker processes on the 2 CPUs (pytest-xdist: the subprocess-heavy tests wait on process start-up and I/O, a third worker fills those gaps); PYTEST_WORKERS=0 runs it in one.
# loadfile: each test file runs on one worker, so a module-scoped home is built once, not once
# per worker (xdist hands out the files with the most tests first, the others as workers free up)
PYTEST_WORKERS ?= 3
test: install
	@# fresh bytecode: with PYTHONDONTWRITEBYTECODE set, each CLI subprocess would compile a changed module again
	$(PY) -m compileall -q holonmem >/dev/null
	@# a fresh clone (CI) has no assertion-rewritten test modules yet: rewrite them once here,
	@# not in each worker at once (~1.7 s of CPU per worker; tests/conftest.py lets them be kept)
	@ls tests/__pycache__/*-pytest-*.pyc >/dev/null 2>&1 || $(PY) -m pytest -q --collect-only -p no:cacheprovider >/dev/null
	$(PY) -m pytest -q -n $(PYTEST_WORKERS) --dist loadfile

bench: install
	$(PY) -m compileall -q holonmem >/dev/null
	$(PY) bench/run.py --size quick

bench-full: install
	$(PY) -m compileall -q holonmem >/dev/null
	$(PY) bench/run.py --size full

# memory quality: our scenarios (bench/quality) and the development set when present;
# reports and exits 0 whatever the scores (QUALITY_ARGS=--check: exit 3 below the thresholds)
bench-quality: install
	@if [ -d ../shared/quality ]; then dev="--dir ../shared/quality"; \
	else dev=""; echo "note: ../shared/quality (the development set) is absent; scoring bench/quality only"; fi; \
	$(PY) bench/quality/score.py --hm $(HM) --dir bench/quality $$dev $(QUALITY_ARGS)

stress: install
	$(PY) -m pytest -q -m stress -p no:cacheprovider tests

clean:
	rm -rf .demo bench/out .pytest_cache
