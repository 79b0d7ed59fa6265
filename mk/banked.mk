# Banked games: the round engines (services/table/banked) and their return
# to player (shared/rtp).

.PHONY: banked-full rtp-agreement rtp-blackjack-agreement

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
# Blackjack's simulation against its exact RTP is left to
# rtp-blackjack-agreement, which test-full runs at 10^8 rounds: here it
# ran again at its default 4,000,000 rounds a variant (about 17 s of CPU).
banked-full:
	$(BANKED_PROPERTY_ENV) go test -count=1 -timeout 30m -skip '^TestSimulationAgreesWithExactRTP$$' ./shared/rtp/... ./services/table/banked/... ./services/table/house/ ./services/table/rtp/

test-full: banked-full

## rtp-agreement: the return-to-player checks at full size, printing their
## figures (issue 20, docs/rtp.md). Blackjack: the exact figure of each
## profile and two options each (shared/rtp/blackjack simVariants) against
## a simulation of RTP_ROUNDS rounds (10^8: SE 0.011 %), which must agree
## within 3 standard errors; each line prints the exact and simulated RTP,
## the SE, z, the rounds and the time (under a minute for the six on two
## cores). Then every casino poker figure the table service publishes
## without computing it at creation is recomputed (services/table/rtp,
## CROUPIER_RTP_EXACT=1: ComputeHoldem, ComputeCasinoTexas, the stud
## games' 10^8-round simulations; two to five minutes). `make test` runs
## the blackjack part at full size (rtp-blackjack-agreement, part of
## test-full).
RTP_ROUNDS ?= 100000000
rtp-agreement: rtp-blackjack-agreement
	CROUPIER_RTP_EXACT=1 go test -count=1 -v -timeout 60m -run 'Figures' ./services/table/rtp/

## rtp-blackjack-agreement: blackjack's exact RTP against RTP_ROUNDS
## simulated rounds for each profile and two options each; `make test`
## runs it (test-full), so CI shows the 10^8-round agreement.
rtp-blackjack-agreement:
	CROUPIER_RTP_ROUNDS=$(RTP_ROUNDS) go test -count=1 -v -timeout 120m -run '^TestSimulationAgreesWithExactRTP$$' ./shared/rtp/blackjack/ \
	  | grep -E '^(---|ok|FAIL|panic)|simulate_test'

test-full: rtp-blackjack-agreement
