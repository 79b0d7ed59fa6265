module github.com/croupier/croupier/services/evaluator

go 1.26.8

replace (
	github.com/croupier/croupier/gen => ../../gen
	github.com/croupier/croupier/shared => ../../shared
)

require (
	github.com/croupier/croupier/shared v0.0.0
	go.opentelemetry.io/otel v1.46.0
	go.opentelemetry.io/otel/trace v1.46.0
	golang.org/x/sys v0.47.0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/golang-jwt/jwt/v5 v5.3.1 // indirect
	golang.org/x/net v0.58.0 // indirect
	golang.org/x/text v0.41.0 // indirect
	google.golang.org/grpc v1.83.2 // indirect
)

require (
	connectrpc.com/connect v1.19.1
	github.com/croupier/croupier/gen v0.0.0
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260825221802-da73d73af1c5 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
)
