# The operator opens a live blackjack table: cz rules (6 decks, no hole card, 3:2, up to 3 players a box),
# EUR, €5–€500 a box, the cards from the dealer's shoe reader, 60 s to bet.
BJ=$(rpc "Authorization: Bearer $OP" table.v1.BankedAdminService/CreateBankedTable '{"name":"Blackjack live",
  "game":"BANKED_GAME_BLACKJACK","profile":"cz","source":"RESULT_SOURCE_DEALER","currency":"EUR",
  "limits":{"table":{"min":500,"max":50000}},"bettingWindowMs":60000,"idempotencyKey":"blackjack-live-1"}' | jq -r .table.tableId)
rpc "Authorization: Bearer $OP" table.v1.BankedTableService/GetBankedTable '{"tableId":"'$BJ'"}' \
  | jq -c '.table | {round, phase, limits: .summary.limits.table, clock: .blackjack.decisionClockMs}'
#   {"round":"1","phase":"ROUND_PHASE_BETTING","limits":{"min":"500","max":"50000"},"clock":15000}
# Erin and Finn, two new players, each get €500 and a session and join the table; Finn follows its stream.
for P in erin finn; do
  A=$(rpc "X-Api-Key: $KEY" wallet.v1.WalletService/OpenAccount \
    '{"kind":"ACCOUNT_KIND_PLAYER","ownerId":"'$P'","currency":"EUR"}' | jq -r .account.id)
  rpc "X-Api-Key: $KEY" wallet.v1.WalletService/Transfer '{"idempotencyKey":"deposit-'$P'-1","transfer":{"debitAccountId":"'$CAGE'",
    "creditAccountId":"'$A'","amount":{"amount":50000,"currency":"EUR"},"kind":"TRANSFER_KIND_DEPOSIT"}}' >/dev/null
done
ERIN=$(rpc "X-Api-Key: $KEY" table.v1.SessionService/CreatePlayerSession '{"playerId":"erin"}' | jq -r .token)
FINN=$(rpc "X-Api-Key: $KEY" table.v1.SessionService/CreatePlayerSession '{"playerId":"finn"}' | jq -r .token)
rpc "Authorization: Bearer $ERIN" table.v1.BankedTableService/JoinBankedTable '{"tableId":"'$BJ'","displayName":"Erin"}'
#   {}
rpc "Authorization: Bearer $FINN" table.v1.BankedTableService/JoinBankedTable '{"tableId":"'$BJ'","displayName":"Finn"}'
#   {}
./bin/grpcurl -plaintext -H "Authorization: Bearer $FINN" -d '{"table_id":"'$BJ'"}' \
  127.0.0.1:8080 croupier.table.v1.BankedTableService/SubscribeRounds > /tmp/finn.json & SUB=$!
# Erin bets €20 on box 3 and owns it; Finn bets €10 behind her on the same box (cz §2: she decides for it).
rpc "Authorization: Bearer $ERIN" table.v1.BankedTableService/PlaceBets '{"tableId":"'$BJ'","round":1,"idempotencyKey":"erin-bj-1",
  "bets":[{"betId":"e1","spot":"box:3","amount":2000}]}' | jq -c '{round, stake}'
#   {"round":"1","stake":"2000"}
rpc "Authorization: Bearer $FINN" table.v1.BankedTableService/PlaceBets '{"tableId":"'$BJ'","round":1,"idempotencyKey":"finn-bj-1",
  "bets":[{"betId":"f1","spot":"box:3","amount":1000}]}' | jq -c '{round, stake}'
#   {"round":"1","stake":"1000"}
# The dealer calls no more bets, shuffles (cut 120 cards from the front, the reshuffle marker after card 230)
# and the shoe reader reports each card with its place in the shoe: three burns (cz §3.6), then box 3, the
# dealer's one card (no hole card), box 3 again.
rpc "Authorization: Bearer $OP" table.v1.DealerConsoleService/CloseBetting '{"tableId":"'$BJ'","round":1}'
#   {}
rpc "Authorization: Bearer $OP" table.v1.DealerConsoleService/ShuffleShoe '{"tableId":"'$BJ'","cut":120,"marker":230}'
#   {}
deal() { rpc "Authorization: Bearer $OP" table.v1.DealerConsoleService/DealCard \
  '{"tableId":"'$BJ'","card":"'$1'","shoePosition":'$2',"burn":'${3:-false}'}'; }
