module github.com/croupier/croupier/services/wallet

go 1.26.8
