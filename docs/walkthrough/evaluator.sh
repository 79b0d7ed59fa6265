go run ./tools/croupierctl eval As Ks Qs Js Ts 2c 3d
#   straightflush 7462 Royal flush (As Ks Qs Js Ts)
go run ./tools/croupierctl eval --game omaha Qh Jc 8s 2d '|' Ah Kh 7h 4h 9c
#   high 1277 High card, Ace (A-K-Q-J-9) (Ah Kh Qh Jc 9c)
rpc "X-Api-Key: $KEY" evaluator.v1.EvaluatorService/Evaluate \
  '{"game":"GAME_HIGH","hands":[{"hole":["As","Ks"],"board":["Qs","Js","Ts","2c","3d"]}]}'
#   {"values":[{"category":"CATEGORY_STRAIGHT_FLUSH","rank":7462
