# Fatebox: `make run` starts the virtual gadget (or loads the demo onto a
# board that is plugged in); `make test` installs what the tests need and runs them.
# The virtual gadget keeps its table between runs: a copy of the demo sheets
# (.fatebox/table) goes only into an empty box; `make run FRESH=1` starts over
# (the old flash and the old copy are kept aside).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
FATEBOX := $(VENV)/bin/fatebox
STATE ?= .fatebox/sim
MPJS := node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs
PYRIGHT := node_modules/.bin/pyright

FIRMWARE := build/firmware/fatebox-pico.uf2

# Bytecode cached, in one folder out of the source tree, even where the
# environment asks for none (PYTHONDONTWRITEBYTECODE): the memory policy
# imports a module again for each request, and every `fatebox` a test starts
# imports the host, each time compiled from source without it.
unexport PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX := $(CURDIR)/.build/pycache

.PHONY: integrations run test test-py test-pico test-mp typecheck bench deps clean firmware firmware-for-tests firmware-circuitpython cp-firmware-for-tests cards fuzz web chromium circuitpython system-packages enclosure

# The environment is marked whole (.installed) only at the end. One left half
# made (a make run stopped with Ctrl-C while pip upgraded itself), one whose pip
# is broken, or one marked whole that no longer runs fatebox, is made again from
# nothing, and an install that fails in it once more from nothing: the next
# make run recovers, never a pip traceback with no way out.
ifneq ($(wildcard $(VENV)/.installed),)
ifneq ($(shell $(PY) -c "import fatebox.cli.main" >/dev/null 2>&1 && echo ok),ok)
$(shell rm -f $(VENV)/.installed $(VENV)/.made)
endif
endif

NEW_VENV = rm -rf $(VENV) && $(PYTHON) -m venv $(VENV) && $(PY) -m pip install --quiet --upgrade pip && touch $(VENV)/.made
# setuptools says at length that an editable install is one: not a problem, so not shown.
INSTALL = PYTHONWARNINGS=ignore $(PY) -m pip install --quiet -e '.[test]'

$(VENV)/.installed: pyproject.toml
	@if [ -e $(VENV) ] && ! { [ -f $(VENV)/.made -o -f $(VENV)/.installed ] && $(PY) -m pip --version >/dev/null 2>&1; }; then \
		echo "$(VENV) was left half made or does not work: making it again"; rm -rf $(VENV); fi
	@if [ ! -e $(VENV) ]; then echo "$(PYTHON) -m venv $(VENV)"; $(NEW_VENV); fi
	@$(INSTALL) || { echo "$(VENV): the install failed; making the environment again from nothing"; \
		$(NEW_VENV) && $(INSTALL); }
	@touch $@

$(MPJS): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

deps: $(VENV)/.installed $(MPJS)

# The CAD extra (pyproject's `hardware`) for make enclosure and the enclosure's
# tests: installed beside the rest, never by make run. Its packages only, not
# Fatebox again: under make test other tiers run from the environment meanwhile.
$(VENV)/.hardware: $(VENV)/.installed pyproject.toml
	@$(PY) -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["hardware"]))' \
		| PYTHONWARNINGS=ignore $(PY) -m pip install --quiet -r /dev/stdin
	@touch $@

# The box for each board (hardware/enclosure.md): STL, STEP, DXF and renders into
# build/enclosure/<board>/, each checked before it is called fit to print; the
# reference board's renders also into hardware/enclosure/img/ for the guide.
enclosure: $(VENV)/.hardware
	$(PY) -m hardware.enclosure --out build/enclosure

# The demo: the sheets in examples/ and the demo table's settings (examples/table.toml,
# New Beginning's supply). make run plays a copy of them kept out of the checkout
# (TABLE, made once by tools/demo_table.py; FRESH=1 copies again, the old copy kept
# aside), so play, pull and sync write there and examples/ stays as checked in.
# The virtual gadget takes the copy's table.toml with the sheets (into an empty box
# only); a board keeps the supply its owner set (fatebox table), so only the sheets go to it.
TABLE ?= .fatebox/table

run: $(VENV)/.installed
	@$(if $(wildcard $(PY)),$(PY),$(PYTHON)) tools/demo_table.py examples $(TABLE) --state $(STATE) $(if $(FRESH),--fresh)
	@if $(FATEBOX) ports --board >/dev/null 2>&1; then \
		echo "A board is attached: loading the demo characters it does not hold yet."; \
		set --; for f in $(TABLE)/*.toml; do [ "$${f##*/}" = table.toml ] || set -- "$$@" "$$f"; done; \
		$(FATEBOX) push --only-new --fill "$$@" || exit $$?; \
		$(FATEBOX) list; \
	else \
		$(FATEBOX) sim --state $(STATE) --if-empty --fill $(TABLE)/*.toml $(if $(FRESH),--fresh) \
			|| { code=$$?; [ $$code -eq 130 ] || exit $$code; }; \
	fi

