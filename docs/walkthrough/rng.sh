S=$(rpc "Authorization: Bearer $OP" rng.v1.RngService/Shuffle \
  '{"decks":8,"cutCard":{"minFromFront":1,"minFromEnd":52},"idempotencyKey":"hand-1"}')
ID=$(jq -r .outcome.id <<<"$S")
jq -c '{id: .outcome.id, kind: .outcome.kind, cards: (.outcome.cards | length)}' <<<"$S"
#   {"id":"...","kind":"OUTCOME_KIND_SHUFFLE","cards":416}
rpc "Authorization: Bearer $OP" rng.v1.RngService/Close '{"outcomeId":"'$ID'"}'
#   {"closedAt":"...
go run ./tools/croupierctl rng verify --addr http://127.0.0.1:8080 --id "$ID" --token "$OP"
#   OK outcome ... (shuffle of 8 decks, top card ..., cut card at ...) matches commitment ...
go run ./tools/croupierctl rng verify-audit --addr http://127.0.0.1:8080 --token "$AUDITOR"
#   OK ... records, last hash ...
