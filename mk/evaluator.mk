# Hand evaluator targets (services/evaluator).

.PHONY: evaluator-full evaluator-bench evaluator-batch-time

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
	go test -run '^$$' -bench 'Random|BuildTables' -benchmem -cpu 1 -count 5 ./shared/rank
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
