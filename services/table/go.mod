module github.com/croupier/croupier/services/table

go 1.26.8

replace (
	github.com/croupier/croupier/gen => ../../gen
	github.com/croupier/croupier/services/evaluator => ../evaluator
	github.com/croupier/croupier/shared => ../../shared
)

require (
	connectrpc.com/connect v1.19.1
	github.com/alicebob/miniredis/v2 v2.40.0
	github.com/croupier/croupier/services/evaluator v0.0.0-00010101000000-000000000000
	github.com/croupier/croupier/shared v0.0.0
	github.com/redis/go-redis/v9 v9.23.0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/yuin/gopher-lua v1.1.1 // indirect
	go.uber.org/atomic v1.12.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260825221802-da73d73af1c5 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
)
