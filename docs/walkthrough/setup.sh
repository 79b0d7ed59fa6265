make run | tee /tmp/croupier.txt
KEY=$(sed -n 's/.*X-Api-Key: //p' /tmp/croupier.txt)
OP=$(sed -n 's/.*operator token *Authorization: Bearer //p' /tmp/croupier.txt)
AUDITOR=$(sed -n 's/.*auditor token *Authorization: Bearer \([^ ]*\).*/\1/p' /tmp/croupier.txt)
rpc() { curl -s -H 'Content-Type: application/json' -H "$1" -d "$3" http://127.0.0.1:8080/croupier.$2; echo; }
curl -s -X POST -H 'Content-Type: application/json' -d '{"service":""}' \
  http://127.0.0.1:8080/grpc.health.v1.Health/Check
#   {"status":"SERVING_STATUS_SERVING"}
./bin/grpcurl -plaintext 127.0.0.1:8080 list
#   croupier.evaluator.v1.EvaluatorService
#   croupier.rng.v1.RngService
#   croupier.table.v1.SessionService
#   croupier.table.v1.TableAdminService
#   croupier.table.v1.TableService
#   croupier.tournament.v1.TournamentService
#   croupier.wallet.v1.WalletService
