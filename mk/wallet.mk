# Wallet (services/wallet) targets.

WALLET_DSN ?= $(or $(CROUPIER_TEST_POSTGRES_DSN),postgres://postgres@127.0.0.1:5432/test?sslmode=disable)
# wallet-bench: transfers per Go benchmark run, pgbench seconds per run,
# runs (the best of each is reported), pgbench scale (>= clients, so the
# 64 clients do not all queue on one branch row).
WALLET_BENCH_TRANSFERS ?= 60000
WALLET_BENCH_SECONDS ?= 30
WALLET_BENCH_RUNS ?= 3
WALLET_PGBENCH_SCALE ?= 64

.PHONY: wallet-model wallet-model-postgres wallet-bench wallet-fuzz

## wallet-model: the concurrent model test at full size (100,000 transfers
## and holds from 32 goroutines) on SQLite without the race detector; under
## `go test -race` the same test runs 10,000. `make test` runs it, so CI does.
wallet-model:
	cd services/wallet && go test -count=1 -timeout 30m -run '^TestConcurrentModelOnSQLite$$' -v ./ledger/ | grep -E '^(---|ok|FAIL|panic)|model_test'

test-full: wallet-model

## wallet-model-postgres: the same model at full size against the real
## PostgreSQL, without the race detector (the integration suite's -race
## run leaves it out; the model runs under -race on SQLite in make test).
wallet-model-postgres:
	cd services/wallet && CROUPIER_TEST_POSTGRES_DSN='$(WALLET_DSN)' go test -tags integration -count=1 -timeout 30m \
	  -run '^TestConcurrentModelOnPostgres$$' -v ./ledger/ | grep -E '^(---|ok|FAIL|panic)|model_test'


## wallet-bench: single transfers/s with 64 concurrent clients through the
## ledger core on the real PostgreSQL (BenchmarkTransferPostgres), and
## `pgbench -b tpcb-like -c 64` on the same server in the same run, on its
## own scratch database; prints the best of each and their ratio.
wallet-bench:
	@command -v pgbench >/dev/null || { echo "wallet-bench: pgbench is missing (apt-get install postgresql-client)"; exit 1; }
	@db=wallet_pgbench_$$$$; \
	pgdsn=$$(echo '$(WALLET_DSN)' | sed -E "s#^(postgres(ql)?://[^/]*/)[^?]*#\1$$db#"); \
	psql '$(WALLET_DSN)' -qc "CREATE DATABASE $$db"; \
	trap "psql '$(WALLET_DSN)' -qc 'DROP DATABASE IF EXISTS $$db WITH (FORCE)'" EXIT; \
	pgbench -i -q -s $(WALLET_PGBENCH_SCALE) "$$pgdsn" 2>&1 | tail -1; \
	best_pg=0; best_w=0; \
	for run in $$(seq 1 $(WALLET_BENCH_RUNS)); do \
	  pg=$$(pgbench -b tpcb-like -c 64 -j 2 -T $(WALLET_BENCH_SECONDS) "$$pgdsn" 2>/dev/null | awk '/^tps = /{print $$3}'); \
	  w=$$(cd services/wallet && CROUPIER_TEST_POSTGRES_DSN='$(WALLET_DSN)' go test -tags integration -count=1 -run '^$$' \
	        -bench '^BenchmarkTransferPostgres$$' -benchtime $(WALLET_BENCH_TRANSFERS)x ./ledger/ \
	        | awk '{for (i = 2; i <= NF; i++) if ($$i == "transfers/s") print $$(i-1)}'); \
	  echo "run $$run: pgbench tpcb-like -c 64: $$pg tps; wallet: $$w transfers/s"; \
	  best_pg=$$(awk -v a=$$best_pg -v b=$$pg 'BEGIN{print (b > a) ? b : a}'); \
	  best_w=$$(awk -v a=$$best_w -v b=$$w 'BEGIN{print (b > a) ? b : a}'); \
	done; \
	echo "pgbench tpcb-like -c 64 -s $(WALLET_PGBENCH_SCALE): $$best_pg tps (best of $(WALLET_BENCH_RUNS))"; \
	echo "wallet single transfers, 64 clients: $$best_w transfers/s (best of $(WALLET_BENCH_RUNS))"; \
	awk -v w=$$best_w -v p=$$best_pg 'BEGIN{printf "ratio wallet/pgbench: %.2f (targets: >= 10000 transfers/s, ratio >= 4)\n", w / p}'

## wallet-fuzz: each wallet fuzz target for FUZZTIME (default 30s).
FUZZTIME ?= 30s
wallet-fuzz:
	cd services/wallet && for f in $$(go test -list 'Fuzz.*' ./api/ | grep ^Fuzz); do \
	  go test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) ./api/ || exit 1; done
