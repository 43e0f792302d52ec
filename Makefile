# Fatebox: `make run` starts the virtual gadget (or loads the demo onto a
# board that is plugged in); `make test` installs what the tests need and runs them.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
FATEBOX := $(VENV)/bin/fatebox
STATE ?= .fatebox/sim
MPJS := node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs

.PHONY: run test test-py test-mp bench deps clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

$(MPJS): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

deps: $(VENV)/.installed $(MPJS)

run: $(VENV)/.installed
	@if $(FATEBOX) ports --board >/dev/null 2>&1; then \
		echo "A board is attached: loading the demo table onto it."; \
		for sheet in examples/*.toml; do $(FATEBOX) push "$$sheet" || exit $$?; done; \
		$(FATEBOX) list; \
	else \
		$(FATEBOX) sim --state $(STATE) --load examples/*.toml; \
	fi

test: deps test-py test-mp

test-py: $(VENV)/.installed
	$(PY) -m pytest

test-mp: deps
	@mkdir -p .build
	$(PY) tests/mp/rp2_modules.py > .build/rp2-modules.txt
	node tests/mp/run.mjs --allowed .build/rp2-modules.txt

bench: deps
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) node_modules .build
