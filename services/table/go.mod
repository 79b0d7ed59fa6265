module github.com/croupier/croupier/services/table

go 1.26.8

replace (
	github.com/croupier/croupier/gen => ../../gen
	github.com/croupier/croupier/shared => ../../shared
)
