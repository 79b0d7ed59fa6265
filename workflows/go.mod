module github.com/croupier/croupier/workflows

go 1.26.8
