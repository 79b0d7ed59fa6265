module github.com/croupier/croupier/web

go 1.26.8
