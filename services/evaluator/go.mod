module github.com/croupier/croupier/services/evaluator

go 1.26.8
