module github.com/croupier/croupier/services/rng

go 1.26.8