deal Kc 1 true; deal 2d 2 true; deal 9h 3 true; deal 6s 4; deal 6d 5; deal 5h 6
#   {}
# Erin's 11 against the dealer's 6: her view lists her moves, the double at exactly her stake (cz §6.6).
rpc "Authorization: Bearer $ERIN" table.v1.BankedTableService/GetBankedTable '{"tableId":"'$BJ'"}' \
  | jq -c '.table.blackjack | (.boxes[].hands[] | {cards, total}), {dealer, turn: .turn.player},
      (.legal[] | [.action, .min // empty])'
#   {"cards":["6s","5h"],"total":11}
#   {"dealer":["6d"],"turn":"Erin"}
#   ["BLACKJACK_ACTION_SURRENDER"]
#   ["BLACKJACK_ACTION_HIT"]
#   ["BLACKJACK_ACTION_STAND"]
#   ["BLACKJACK_ACTION_DOUBLE","2000"]
rpc "Authorization: Bearer $ERIN" table.v1.BlackjackService/PlayBlackjack '{"tableId":"'$BJ'","round":1,"idempotencyKey":"erin-bj-2",
  "kind":"BLACKJACK_MOVE_KIND_DECIDE","box":3,"hand":1,"action":"BLACKJACK_ACTION_DOUBLE","amount":2000}' | jq -c .
#   {"round":"1","stake":"2000"}
# Her double waits for Finn, who decides for his own stake behind her (cz §8): he doubles too.
rpc "Authorization: Bearer $FINN" table.v1.BankedTableService/GetBankedTable '{"tableId":"'$BJ'"}' \
  | jq -c '.table.blackjack | .turn.seq as $seq | .legal[] | {kind, max, decline, seq: $seq}'
#   {"kind":"BLACKJACK_MOVE_KIND_FOLLOW","max":"1000","decline":null,"seq":2}
#   {"kind":"BLACKJACK_MOVE_KIND_FOLLOW","max":null,"decline":true,"seq":2}
rpc "Authorization: Bearer $FINN" table.v1.BlackjackService/PlayBlackjack '{"tableId":"'$BJ'","round":1,"idempotencyKey":"finn-bj-2",
  "kind":"BLACKJACK_MOVE_KIND_FOLLOW","box":3,"hand":1,"action":"BLACKJACK_ACTION_DOUBLE","amount":1000,"seq":2}' | jq -c .
#   {"round":"1","stake":"1000"}
# The doubled hand takes one card, 9c: 20. The dealer draws to 17 (cz §6.7): 6d Ts 8h, 24, bust.
deal 9c 7; deal Ts 8; deal 8h 9
#   {}
for i in $(seq 50); do grep -q settlementPaid /tmp/finn.json && break; sleep 0.2; done; kill $SUB
jq -c '.events[] | .blackjack | select(.kind == "dealt" and .to != "burn") | [.to, .box, .card, .total]' /tmp/finn.json
#   ["box",3,"6s",6]
#   ["dealer",null,"6d",6]
#   ["box",3,"5h",11]
#   ["box",3,"9c",20]
#   ["dealer",null,"Ts",16]
#   ["dealer",null,"8h",24]
# Finn's stake and his double each win 1:1: €500 − €20 + €40 = €520. Erin's, twice his, €540.
jq -c '.events[] | select(.settlementPaid) | .settlementPaid' /tmp/finn.json
#   {"paid":"4000","returned":"2000","won":"2000"}
for T in $ERIN $FINN; do
  rpc "Authorization: Bearer $T" wallet.v1.WalletService/ListAccounts '{}' | jq -c '.accounts[] | {ownerId, balance}'; done
