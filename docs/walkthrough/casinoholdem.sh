# The operator opens a live Casino Hold'em table: gr rules (the boxes' cards face up, §4.2; the dealer's two
# face down until the showdown), EUR, an Ante of €5–€500, the AA Bonus up to €50, the cards from the
# dealer's card reader. The paytables are part of the table's description.
CH=$(rpc "Authorization: Bearer $OP" table.v1.BankedAdminService/CreateBankedTable '{"name":"Casino Hold'"'"'em live",
  "game":"BANKED_GAME_CASINO_HOLDEM","profile":"gr","source":"RESULT_SOURCE_DEALER","currency":"EUR",
  "limits":{"table":{"min":500,"max":50000},"byKind":{"aa_bonus":{"min":500,"max":5000}}},"bettingWindowMs":60000,
  "idempotencyKey":"casino-holdem-live-1"}' | jq -r .table.tableId)
rpc "Authorization: Bearer $OP" table.v1.BankedTableService/GetBankedTable '{"tableId":"'$CH'"}' \
  | jq -c '.table.summary | {game, profile}, (.paytable[] | select(.bet == "ante" and .pays != "1:1") | [.line, .pays, .source])'
#   {"game":"BANKED_GAME_CASINO_HOLDEM","profile":"gr"}
#   ["flush","2:1","gr-casino-holdem.md §6.2"]
#   ["full_house","3:1","gr-casino-holdem.md §6.2"]
#   ["quads","10:1","gr-casino-holdem.md §6.2"]
#   ["straight_flush","20:1","gr-casino-holdem.md §6.2"]
#   ["royal_flush","100:1","gr-casino-holdem.md §6.2"]
# Erin and Finn, from the blackjack walk-through, join; Finn follows the table's stream. Erin antes €10 on
# box 1 with a €5 AA Bonus, Finn €10 on box 2.
rpc "Authorization: Bearer $ERIN" table.v1.BankedTableService/JoinBankedTable '{"tableId":"'$CH'","displayName":"Erin"}'
#   {}
rpc "Authorization: Bearer $FINN" table.v1.BankedTableService/JoinBankedTable '{"tableId":"'$CH'","displayName":"Finn"}'
#   {}
./bin/grpcurl -plaintext -H "Authorization: Bearer $FINN" -d '{"table_id":"'$CH'"}' \
  127.0.0.1:8080 croupier.table.v1.BankedTableService/SubscribeRounds > /tmp/finn-ch.json & SUB=$!
rpc "Authorization: Bearer $ERIN" table.v1.BankedTableService/PlaceBets '{"tableId":"'$CH'","round":1,"idempotencyKey":"erin-ch-1",
  "bets":[{"betId":"e1","spot":"box:1/ante","amount":1000},{"betId":"e2","spot":"box:1/aa_bonus","amount":500}]}' | jq -c '{round, stake}'
#   {"round":"1","stake":"1500"}
rpc "Authorization: Bearer $FINN" table.v1.BankedTableService/PlaceBets '{"tableId":"'$CH'","round":1,"idempotencyKey":"finn-ch-1",
  "bets":[{"betId":"f1","spot":"box:2/ante","amount":1000}]}' | jq -c '{round, stake}'
#   {"round":"1","stake":"1000"}
# No more bets; a new deck (gr §1: one every round), and the card reader reports each card with its place in
# the deck: box 1's two, box 2's two, the dealer's two face down, the flop (§4.2).
rpc "Authorization: Bearer $OP" table.v1.DealerConsoleService/CloseBetting '{"tableId":"'$CH'","round":1}'
#   {}
rpc "Authorization: Bearer $OP" table.v1.DealerConsoleService/ShuffleShoe '{"tableId":"'$CH'"}'
#   {}
deal() { rpc "Authorization: Bearer $OP" table.v1.DealerConsoleService/DealCard '{"tableId":"'$CH'","card":"'$1'","shoePosition":'$2'}'; }
deal As 1; deal Ad 2; deal 8s 3; deal 5d 4; deal 4c 5; deal 4d 6; deal Kc 7; deal 7h 8; deal 2s 9
#   {}
# Erin decides first: her view shows the boxes' cards and the flop, the dealer's two only as a count; her
# moves are the Call at exactly 2 × Ante, or the fold (§4.3).
rpc "Authorization: Bearer $ERIN" table.v1.BankedTableService/GetBankedTable '{"tableId":"'$CH'"}' \
  | jq -c '.table.casinoPoker | (.boxes[] | {box, name, cards}), {dealer, dealerUnseen, board, turn: .turn.player},
      (.legal[] | [.action, .min // empty])'
#   {"box":1,"name":"Erin","cards":["As","Ad"]}
#   {"box":2,"name":"Finn","cards":["8s","5d"]}
#   {"dealer":null,"dealerUnseen":2,"board":["Kc","7h","2s"],"turn":"Erin"}
#   ["call","2000"]
#   ["fold"]
rpc "Authorization: Bearer $ERIN" table.v1.CasinoPokerService/PlayCasinoPoker '{"tableId":"'$CH'","round":1,"idempotencyKey":"erin-ch-2",
  "box":1,"action":"call","amount":2000}' | jq -c .
#   {"round":"1","stake":"2000"}
rpc "Authorization: Bearer $FINN" table.v1.CasinoPokerService/PlayCasinoPoker '{"tableId":"'$CH'","round":1,"idempotencyKey":"finn-ch-2",
  "box":2,"action":"fold"}' | jq -c .
#   {"round":"1"}
# The turn and the river; the showdown turns up the dealer's cards: a pair of fours qualifies (§4.6).
deal 9c 10; deal 3h 11
#   {}
for i in $(seq 50); do grep -q roundSettled /tmp/finn-ch.json && break; sleep 0.2; done; sleep 1; kill $SUB
jq -c '.events[] | .casinoPoker | select(.kind == "dealt" and .to == "dealer"), select(.kind == "shown")
  | [.kind, .box, .cards, .unseenCards, .hand, .qualifies]' /tmp/finn-ch.json
#   ["dealt",null,null,1,null,null]
#   ["dealt",null,null,1,null,null]
#   ["shown",null,["4c","4d"],null,"Pair of Fours, kickers K-9-7",true]
#   ["shown",1,["As","Ad"],null,"Pair of Aces, kickers K-9-7",null]
# Erin's pair of aces beats the dealer's fours: the Ante pays 1:1 for a pair (§6.2), the Call 1:1, and her
# first five cards (A A K 7 2) win the AA Bonus at 7:1 (§6.3): €540 + €65 = €605. Finn's fold lost his
# Ante at once.
rpc "Authorization: Bearer $ERIN" table.v1.BankedTableService/GetGameRecall '{"tableId":"'$CH'"}' \
  | jq -c '.rounds[0] | {round, yourTotals}, (.lines[].line | {spot, stake, won})'
#   {"round":"1","yourTotals":{"players":1,"bets":2,"staked":"3500","paid":"10000"}}
#   {"spot":"box:1/ante","stake":"1000","won":"1000"}
#   {"spot":"box:1/call","stake":"2000","won":"2000"}
#   {"spot":"box:1/aa_bonus","stake":"500","won":"3500"}
rpc "Authorization: Bearer $ERIN" wallet.v1.WalletService/ListAccounts '{}' | jq -c '.accounts[] | {ownerId, balance}'
#   {"ownerId":"erin","balance":"60500"}
rpc "Authorization: Bearer $OP" table.v1.BankedAdminService/CloseBankedTable '{"tableId":"'$CH'","reason":"walk-through over"}'
#   {}
