# RNG service targets (services/rng).

.PHONY: rng-report rng-stat

## rng-report: dieharder -a and ent over the RNG's raw and shuffle-derived
## output (>= 1 GiB each); writes docs/rng-report-<date>.txt. Installs
## dieharder and ent with apt-get when they are missing.
rng-report:
	BIN=$(BIN) tools/rngstream/report.sh
