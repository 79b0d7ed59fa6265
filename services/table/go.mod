module github.com/croupier/croupier/services/table

go 1.26.8