# The tiers, each timed by its own runner: CPython (pytest, the fuzz slice
# included), the emulated Pico (pytest -m pico), MicroPython (WebAssembly), types.
# They run at once, each one's output kept together and shown when it ends;
# the image and CircuitPython's tools are built beside the others, for the
# emulated Pico's tier alone. The system packages come first (one apt-get);
# the rest of the set-up goes inside, where pip and npm run at once and the
# CAD extra installs while the emulated Pico's tier already runs.
TIERS := test-pico test-py test-mp typecheck firmware-for-tests cp-firmware-for-tests
test: system-packages
	@mkdir -p .build && rm -f $(IMAGE_READY) $(CP_IMAGE_READY)
	@$(MAKE) --no-print-directory -j$(words $(TIERS)) --output-sync=target $(TIERS) IMAGE_BESIDE=1

# Under make test the image is built beside the tiers, not before the emulated
# Pico's: its tests that take the image wait for IMAGE_READY ("ok", or why
# not: tests/pico/conftest.py), the stock board's and CircuitPython's run first.
IMAGE_READY := $(CURDIR)/.build/image-ready
firmware-for-tests: $(VENV)/.installed
	@if $(PY) firmware/image/build.py --install-toolchain --out $(FIRMWARE); then echo ok > $(IMAGE_READY); \
	else echo "make firmware failed (its output is above)" > $(IMAGE_READY); exit 1; fi

# The same for Fatebox's CircuitPython image (tests/pico/test_cp_image.py waits
# for CP_IMAGE_READY); one job, beside the tiers (ccache makes a second build quick).
CP_IMAGE_READY := $(CURDIR)/.build/cp-image-ready
cp-firmware-for-tests: $(VENV)/.installed circuitpython
	@if $(PY) firmware/image/build_circuitpython.py --install-toolchain --jobs 1; then echo ok > $(CP_IMAGE_READY); \
	else echo "make firmware-circuitpython failed (its output is above)" > $(CP_IMAGE_READY); exit 1; fi

# The Debian packages the tiers need (chromium, mtools, the ARM toolchain, ccache),
# in one apt-get step before they start: two at once would fight over dpkg's lock.
# Run as another user than root, it names the command to run as root and stops.
system-packages:
	@$(PYTHON) tools/system_packages.py

# Debian's chromium for the browser tests (tests/web, Playwright drives it
# through executable_path; never `playwright install`).
chromium:
	@$(PYTHON) tools/system_packages.py chromium

# The box in a browser (docs/web.md): a static site in build/web/. Open it with
# python3 -m http.server -d build/web (then http://localhost:8000/).
web: deps
	$(PY) web/build.py --out build/web

# The VTT integrations (integrations/*/README.md): Foundry VTT's module as the
# zip Foundry installs, with its module.json beside it, and the Owlbear Rodeo
# extension's static site, into build/integrations/. FOUNDRY_RELEASE_URL: where
# the two Foundry files are published (module.json's manifest and download).
integrations: deps
	$(PY) integrations/build.py --out build/integrations $(if $(FOUNDRY_RELEASE_URL),--release-url $(FOUNDRY_RELEASE_URL))

# Fatebox's own firmware image: MicroPython v1.28.0 for the Pico (or
# BOARD=feather_rp2040, qtpy_rp2040, kb2040, pico2: fatebox-BOARD.uf2) with the
# firmware frozen in, from ../shared/rp2/ (or upstream at the same commits).
# Missing ARM toolchain packages are installed with apt-get when run as root,
# otherwise named with the command that installs them. About 5 minutes the
# first time (picotool, mpy-cross, the port), under a minute after a change.
firmware: $(VENV)/.installed
	$(PY) firmware/image/build.py --install-toolchain $(if $(BOARD),--board $(BOARD),--out $(FIRMWARE))

# Fatebox's own CircuitPython image: CircuitPython 10.2.1 for the Pico (or
# BOARD=feather_rp2040, ...) with the firmware and the NeoPixel library frozen
# in, from ../shared/circuitpython/ (or upstream at the same commit), into
# build/firmware/fatebox-circuitpython-BOARD.uf2. Two jobs at most (CP_JOBS).
CP_JOBS ?= 2
firmware-circuitpython: $(VENV)/.installed circuitpython
	$(PY) firmware/image/build_circuitpython.py --install-toolchain --jobs $(CP_JOBS) $(if $(BOARD),--board $(BOARD))

