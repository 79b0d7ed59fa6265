# Poker engines (services/table/poker): Hold'em, Omaha, 5 and 7 Card Stud.

.PHONY: engines-property engines-fuzz engines-bench hh-check

## engines-property: the engines' property test at full size — 1,000,000
## random hands across every game, structure and rule profile — without the
## race detector; `make test` runs it at a reduced size under -race and
## runs this target beside it with PROPERTY_HANDS=$(CI_PROPERTY_HANDS) (the
## Makefile's test target, for CI's time); PROPERTY_HANDS=<n> sets any
## size, empty is the full size.
PROPERTY_HANDS ?=
engines-property:
	go test -count=1 -timeout 60m -v -run 'TestPropertyRandomHands$$' ./services/table/poker/ $(if $(PROPERTY_HANDS),-args -hands $(PROPERTY_HANDS)) | grep -E '^(ok|FAIL|--- (PASS|FAIL): TestPropertyRandomHands |panic)|random hands in'

## engines-fuzz: fuzz the engines with arbitrary input sequences
## (FUZZTIME, default 5m).
FUZZTIME ?= 5m
engines-fuzz:
	go test -run '^$$' -fuzz FuzzHand -fuzztime $(FUZZTIME) ./services/table/poker/

## engines-bench: BenchmarkRandomHands per game and structure (hands/s on
## one core: GOMAXPROCS=1), best of COUNT runs.
COUNT ?= 3
engines-bench:
	GOMAXPROCS=1 go test -run '^$$' -bench BenchmarkRandomHands -benchmem -count $(COUNT) ./services/table/poker/

## hh-check: the PokerStars exports of 20,000 random hands (an observer's and
## a player's of each: every game, structure and currency) read by hhp, a
## third-party parser from npm, and totalled against the hands' records
## (tools/hhcheck; issue 21). Needs Node.js and npm, like the web client.
HH_NODE := tools/hhcheck/node_modules/.package-lock.json
$(HH_NODE): tools/hhcheck/package.json tools/hhcheck/package-lock.json
	cd tools/hhcheck && npm ci --no-audit --no-fund
	@touch $@
hh-check: $(HH_NODE)
	mkdir -p out
	CROUPIER_HH_EXPORT=$(CURDIR)/out/hh-exports.jsonl go test -count=1 -run '^TestPokerStarsExportAddsUp$$' ./services/table/poker/
	cd tools/hhcheck && node check.mjs $(CURDIR)/out/hh-exports.jsonl

test-full: engines-property
