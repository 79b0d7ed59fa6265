module github.com/croupier/croupier/workflows

go 1.26.8

replace (
	github.com/croupier/croupier/gen => ../gen
	github.com/croupier/croupier/shared => ../shared
)

require github.com/croupier/croupier/shared v0.0.0-00010101000000-000000000000

require (
	connectrpc.com/connect v1.19.1 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260825221802-da73d73af1c5 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
)