# For the CircuitPython backend on the real CircuitPython 10.2.1 (tests/pico/test_cp_*):
# its mpy-cross built from ../shared/circuitpython/ (about a minute, once), the
# NeoPixel library from PyPI, and mtools (apt-get when run as root).
circuitpython: $(VENV)/.installed
	$(PY) firmware/image/circuitpython_tools.py --install

# The MicroPython rp2 backend and main.py against micropython-rp2-rpi_pico-stubs
# (firmware/pyrightconfig.json): the stubs' stdlib stands in for CPython's.
# Any type error fails the build (tests/firmware/test_pyright.py shows it does).
typecheck: deps
	$(PYRIGHT) -p firmware --pythonpath $(PY) --typeshedpath "$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"

# Two workers (pytest-xdist), as the emulated Pico's tier: run alone on one core,
# this tier was the last one left while the other core stood idle. Each worker
# has its own runtime folder, records and tmp (tests/conftest.py).
test-py: deps $(VENV)/.hardware
	$(PY) -m pytest -m "not pico" -n 2 --dist worksteal --durations=15

# Needs the images (make firmware, make firmware-circuitpython; under make
# test, built beside it) and ../shared/rp2 (the boot ROM, the stock image).
# Two workers (pytest-xdist), the longest tests first (tests/pico/conftest.py):
# the longest tier, it takes the second core once the others are done. A worker
# with nothing left takes tests the other has not begun (worksteal): xdist's
# default hands each worker a run of consecutive tests, the longest all to one.
test-pico: deps circuitpython $(if $(IMAGE_BESIDE),,firmware firmware-circuitpython)
	$(if $(IMAGE_BESIDE),FATEBOX_IMAGE_READY=$(IMAGE_READY) FATEBOX_CP_IMAGE_READY=$(CP_IMAGE_READY)) $(PY) -m pytest -m pico tests/pico -n 2 --dist worksteal --durations=15

test-mp: deps
	@mkdir -p .build
	$(PY) tests/mp/rp2_modules.py > .build/rp2-modules.txt
	node tests/mp/run.mjs --allowed .build/rp2-modules.txt

# The fuzzing and fault suite for longer than `make test`'s slice (tests/fuzz/):
# frames, corrupt state files, kill -9 during saves, pull and push. FUZZ_MINUTES=10.
# FUZZ_KINDS=pico: frames to Fatebox's image on the emulated Pico beside its twin (slow).
FUZZ_MINUTES ?= 10
fuzz: $(VENV)/.installed
	$(PY) -m tests.fuzz.run --minutes $(FUZZ_MINUTES) $(if $(FUZZ_SEED),--seed $(FUZZ_SEED)) $(if $(FUZZ_KINDS),--kinds $(FUZZ_KINDS))

# The button cards (one per system) and the wiring card, A6 PDF and SVG, into build/cards/.
cards: $(VENV)/.installed
	$(FATEBOX) cards --out build/cards

# icepool is the odds bench's yardstick only: installed here, never a test dependency.
$(VENV)/.bench: $(VENV)/.installed
	$(PY) -m pip install --quiet icepool==2.1.3
	touch $@

# bench/pico_heap.py bisects the heap on the emulated Pico, one firmware after
# the other (about 30 minutes on 2 busy cores); BENCH_JOBS=2 runs the two at
# once (20 minutes in the run docs/performance.md reports).
# Each bench keeps its figures with the commit in bench/results/ (--record); the
# docs' tables are written from them at the end (tools/docs.py).
bench: deps chromium firmware circuitpython $(VENV)/.bench
	$(PY) bench/firmware_fit.py --record
	$(PY) bench/run.py --record
	$(PY) bench/entropy_bench.py
	$(PY) bench/pico_entropy.py --record
	$(PY) bench/pico_timings.py --record
	$(PY) bench/pico_idle.py --record
	$(PY) bench/pico_heap.py --record $(if $(BENCH_JOBS),--jobs $(BENCH_JOBS))
	$(PY) bench/cp_timings.py
	$(PY) bench/cp_heap.py --record
	$(PY) bench/flood_bench.py --record
	$(PY) bench/serve_bench.py --record
	$(PY) bench/vtt_bench.py --record
	$(PY) bench/pico_flood.py --record
	$(PY) bench/web_bench.py --record
	$(PY) tools/docs.py

clean:
	rm -rf $(VENV) node_modules .build build
