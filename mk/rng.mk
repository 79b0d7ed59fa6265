# RNG service targets (services/rng).

.PHONY: rng-report rng-stat

## rng-report: dieharder and ent over the RNG's raw and shuffle-derived
## output (>= 1 GiB each; the raw dieharder -a battery reads about 250 GB);
## writes docs/rng-report-<date>.txt. Installs dieharder and ent with
## apt-get when they are missing. RNG_REPORT_WORK=<dir> resumes an
## interrupted run (see tools/rngstream/report.sh).
rng-report:
	BIN=$(BIN) tools/rngstream/report.sh

## rng-stat: the RNG's chi-square suite at full size (1,000,000 shuffles,
## spins and bounded draws per test) without the race detector, which would
## make it ten times slower; `make test` runs the suite at a reduced size
## under -race and depends on this target for the full size.
rng-stat:
	go test -count=1 -timeout 10m -v -run 'ChiSquare' ./services/rng/... | grep -E '^(ok|FAIL|---|panic)|chi2='

test-full: rng-stat
