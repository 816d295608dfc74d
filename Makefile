# sim — balance-simulation pipeline. `make help` lists the targets.
# Every target creates the virtual environment on first use (.venv, from pyproject.toml).
#
# Hydra overrides pass straight through:  make sweep game=waybound edition=0.36 runner.n_jobs=2 matches=200000
# A preset:                               make sweep EXP=opening

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)

# Command-line variables other than the Makefile's own are Hydra overrides.
OVERRIDES := $(filter-out EXP=% RUN=% ROW=% PYTHON=% ARGS=% BASE=% EDIT=% GAME=%,$(MAKEOVERRIDES))
ifeq ($(origin EXP),undefined)
  ifeq ($(strip $(OVERRIDES)),)
    EXP := opening-demo
  endif
endif
EXP_ARG := $(if $(EXP),experiment=$(EXP))

.PHONY: help install sweep ab report ladder replay bench bench-quick profile compile-profile test test-heavy test-nojit lint list validate clean \
        study-opening study-matrix study-cards study-tiers studies study-aeons-end study-veilforge study-by-your-side study-veilwalkers publish

help: ## this list
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'
	@echo "  Variables: EXP=<preset in conf/experiment>, RUN=<experiment>, ROW=<row or seed_key>, plus any Hydra override"

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP) ## create .venv and install sim with its dev tools

sweep: $(STAMP) ## run (or resume) an experiment and write its report (EXP=preset or overrides)
	$(PY) -m sim sweep $(EXP_ARG) $(OVERRIDES) $(ARGS)

ab: $(STAMP) ## A/B of an edit on common deals until decided: make ab game=<game> BASE=<edition> EDIT=<edition or edition file>
	$(PY) -m sim ab $(BASE) $(EDIT) $(OVERRIDES)

validate: $(STAMP) ## check config and data of a sweep without running it
	$(PY) -m sim validate $(EXP_ARG) $(OVERRIDES)

report: $(STAMP) ## rebuild reports/<EXP>/ from experiments/<EXP>/
	$(PY) -m sim report $(EXP)

publish: $(STAMP) ## reports/index.html: every published study on one page (reads the reports, reruns nothing)
	$(PY) -m sim publish

ladder: $(STAMP) ## the skill ladder of GAME=<game> (decks/<game>/ladder.yaml) -> reports/<game>-ladder/
	$(PY) -m sim ladder $(or $(GAME),waybound) $(OVERRIDES) $(ARGS)

replay: $(STAMP) ## replay one stored match: make replay RUN=<experiment> ROW=<n or seed_key>
	$(PY) -m sim replay $(RUN) $(ROW) $(ARGS)

bench: $(STAMP) ## throughput table (kernel, end to end, 1 vs 2 workers, cold/warm, no-JIT) -> reports/bench/
	$(PY) -m sim bench $(ARGS)

bench-quick: $(STAMP) ## the benchmark on small samples (smoke run)
	$(PY) -m sim bench --quick $(ARGS)

profile: $(STAMP) ## kernel time by function and source line, GAME=<game> (needs Linux perf) -> reports/profile/
	$(PY) -m sim profile $(or $(GAME),waybound)

compile-profile: $(STAMP) ## the cold compile's time by function, GAME=<game> -> reports/profile/<game>-compile.md
	$(PY) -m sim compile-profile $(or $(GAME),waybound)

list: $(STAMP) ## games, editions, matchup sets and bots
	$(PY) -m sim list

test: $(STAMP) ## the fast test suite (what CI runs)
	$(PY) -m pytest -n 2 --dist loadfile

test-heavy: $(STAMP) ## statistical and sweep checks (slow)
	$(PY) -m pytest -m heavy -n 2 --dist loadfile

test-nojit: $(STAMP) ## the rules tests with NUMBA_DISABLE_JIT=1 (plain Python; for coverage)
	NUMBA_DISABLE_JIT=1 $(PY) -m pytest tests/games tests/core/test_rng.py -x

lint: $(STAMP) ## ruff
	$(PY) -m ruff check sim tests

