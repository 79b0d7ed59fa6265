package main

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/server"
)

// rawBody is a request body sent as written: rawCodec does not encode it.
type rawBody struct{ b []byte }

// rawCodec sends rawBody under a codec name (json or proto) and reads any
// answer as an Empty (the cases here are all refused).
type rawCodec struct{ name string }

func (c rawCodec) Name() string                  { return c.name }
func (c rawCodec) Marshal(m any) ([]byte, error) { return m.(*rawBody).b, nil }
func (c rawCodec) Unmarshal(b []byte, m any) error {
	if c.name == "proto" {
		return proto.Unmarshal(b, m.(proto.Message))
	}
	return protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(b, m.(proto.Message))
}

// checkMalformedRefusals sends bodies that do not decode to one procedure
// of every service of the stack at base, over its real HTTP handler: each is
// refused with the exact code, the ErrorInfo reason and a message naming
// the field, and none of connect-go's or protobuf-go's internal text.
func checkMalformedRefusals(t *testing.T, ctx context.Context, base, apiKey, operator string) {
	t.Helper()
	bearer := "Bearer " + operator
	for _, tc := range []struct {
		name, procedure, codec string
		header, value          string
		body                   string
		code                   connect.Code
		reason                 string
		message                []string
	}{
		{"rng: string for an integer", "/croupier.rng.v1.RngService/Shuffle", "json", "Authorization", bearer,
			`{"decks": "eight"}`, connect.CodeInvalidArgument, apierr.MalformedRequest, []string{`field decks: want an integer, got "eight"`}},
		{"evaluator: unknown enum name", "/croupier.evaluator.v1.EvaluatorService/Evaluate", "json", "X-Api-Key", apiKey,
			`{"game": "HOLDEM_X"}`, connect.CodeInvalidArgument, apierr.MalformedRequest,
			[]string{`field game: want one of GAME_HIGH, GAME_OMAHA, GAME_TWO_PLUS_THREE, got "HOLDEM_X"`}},
		{"evaluator: unknown field ignored, unknown enum refused", "/croupier.evaluator.v1.EvaluatorService/Evaluate", "json", "X-Api-Key", apiKey,
			`{"newer": true, "game": "HOLDEM_X"}`, connect.CodeInvalidArgument, apierr.MalformedRequest,
			[]string{`field game: want one of GAME_HIGH, GAME_OMAHA, GAME_TWO_PLUS_THREE, got "HOLDEM_X"`}},
		{"wallet: number for a string", "/croupier.wallet.v1.WalletService/Transfer", "json", "Authorization", bearer,
			`{"idempotencyKey": 7}`, connect.CodeInvalidArgument, apierr.MalformedRequest, []string{"field idempotencyKey: want a string, got 7"}},
		{"table: unknown enum name", "/croupier.table.v1.TableAdminService/CreateTable", "json", "Authorization", bearer,
			`{"name": "t", "game": "HOLDEM_X"}`, connect.CodeInvalidArgument, apierr.MalformedRequest,
			[]string{`field game: want one of GAME_HOLDEM, GAME_OMAHA, GAME_FIVE_CARD_STUD, GAME_SEVEN_CARD_STUD, got "HOLDEM_X"`}},
		{"table: binary garbage", "/croupier.table.v1.TableAdminService/CreateTable", "proto", "Authorization", bearer,
			"\x0a\xff\xff\xff\xff\x0f", connect.CodeInvalidArgument, apierr.MalformedRequest, []string{"not a croupier.table.v1.CreateTableRequest in binary protobuf"}},
		{"tournament: bad JSON syntax", "/croupier.tournament.v1.TournamentService/CreateTournament", "json", "Authorization", bearer,
			`{"name": "sunday",`, connect.CodeInvalidArgument, apierr.MalformedRequest, []string{"bad JSON"}},
		{"tournament: oversized", "/croupier.tournament.v1.TournamentService/CreateTournament", "json", "Authorization", bearer,
			`{"name": "` + strings.Repeat("x", server.MaxRequestBytes) + `"}`, connect.CodeResourceExhausted, apierr.RequestTooLarge, []string{"at most"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := connect.NewClient[rawBody, emptypb.Empty](http.DefaultClient, base+tc.procedure, connect.WithCodec(rawCodec{name: tc.codec}))
			req := connect.NewRequest(&rawBody{[]byte(tc.body)})
			req.Header().Set(tc.header, tc.value)
			_, err := c.CallUnary(ctx, req)
			var ce *connect.Error
			if !errors.As(err, &ce) {
				t.Fatalf("answer %v, want a refusal", err)
			}
			var reason, domain string
			for _, d := range ce.Details() {
				if v, derr := d.Value(); derr == nil {
					if info, ok := v.(*errdetails.ErrorInfo); ok {
						reason, domain = info.Reason, info.Domain
					}
				}
			}
			if ce.Code() != tc.code || reason != tc.reason || domain != apierr.Domain {
				t.Fatalf("refusal %v %q (%s): %s; want %v %s", ce.Code(), reason, domain, ce.Message(), tc.code, tc.reason)
			}
			for _, s := range tc.message {
				if !strings.Contains(ce.Message(), s) {
					t.Errorf("message %q lacks %q", ce.Message(), s)
				}
			}
			for _, s := range []string{"unmarshal", "proto:", "v1.", "*"} {
				if tc.codec == "json" && strings.Contains(ce.Message(), s) {
					t.Errorf("message %q holds %q", ce.Message(), s)
				}
			}
		})
	}
}
