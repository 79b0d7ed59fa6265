# The operator opens a table: No Limit Hold'em €0.50/€1, buy-in €20–200, 60 s to act, 60 s between hands,
# the first button on seat 1.
T=$(rpc "Authorization: Bearer $OP" table.v1.TableAdminService/CreateTable '{"name":"NL 0.50/1",
  "game":"GAME_HOLDEM","structure":"BETTING_STRUCTURE_NO_LIMIT","maxSeats":6,"firstButton":1,"clock":{"actionSeconds":60,"handPauseMs":60000},
  "stakes":{"currency":"EUR","exponent":2,"smallBlind":50,"bigBlind":100,"minBuyIn":2000,"maxBuyIn":20000}}' | jq -r .table.tableId)
# The partner deposits €500 from its cage to each player (as stack.Fund does) and opens their sessions.
CAGE=$(rpc "X-Api-Key: $KEY" wallet.v1.WalletService/OpenAccount \
  '{"kind":"ACCOUNT_KIND_EXTERNAL","ownerId":"dev-partner","currency":"EUR"}' | jq -r .account.id)
for p in alice bob; do
  A=$(rpc "X-Api-Key: $KEY" wallet.v1.WalletService/OpenAccount \
    '{"kind":"ACCOUNT_KIND_PLAYER","ownerId":"'$p'","currency":"EUR"}' | jq -r .account.id)
  rpc "X-Api-Key: $KEY" wallet.v1.WalletService/Transfer '{"idempotencyKey":"deposit-'$p'-1","transfer":{"debitAccountId":"'$CAGE'",
    "creditAccountId":"'$A'","amount":{"amount":50000,"currency":"EUR"},"kind":"TRANSFER_KIND_DEPOSIT"}}'
done
ALICE=$(rpc "X-Api-Key: $KEY" table.v1.SessionService/CreatePlayerSession '{"playerId":"alice"}' | jq -r .token)
BOB=$(rpc "X-Api-Key: $KEY" table.v1.SessionService/CreatePlayerSession '{"playerId":"bob"}' | jq -r .token)
./bin/grpcurl -plaintext -H "Authorization: Bearer $ALICE" -d '{"table_id":"'$T'"}' \
  127.0.0.1:8080 croupier.table.v1.TableService/Subscribe > /tmp/alice.json &     # kill %1 when done
rpc "Authorization: Bearer $ALICE" table.v1.TableService/TakeSeat \
  '{"tableId":"'$T'","seat":0,"buyIn":{"amount":10000,"currency":"EUR"},"idempotencyKey":"alice-1","displayName":"Alice"}'
rpc "Authorization: Bearer $BOB" table.v1.TableService/TakeSeat \
  '{"tableId":"'$T'","seat":-1,"buyIn":{"amount":10000,"currency":"EUR"},"idempotencyKey":"bob-1","displayName":"Bob"}'
#   {"stack":"10000"}   {"seat":1,"stack":"10000"}
rpc "Authorization: Bearer $ALICE" table.v1.TableService/GetTable '{"tableId":"'$T'"}' | jq -c .table.hand
#   {"handId":"<T>-1","handNumber":"1","street":"preflop","potTotal":"150","buttonSeat":1,...,"legalActions":[
#    {"kind":"ACTION_KIND_FOLD"},{"kind":"ACTION_KIND_CALL","minAmount":"100","maxAmount":"100"},
#    {"kind":"ACTION_KIND_RAISE","minAmount":"200","maxAmount":"10000","step":"1"},...],"shoeCommitment":"...","phase":"betting"}
rpc "Authorization: Bearer $ALICE" table.v1.TableService/Act \
  '{"tableId":"'$T'","handId":"'$T'-1","actionSeq":0,"kind":"ACTION_KIND_RAISE","amount":300}'
#   {"kind":"ACTION_KIND_RAISE","amount":"300","nextActionSeq":"1","stack":"9700"}
./bin/grpcurl -plaintext -H "Authorization: Bearer $BOB" -d @ 127.0.0.1:8080 croupier.table.v1.TableService/Play <<EOF
{"subscribe": {"table_id": "$T"}}
{"command_id": 1, "act": {"hand_id": "$T-1", "action_seq": 1, "kind": "ACTION_KIND_FOLD"}}
EOF
rpc "Authorization: Bearer $BOB" table.v1.TableService/StandUp '{"tableId":"'$T'","idempotencyKey":"bob-up-1"}'
#   {"cashedOut":{"amount":"9900","currency":"EUR"}}
rpc "Authorization: Bearer $BOB" wallet.v1.WalletService/ListAccounts '{}' | jq -c '.accounts[] | {id, balance}'
#   {"id":"…","balance":"49900"}
rpc "Authorization: Bearer $ALICE" table.v1.TableService/GetHandHistory \
  '{"tableId":"'$T'","handId":"'$T'-1","format":"pokerstars"}' | jq -r .text
#   PokerStars Hand #...:  Hold'em No Limit (€0.50/€1.00 EUR) ... Alice: raises €2 to €3 ... Bob: folds
P=$(rpc "Authorization: Bearer $ALICE" table.v1.TableService/GetFairnessProof '{"tableId":"'$T'","handId":"'$T'-1"}')
jq -c '{revealed, rngOutcomeId, opened: [.proof.openings[] | "\(.position // 0):\(.card)"]}' <<<"$P"
#   {"revealed":true,"rngOutcomeId":"...","opened":["0:...","2:..."]}
go run ./tools/croupierctl rng verify-proof <<<"$P"
#   OK hand ...: 2 of 52 shoe positions open to commitment