#   {"ownerId":"erin","balance":"54000"}
#   {"ownerId":"finn","balance":"52000"}
# Game recall: Finn's own lines, each stake by what it was put on; the felt as it ended.
rpc "Authorization: Bearer $FINN" table.v1.BankedTableService/GetGameRecall '{"tableId":"'$BJ'"}' \
  | jq -c '.rounds[0] | {round, yourTotals}, (.lines[].line | {spot, stake, won}), {dealer: .blackjack.dealer}'
#   {"round":"1","yourTotals":{"players":1,"bets":1,"staked":"2000","paid":"4000"}}
#   {"spot":"box:3/hand:1/original","stake":"1000","won":"1000"}
#   {"spot":"box:3/hand:1/double","stake":"1000","won":"1000"}
#   {"dealer":["6d","Ts","8h"]}
# At an RNG table the shoe is the RNG's shuffle, sealed in the table: its commitment is public when the
# shoe starts, and a round's proof reveals the shoe only once the table no longer deals from it.
AUTO=$(rpc "Authorization: Bearer $OP" table.v1.BankedAdminService/CreateBankedTable '{"name":"Blackjack RNG",
  "game":"BANKED_GAME_BLACKJACK","profile":"cz","source":"RESULT_SOURCE_RNG","currency":"EUR",
  "limits":{"table":{"min":500,"max":50000}},"bettingWindowMs":3000,"idempotencyKey":"blackjack-rng-1"}' \
  | jq -r .table.tableId)
rpc "Authorization: Bearer $FINN" table.v1.BankedTableService/JoinBankedTable '{"tableId":"'$AUTO'","displayName":"Finn"}' >/dev/null
rpc "Authorization: Bearer $FINN" table.v1.BankedTableService/PlaceBets '{"tableId":"'$AUTO'","round":1,"idempotencyKey":"finn-rng-1",
  "bets":[{"betId":"f1","spot":"box:1","amount":500}]}' | jq -c '{round, stake}'
#   {"round":"1","stake":"500"}
# Finn stands on whatever he gets; the clock would do it for him after 15 s.
for i in $(seq 40); do
  V=$(rpc "Authorization: Bearer $FINN" table.v1.BankedTableService/GetBankedTable '{"tableId":"'$AUTO'"}')
  jq -e '.table.blackjack.turn.player == "Finn"' <<<"$V" >/dev/null && break
  jq -e '.table.round != "1" or .table.phase == "ROUND_PHASE_SETTLED"' <<<"$V" >/dev/null && break
  sleep 0.5
done
rpc "Authorization: Bearer $FINN" table.v1.BlackjackService/PlayBlackjack '{"tableId":"'$AUTO'","round":1,"idempotencyKey":"finn-rng-2",
  "kind":"BLACKJACK_MOVE_KIND_DECIDE","box":1,"hand":1,"action":"BLACKJACK_ACTION_STAND","seq":'$(jq '.table.blackjack.turn.seq // 0' <<<"$V")'}' >/dev/null
for i in $(seq 40); do
  rpc "Authorization: Bearer $FINN" table.v1.BankedTableService/ListRounds '{"tableId":"'$AUTO'"}' \
    | jq -e '.rounds | length > 0' >/dev/null && break
  sleep 0.5
done
rpc "Authorization: Bearer $FINN" table.v1.BankedTableService/GetBankedTable '{"tableId":"'$AUTO'"}' \
  | jq -c '.table.blackjack.shoes[0] | {number, commitment: (.commitment | length > 0), cards, firstRound, ended}'
#   {"number":"1","commitment":true,"cards":312,"firstRound":"1","ended":null}
rpc "Authorization: Bearer $FINN" table.v1.BankedTableService/GetRoundProof '{"tableId":"'$AUTO'","roundId":"'$AUTO'-r1"}' \
  | jq -c '{commitment: (.commitment | length > 0), revealed}'
#   {"commitment":true,"revealed":null}
rpc "Authorization: Bearer $OP" table.v1.BankedAdminService/CloseBankedTable '{"tableId":"'$AUTO'","reason":"walk-through over"}'
#   {}
