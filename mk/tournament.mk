# Tournament service (services/tournament) targets.

.PHONY: e2e-tournament tournament-sim

## e2e-tournament: a 200-entrant tournament with fast levels, end to end:
## an in-process Temporal server (temporaltest), the real table service on
## the real Redis (CROUPIER_TEST_REDIS_ADDR, default 127.0.0.1:6379) with
## the wallet and RNG, bots at every seat, the worker stopped and started
## again three times during play; the prize pool, fees and payouts are
## reconciled against the ledger. ARGS="-entrants 500 -level 30s ..."
## changes the run. The last line is entrants=<n> completed=<bool>
## restarts=<n> payout_total=<n> ledger_ok=<bool> missed_hands=<n>
## dead_big_blinds=<n> called_clocks=<n> (what moved players missed and
## posted dead at the real tables, H.29(c), H.35, and the hands in which
## the floor called the clock, on every turn of the no-show and one bot turn
## in twenty, H.28(b); the line before it
## has what the moves planned and the clocks called). `make integration` runs
## a 24-entrant version with one restart (TestTournamentEndToEnd).
e2e-tournament:
	go run ./tools/tournament/cmd/tournament-e2e $(ARGS)

## tournament-sim: the scale run — 10,000 entrants by default on the real
## workflow, an in-process Temporal server and a worker restarted during
## play, with the tables, wallet and RNG in memory (ARGS="-entrants 1000").
## It prints the wall time, the largest workflow history (events, KiB) and
## the balancing moves (docs/tournament.md has the figures).
tournament-sim:
	go run ./tools/tournament/cmd/tournament-sim $(ARGS)
