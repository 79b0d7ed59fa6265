# Banked games: the round engines (services/table/banked) and their return
# to player (shared/rtp).

.PHONY: banked-full

## banked-full: the banked engines' property tests at full size (1,000,000
## random rounds per game and profile: blackjack, the casino poker family),
## the house tables' random rounds (services/table/house) and the
## return-to-player tests that only compute, without the race
## detector. Under -race the property tests run smaller and the computing
## tests skip themselves: they run on one goroutine, where the detector
## finds nothing and costs ten times the time. `make test` runs this
## target with PROPERTY_ROUNDS=$(CI_PROPERTY_ROUNDS) (the Makefile's test
## target), which keeps CI inside its time; PROPERTY_ROUNDS=<n> sets any
## size, empty is the full size.
PROPERTY_ROUNDS ?=
BANKED_PROPERTY_ENV = $(if $(PROPERTY_ROUNDS),$(foreach g,BLACKJACK CASINOHOLDEM CASINOTEXAS OASIS RUSSIANPOKER SPLITPOKER,$(g)_PROPERTY_ROUNDS=$(PROPERTY_ROUNDS)))
banked-full:
	$(BANKED_PROPERTY_ENV) go test -count=1 -timeout 30m ./shared/rtp/... ./services/table/banked/... ./services/table/house/

test-full: banked-full
