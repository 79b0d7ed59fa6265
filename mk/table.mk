# Table service (services/table) and load generator (tools/loadgen) targets.

.PHONY: table-integration table-cluster-integration table-load

## table-integration: the table service's pod-loss test (two cmd/table
## processes on one Redis, one killed with SIGKILL at random moments for at
## least 1,000 hands) and leak test (at least 10,000 bot hands, every seat's
## and an observer's stream scanned) at full size without the race
## detector, and the banked pod-loss test (roulette tables through SIGKILLs,
## at least 40 rounds). `make integration` runs this target (and runs
## the pod-loss test under -race on the Redis Cluster), so CI runs it.
table-integration:
	cd tools && go test -tags integration -count=1 -timeout 20m -v -run '^(TestPodLoss|TestNoHiddenCardLeaks|TestNoUndealtCardInBlackjackStreams|TestNoHiddenCardInCasinoPokerStreams|TestBankedPodLoss)$$' ./loadgen/load/ \
	  | grep -E '^(---|ok|FAIL|panic)|pod loss:|leak scan:|_test\.go:[0-9]+:'

## table-cluster-integration: the table service's integration suite and
## its store's, the RNG's Redis store's and the pod-loss test (race size)
## again on a Redis Cluster of three masters that each test binary starts
## on loopback and stops (CROUPIER_TEST_REDIS_CLUSTER=1; needs
## redis-server 7 on PATH and fails without it). The two request-refusal
## tests (TestRefusalChangesNothing, TestIdempotencyKeyIsOneRequest: 40 s
## of request validation on the same store calls) run on one Redis only.
## Of tools/tabletest only the tests tagged integration run here: its
## other tests run the core on miniredis whatever the environment says, so
## they would repeat `make test`'s race run of them (about 100 s of CI).
## `make integration` runs it, so CI does.
table-cluster-integration:
	CROUPIER_TEST_REDIS_CLUSTER=1 go test -race -count=1 -timeout 15m -tags integration -p 1 \
	  -run '^($(INTEGRATION_TESTS))$$' -skip '^(TestRefusalChangesNothing|TestIdempotencyKeyIsOneRequest)$$' \
	  ./tools/tabletest/
	CROUPIER_TEST_REDIS_CLUSTER=1 go test -race -count=1 -timeout 15m -tags integration -p 1 \
	  ./services/table/store/ ./services/rng/redisstore/
	cd tools && CROUPIER_TEST_REDIS_CLUSTER=1 go test -race -count=1 -timeout 15m -tags integration \
	  -run '^TestPodLoss$$' ./loadgen/load/


## table-load: bots through the public API for 30 s with the services in
## this process on the real Redis (ARGS="-addr http://127.0.0.1:8080
## -operator-token ... -api-key ..." targets `make run` instead). The last
## line is actions/s=<n> p99_ms=<n> hands=<n> errors=<n>.
table-load:
	go run ./tools/loadgen $(ARGS)