study-opening: $(STAMP) ## Waybound: did 0.36 remove the first-player advantage? (at three bot rungs)
	$(PY) -m sim sweep experiment=opening $(OVERRIDES)

study-matrix: $(STAMP) ## Waybound: every Companion vs every Companion
	$(PY) -m sim sweep experiment=companion-matrix $(OVERRIDES)

study-veilwalkers: $(STAMP) ## Veilwalkers: Garden vs Wayfarer, endings, start Site, Rites, Watcher, Closing, rewards, per bot rung
	$(PY) -m sim sweep experiment=veilwalkers-companies $(OVERRIDES)
	$(PY) -m sim sweep experiment=veilwalkers-companies name=veilwalkers-companies-search publish=true 'tiers=[]' 'policies=[search]' \
		pairs=100 'description="Veilwalkers (partial rules): Garden vs Wayfarer per starter-deck pairing, first turn, start Site, how and when matches end (bots: search)"' \
		--no-report $(OVERRIDES)
	$(PY) -m sim compare veilwalkers-companies $(foreach bot,random racer pressure search,veilwalkers-companies-$(bot)) \
		--title "Veilwalkers (partial rules): Garden vs Wayfarer per starter-deck pairing, at every bot tier (random, racer, pressure; search at 100 pairs)"
	$(PY) -m sim sweep experiment=veilwalkers-rites $(OVERRIDES)
	$(PY) -m sim sweep experiment=veilwalkers-watcher-closing $(OVERRIDES)
	$(PY) -m sim sweep experiment=veilwalkers-rewards $(OVERRIDES)

study-cards: $(STAMP) ## Waybound: card and path impact
	$(PY) -m sim sweep experiment=card-impact $(OVERRIDES)

study-by-your-side: $(STAMP) ## By Your Side: scenarios, readings, rule numbers, characters, cards, campaign at every bot tier
	$(PY) -m sim sweep experiment=by-your-side-scenarios $(OVERRIDES)
	$(PY) -m sim sweep experiment=by-your-side-variants $(OVERRIDES)
	$(PY) -m sim sweep experiment=by-your-side-characters $(OVERRIDES)
	$(PY) -m sim sweep experiment=by-your-side-cards $(OVERRIDES)
	$(PY) -m sim sweep experiment=by-your-side-campaign $(OVERRIDES)

studies: study-opening study-matrix study-cards study-tiers ## every published Waybound study

study-tiers: $(STAMP) ## Waybound: opening headline and ratings at every bot tier
	$(PY) -m sim sweep experiment=tiers $(OVERRIDES)

study-aeons-end: $(STAMP) ## Aeon's End: nemesis x player count, difficulty modes, turn-order variance, Unleash readings
	$(PY) -m sim sweep experiment=aeons-end-nemeses $(OVERRIDES)
	$(PY) -m sim sweep experiment=aeons-end-difficulty $(OVERRIDES)
	$(PY) -m sim sweep experiment=aeons-end-turn-order $(OVERRIDES)
	$(PY) -m sim sweep experiment=aeons-end-unleash $(OVERRIDES)

study-veilforge: $(STAMP) ## Veilforge: deck matrix, second player's mana, deck size, healing, ideals, hero trios, cards, 2v2, at every bot tier
	$(PY) -m sim sweep experiment=veilforge-matrix $(OVERRIDES)
	$(PY) -m sim sweep experiment=veilforge-second-mana $(OVERRIDES)
	$(PY) -m sim sweep experiment=veilforge-deck-size $(OVERRIDES)
	$(PY) -m sim sweep experiment=veilforge-healing $(OVERRIDES)
	$(PY) -m sim sweep experiment=veilforge-ideals $(OVERRIDES)
	$(PY) -m sim sweep experiment=veilforge-heroes $(OVERRIDES)
	$(PY) -m sim sweep experiment=veilforge-cards $(OVERRIDES)
	$(PY) -m sim sweep experiment=veilforge-teams $(OVERRIDES)

clean: ## remove caches (keeps experiments/ and reports/)
	rm -rf .numba_cache .numba_cache_profile .pytest_cache .ruff_cache .hypothesis
