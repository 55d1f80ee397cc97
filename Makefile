# holonmem: two commands a newcomer needs — `make demo` and `make test`.
# Each creates the virtual environment on first use.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HM := $(VENV)/bin/holonmem
DEMO := .demo/home
STAMP := $(VENV)/.installed

.PHONY: install demo test bench bench-full stress clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

demo: install
	rm -rf .demo && mkdir -p .demo && cp -r sample_agent_home $(DEMO)
	$(HM) init $(DEMO)
	$(HM) --home $(DEMO) ingest $(DEMO)/import/events.jsonl
	$(HM) --home $(DEMO) status

test: install
	$(PY) -m pytest -q

bench: install
	$(PY) bench/run.py --size quick

bench-full: install
	$(PY) bench/run.py --size full

stress: install
	$(PY) -m pytest -q -m stress -p no:cacheprovider tests

clean:
	rm -rf .demo bench/out .pytest_cache
