# Poker engines (services/table/poker): Hold'em, Omaha, 5 and 7 Card Stud.

.PHONY: engines-property engines-fuzz engines-bench

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

test-full: engines-property
