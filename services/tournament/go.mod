module github.com/croupier/croupier/services/tournament

go 1.26.8
