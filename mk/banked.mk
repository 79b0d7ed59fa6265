# Banked games: the round engines (services/table/banked) and their return
# to player (shared/rtp).

.PHONY: banked-full

## banked-full: the banked engines' property tests at full size (1,000,000
## random blackjack rounds per profile) and the return-to-player tests that
## only compute, without the race detector. Under -race (`make test`) the
## property tests run smaller and the computing tests skip themselves:
## they run on one goroutine, where the detector finds nothing and costs
## ten times the time. `make test` depends on this target.
banked-full:
	go test -count=1 -timeout 30m ./shared/rtp/... ./services/table/banked/...

test-full: banked-full
