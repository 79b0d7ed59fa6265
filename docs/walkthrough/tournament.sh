A=$(rpc "X-Api-Key: $KEY" wallet.v1.WalletService/OpenAccount \
  '{"kind":"ACCOUNT_KIND_PLAYER","ownerId":"carol","currency":"EUR"}' | jq -r .account.id)
rpc "X-Api-Key: $KEY" wallet.v1.WalletService/Transfer '{"idempotencyKey":"deposit-carol-1","transfer":{"debitAccountId":"'$CAGE'",
  "creditAccountId":"'$A'","amount":{"amount":5000,"currency":"EUR"},"kind":"TRANSFER_KIND_DEPOSIT"}}' | jq -c .transfer.amount
#   {"amount":"5000","currency":"EUR"}
START=$(date -u -d '+30 seconds' +%Y-%m-%dT%H:%M:%SZ)
TN=$(rpc "Authorization: Bearer $OP" tournament.v1.TournamentService/CreateTournament '{"name":"Freeze-out","startsAt":"'$START'",
  "idempotencyKey":"freeze-1","structure":{"game":"holdem","buyIn":{"amount":1000,"currency":"EUR"},
  "fee":{"amount":100,"currency":"EUR"},"feeRule":"FEE_RULE_GREEK","startingStack":1000,"seatsPerTable":6,
  "levels":[{"smallBlind":10,"bigBlind":20,"durationSeconds":600}],"payoutMode":"PAYOUT_MODE_BY_PLACE",
  "payoutBps":[10000],"minEntrants":2,"maxEntrants":10,"clock":{"actionSeconds":5,"handPauseMs":1000}}}' \
  | jq -r .tournament.tournamentId)
for p in alice bob carol; do
  rpc "X-Api-Key: $KEY" tournament.v1.TournamentService/Register \
    '{"tournamentId":"'$TN'","idempotencyKey":"reg-'$p'","playerId":"'$p'","displayName":"'$p'"}'
done
#   {"registered":true,"entrants":1}
#   {"registered":true,"entrants":2}
#   {"registered":true,"entrants":3}
rpc "X-Api-Key: $KEY" tournament.v1.TournamentService/Unregister \
  '{"tournamentId":"'$TN'","idempotencyKey":"unreg-carol","playerId":"carol"}'
#   {"refunded":{"amount":"1100","currency":"EUR"}}
until rpc "Authorization: Bearer $OP" tournament.v1.TournamentService/GetTournament '{"tournamentId":"'$TN'"}' \
  | jq -e '.tournament.state | test("RUNNING|FINAL_TABLE")' >/dev/null; do sleep 1; done
rpc "Authorization: Bearer $OP" tournament.v1.TournamentService/GetStandings '{"tournamentId":"'$TN'"}' \
  | jq -c '{state, level, standings: [.standings[] | {displayName, status, chips, tableId}]}'
#   {"state":"TOURNAMENT_STATE_FINAL_TABLE","level":1,"standings":[{"displayName":"...","status":"PLAYER_STATUS_PLAYING"
rpc "X-Api-Key: $KEY" tournament.v1.TournamentService/Unregister \
  '{"tournamentId":"'$TN'","idempotencyKey":"unreg-alice","playerId":"alice"}' | jq -c '{code}'
#   {"code":"..."}
