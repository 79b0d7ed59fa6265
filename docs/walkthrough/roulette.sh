# The operator opens a live European roulette table: cz rules, EUR, stakes €1–€1,000, results from
# the dealer's console, 60 s to bet (the dealer calls "no more bets" sooner, as here).
LIVE=$(rpc "Authorization: Bearer $OP" table.v1.BankedAdminService/CreateBankedTable '{"name":"Roulette live",
  "game":"BANKED_GAME_ROULETTE","profile":"cz","source":"RESULT_SOURCE_DEALER","currency":"EUR",
  "limits":{"table":{"min":100,"max":100000}},"bettingWindowMs":60000,"idempotencyKey":"roulette-live-1"}' | jq -r .table.tableId)
# The partner deposits €500 to Dave and opens his session; he joins the table and follows its rounds.
CAGE=$(rpc "X-Api-Key: $KEY" wallet.v1.WalletService/OpenAccount \
  '{"kind":"ACCOUNT_KIND_EXTERNAL","ownerId":"dev-partner","currency":"EUR"}' | jq -r .account.id)
A=$(rpc "X-Api-Key: $KEY" wallet.v1.WalletService/OpenAccount \
  '{"kind":"ACCOUNT_KIND_PLAYER","ownerId":"dave","currency":"EUR"}' | jq -r .account.id)
rpc "X-Api-Key: $KEY" wallet.v1.WalletService/Transfer '{"idempotencyKey":"deposit-dave-1","transfer":{"debitAccountId":"'$CAGE'",
  "creditAccountId":"'$A'","amount":{"amount":50000,"currency":"EUR"},"kind":"TRANSFER_KIND_DEPOSIT"}}' | jq -c .transfer.amount
#   {"amount":"50000","currency":"EUR"}
DAVE=$(rpc "X-Api-Key: $KEY" table.v1.SessionService/CreatePlayerSession '{"playerId":"dave"}' | jq -r .token)
rpc "Authorization: Bearer $DAVE" table.v1.BankedTableService/JoinBankedTable \
  '{"tableId":"'$LIVE'","displayName":"Dave","currency":"EUR"}'
#   {}
./bin/grpcurl -plaintext -H "Authorization: Bearer $DAVE" -d '{"table_id":"'$LIVE'"}' \
  127.0.0.1:8080 croupier.table.v1.BankedTableService/SubscribeRounds > /tmp/dave.json & SUB=$!
rpc "Authorization: Bearer $DAVE" table.v1.BankedTableService/GetBankedTable '{"tableId":"'$LIVE'"}' \
  | jq -c '.table | {round, phase, closesAt, joined, wheel: .summary.wheel}'
#   {"round":"1","phase":"ROUND_PHASE_BETTING","closesAt":"...","joined":true,"wheel":"single_zero"}
# €1 straight up on 17, €1 on the split 17-20 and €9 on voisins du zéro (9 chips of €1), all or none.
BETS='{"tableId":"'$LIVE'","round":1,"idempotencyKey":"dave-bets-1","bets":[{"betId":"s17","spot":"straight:17","amount":100},
  {"betId":"sp","spot":"split:20-17","amount":100},{"betId":"vz","spot":"voisins","amount":900}]}'
rpc "Authorization: Bearer $DAVE" table.v1.BankedTableService/PlaceBets "$BETS"
#   {"round":"1","bets":[{"betId":"s17","spot":"straight:17","amount":"100"},{"betId":"sp","spot":"split:17-20","amount":"100"},
#    {"betId":"vz","spot":"voisins","amount":"900"}],"stake":"1100"}
rpc "Authorization: Bearer $DAVE" table.v1.BankedTableService/PlaceBets "$BETS" | jq -c '{stake, replayed}'
#   {"stake":"1100","replayed":true}
# The dealer calls no more bets and reports the spin: wheel clockwise, ball anticlockwise, 12 revolutions,
# the ball in pocket 8 of the wheel's order (0, 32, 15, 19, 4, 21, 2, 25, 17, ...), number 17.
rpc "Authorization: Bearer $OP" table.v1.DealerConsoleService/CloseBetting '{"tableId":"'$LIVE'","round":1}'
#   {}
rpc "Authorization: Bearer $OP" table.v1.DealerConsoleService/ReportSpin '{"tableId":"'$LIVE'","round":1,"spin":{"pocket":8,
  "label":"17","wheelDirection":"SPIN_DIRECTION_CLOCKWISE","ballDirection":"SPIN_DIRECTION_ANTICLOCKWISE","revolutions":12}}'
