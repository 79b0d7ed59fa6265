module github.com/croupier/croupier/services/evaluator

go 1.26.8

replace (
	github.com/croupier/croupier/gen => ../../gen
	github.com/croupier/croupier/shared => ../../shared
)

require (
	github.com/croupier/croupier/shared v0.0.0
	golang.org/x/sys v0.47.0
)
