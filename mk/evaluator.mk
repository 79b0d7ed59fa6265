# Hand evaluator targets (services/evaluator).

.PHONY: evaluator-full evaluator-bench evaluator-batch-time evaluator-instructions

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
## two-plus-three),
## counted by callgrind (tools/evalcount): the whole run's count at
## 3,000,000 hands minus that at 1,000,000, over 2,000,000, so dealing and
## start-up cancel out. Stable when the machine is busy. PGO=1 builds
## evalcount with a profile of itself, as a release build with a
## default.pgo would be.
EVALCOUNT_ENV := GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1
evaluator-instructions:
	@command -v valgrind >/dev/null || apt-get install -y --no-install-recommends valgrind >/dev/null
	@mkdir -p $(BIN)
	@cd tools && go build -o $(BIN)/evalcount ./evalcount
	@if [ -n "$(PGO)" ]; then \
	  $(BIN)/evalcount -game 7 -n 30000000 -cpuprofile $(BIN)/.evalcount-7.pprof >/dev/null && \
	  $(BIN)/evalcount -game omaha -n 10000000 -cpuprofile $(BIN)/.evalcount-omaha.pprof >/dev/null && \
	  go tool pprof -proto $(BIN)/.evalcount-7.pprof $(BIN)/.evalcount-omaha.pprof > $(BIN)/.evalcount.pprof 2>/dev/null && \
	  (cd tools && go build -pgo=$(BIN)/.evalcount.pprof -o $(BIN)/evalcount ./evalcount); fi
	@# callgrind now and then dies on a runtime signal: each count gets three tries.
	@count() { for try in 1 2 3; do \
	    c=$$($(EVALCOUNT_ENV) valgrind --tool=callgrind --callgrind-out-file=/dev/null $(BIN)/evalcount -game $$1 -n $$2 2>&1 | sed -n 's/.*Collected : //p'); \
	    if [ -n "$$c" ]; then echo "$$c"; return 0; fi; done; return 1; }; \
	for g in 7 omaha omaha-flush 2+3; do \
	  a=$$(count $$g 1000000) && b=$$(count $$g 3000000) || { echo "callgrind gave no count for $$g"; exit 1; }; \
	  echo "$$g: $$(( (b - a) / 20000 )) centi-instructions per hand ($$b - $$a over 2,000,000 hands)"; done
