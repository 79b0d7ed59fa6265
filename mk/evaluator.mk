# Hand evaluator targets (services/evaluator).

.PHONY: evaluator-full evaluator-bench evaluator-batch-time evaluator-instructions equity-instructions evaluator-pgo

## evaluator-full: the evaluator's exhaustive and oracle tests at full size
## without the race detector: all 133,784,560 seven-card hands against the
## known category counts, and the fast evaluator against the slow
## subset-enumerating one on 10,000,000 random 5/6/7-card hands and
## 1,000,000 random Omaha and two-plus-three hands. `make test` runs them at
## a reduced size under -race and depends on this target for the full size.
EVALUATOR_FULL_TESTS := AllFiveCardHands|AllSevenCardHands|AgreesWithSlowEvaluator|FlushesAgreeWithSlowEvaluator|AcesAgainstKings
evaluator-full:
	go test -count=1 -timeout 20m -v -run '$(EVALUATOR_FULL_TESTS)' ./shared/rank/... ./services/evaluator/... | grep -E '^(ok|FAIL|---|panic)'

test-full: evaluator-full

## evaluator-bench: the evaluator's benchmarks on one core, best of five:
## 7-card and Omaha random hands, table build time and size, batch lines.
evaluator-bench:
	go test -run '^$$' -bench 'Random|FlushHeavy|BuildTables' -benchmem -cpu 1 -count 5 ./shared/rank
	go test -run '^$$' -bench . -benchmem -cpu 1 -count 3 ./services/evaluator/batch

## evaluator-batch-time: time `croupierctl eval --batch` on 1,000,000
## generated random seven-card and Omaha lines.
evaluator-batch-time:
	go build -o $(BIN)/croupierctl ./tools/croupierctl
	go run ./services/evaluator/batch/gen -n 1000000 -game high > $(BIN)/.hands-high.txt
	go run ./services/evaluator/batch/gen -n 1000000 -game omaha > $(BIN)/.hands-omaha.txt
	time $(BIN)/croupierctl eval --batch < $(BIN)/.hands-high.txt > /dev/null
	time $(BIN)/croupierctl eval --batch --game omaha < $(BIN)/.hands-omaha.txt > /dev/null
	rm -f $(BIN)/.hands-high.txt $(BIN)/.hands-omaha.txt

## evaluator-instructions: instructions per random hand (7-card, Omaha and
## two-plus-three), counted by callgrind (tools/evalcount): the whole run's
## count at 3,000,000 hands minus that at 1,000,000, over 2,000,000, so
## dealing and start-up cancel out. Stable when the machine is busy. Two
## builds of evalcount: the default one, which takes the evaluator's profile
## (tools/evalcount/default.pgo, the service's: see evaluator-pgo), and one
## built with -pgo=off.
EVALCOUNT_ENV := GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1
evaluator-instructions:
	@command -v valgrind >/dev/null || apt-get install -y --no-install-recommends valgrind >/dev/null
	@mkdir -p $(BIN)
	@cd tools && go build -o $(BIN)/evalcount ./evalcount && go build -pgo=off -o $(BIN)/evalcount-nopgo ./evalcount
	@# callgrind now and then dies on a runtime signal: each count gets three tries.
	@count() { for try in 1 2 3; do \
	    c=$$($(EVALCOUNT_ENV) valgrind --tool=callgrind --callgrind-out-file=/dev/null $(BIN)/$$1 -game $$2 -n $$3 2>&1 | sed -n 's/.*Collected : //p'); \
	    if [ -n "$$c" ]; then echo "$$c"; return 0; fi; done; return 1; }; \
	for b in evalcount evalcount-nopgo; do \
	  if [ $$b = evalcount ]; then echo "default build (default.pgo):"; else echo "built with -pgo=off:"; fi; \
	  for g in 7 omaha omaha-flush 2+3; do \
	    a=$$(count $$b $$g 1000000) && c=$$(count $$b $$g 3000000) || { echo "callgrind gave no count for $$g"; exit 1; }; \
	    echo "  $$g: $$(( (c - a) / 20000 )) centi-instructions per hand ($$c - $$a over 2,000,000 hands)"; done; done

## equity-instructions: instructions per equity computation, counted by
## callgrind on the equity package's two benchmarks (Hold'em exhaustive
## before the flop, 1,712,304 boards; Omaha sampled, 200,000 boards): the
## count of a run of 3 computations minus that of 1 (Omaha: 12 minus 2),
## so start-up cancels out. One worker and no garbage collector, so the
## count is the same run after run. The test binary is built without a
## profile, as go test builds it. EQUITY_TEST=<a test binary> counts
## another build (one of an earlier commit: go test -c -o ... ./equity).
EQUITY_TEST ?= $(BIN)/equity.test
equity-instructions:
	@command -v valgrind >/dev/null || apt-get install -y --no-install-recommends valgrind >/dev/null
	@mkdir -p $(BIN)
	@if [ "$(EQUITY_TEST)" = "$(BIN)/equity.test" ]; then cd services/evaluator && go test -c -o $(BIN)/equity.test ./equity; fi
	@count() { GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
	    $(EQUITY_TEST) -test.run '^$$' -test.bench "$$1" -test.benchtime "$$2x" 2>&1 | sed -n 's/.*Collected : //p'; }; \
	a=$$(count ComputeHoldemPreflopExhaustive 1) && c=$$(count ComputeHoldemPreflopExhaustive 3) && \
	echo "Hold'em preflop exhaustive: $$(( (c - a) / 2 )) instructions a computation" && \
	a=$$(count ComputeOmahaSampled 2) && c=$$(count ComputeOmahaSampled 12) && \
	echo "Omaha sampled: $$(( (c - a) / 10 )) instructions a computation"

## evaluator-pgo: profile the evaluator's work and write it where go build
## takes it (profile-guided optimisation: hot calls inlined across
## packages, Best7 into the loops that call it). One profile, of the
## service's equity and batch benchmarks and evalcount's loops, all built
## without a profile so the result does not depend on the one it replaces;
## the service's copy is services/evaluator/cmd/evaluator/default.pgo,
## evalcount's a link to it. Rerun it after a change to the evaluator's hot
## code, and commit both the profile and the change.
PGO_DIR := $(BIN)/.pgo
evaluator-pgo:
	@mkdir -p $(PGO_DIR)
	cd services/evaluator && go test -pgo=off -run '^$$' -bench Compute -benchtime 3s \
	  -cpuprofile $(PGO_DIR)/equity.pprof -o $(PGO_DIR)/equity.test ./equity
	cd services/evaluator && go test -pgo=off -run '^$$' -bench . -benchtime 2s \
	  -cpuprofile $(PGO_DIR)/batch.pprof -o $(PGO_DIR)/batch.test ./batch
	cd tools && go build -pgo=off -o $(PGO_DIR)/evalcount ./evalcount
	$(PGO_DIR)/evalcount -game 7 -n 400000000 -cpuprofile $(PGO_DIR)/evalcount-7.pprof
	$(PGO_DIR)/evalcount -game omaha -n 100000000 -cpuprofile $(PGO_DIR)/evalcount-omaha.pprof
	go tool pprof -proto $(PGO_DIR)/equity.pprof $(PGO_DIR)/batch.pprof \
	  $(PGO_DIR)/evalcount-7.pprof $(PGO_DIR)/evalcount-omaha.pprof > services/evaluator/cmd/evaluator/default.pgo
	rm -rf $(PGO_DIR)