#   {"verdict":"SPIN_VERDICT_VALID","winner":"17"}
# His settlement reaches his wallet a moment later: the straight pays 35:1 and keeps its stake (€36), the split
# 17:1 (€18), no piece of voisins covers 17 (€9 lost): €500 − €11 + €54 = €543.
for i in $(seq 50); do grep -q settlementPaid /tmp/dave.json && break; sleep 0.2; done; kill $SUB
jq -c '.events[] | select(.settlementPaid) | .settlementPaid' /tmp/dave.json
#   {"paid":"5400","returned":"200","lost":"900","won":"5200"}
rpc "Authorization: Bearer $DAVE" wallet.v1.WalletService/ListAccounts '{}' | jq -c '.accounts[] | {id, balance}'
#   {"id":"…","balance":"54300"}
rpc "Authorization: Bearer $DAVE" table.v1.BankedTableService/GetGameRecall '{"tableId":"'$LIVE'"}' \
  | jq -c '.rounds[0] | {round, winner, yourTotals}, .lines[].line'
#   {"round":"1","winner":"17","yourTotals":{"players":1,"bets":3,"staked":"1100","paid":"5400"}}
#   {"betId":"s17","spot":"straight:17","stake":"100","won":"3500","returned":"100"}
#   {"betId":"sp","spot":"split:17-20","stake":"100","won":"1700","returned":"100"}
#   {"betId":"vz","spot":"trio:0-2-3","stake":"200","lost":"200"}
#   {"betId":"vz","spot":"split:4-7","stake":"100","lost":"100"}
#   {"betId":"vz","spot":"split:12-15","stake":"100","lost":"100"}
#   {"betId":"vz","spot":"split:18-21","stake":"100","lost":"100"}
#   {"betId":"vz","spot":"split:19-22","stake":"100","lost":"100"}
#   {"betId":"vz","spot":"corner:25-26-28-29","stake":"200","lost":"200"}
#   {"betId":"vz","spot":"split:32-35","stake":"100","lost":"100"}
rpc "Authorization: Bearer $DAVE" table.v1.BankedTableService/ListRounds '{"tableId":"'$LIVE'"}'
#   {"rounds":[{"round":"1","roundId":"<LIVE>-r1","winner":"17","verdict":"SPIN_VERDICT_VALID","at":"..."}]}
# An RNG table: 3 s to bet, 1 s between rounds. The RNG draws each round's spin before betting opens and
# the table publishes its commitment then (GetBankedTable, RoundOpened); the spin shows after no more bets.
AUTO=$(rpc "Authorization: Bearer $OP" table.v1.BankedAdminService/CreateBankedTable '{"name":"Roulette RNG",
  "game":"BANKED_GAME_ROULETTE","profile":"cz","source":"RESULT_SOURCE_RNG","currency":"EUR",
  "limits":{"table":{"min":100,"max":100000}},"bettingWindowMs":3000,"pauseMs":1000,"idempotencyKey":"roulette-rng-1"}' \
  | jq -r .table.tableId)
rpc "Authorization: Bearer $DAVE" table.v1.BankedTableService/JoinBankedTable '{"tableId":"'$AUTO'","displayName":"Dave"}' >/dev/null
C=$(rpc "Authorization: Bearer $DAVE" table.v1.BankedTableService/GetBankedTable '{"tableId":"'$AUTO'"}' | jq -r .table.commitment)
rpc "Authorization: Bearer $DAVE" table.v1.BankedTableService/PlaceBets '{"tableId":"'$AUTO'","round":1,
  "idempotencyKey":"dave-rng-1","bets":[{"betId":"r","spot":"red","amount":500}]}' | jq -c '{round, stake}'
#   {"round":"1","stake":"500"}
for i in $(seq 40); do
  rpc "Authorization: Bearer $DAVE" table.v1.BankedTableService/ListRounds '{"tableId":"'$AUTO'"}' \
    | jq -e '.rounds | length > 0' >/dev/null && break
  sleep 0.5
done
PROOF=$(rpc "Authorization: Bearer $DAVE" table.v1.BankedTableService/GetRoundProof '{"tableId":"'$AUTO'","roundId":"'$AUTO'-r1"}')
jq -c '{roundId, revealed, won: .reveal.outcome.pocketLabel}' <<<"$PROOF"
#   {"roundId":"<AUTO>-r1","revealed":true,"won":"..."}
go run ./tools/croupierctl rng verify --commitment "$C" <<<"$PROOF"
#   OK round <AUTO>-r1: european ... (pocket ...) opens commitment ...
rpc "Authorization: Bearer $OP" table.v1.BankedAdminService/CloseBankedTable '{"tableId":"'$AUTO'","reason":"walk-through over"}'
#   {}
