package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"flag"
	"fmt"
	"net/http"
	"strings"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protojson"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/shared/proof"
	"github.com/croupier/croupier/shared/wheel"
)

func rngCommand() command {
	return command{name: "rng", summary: "verify RNG outcomes and the RNG audit log", run: runRng}
}

const rngUsage = `usage:
  croupierctl rng verify [--commitment HEX] [--file] [FILE|-]
                                                        check a revealed outcome (the JSON Reveal returns) or a
                                                        banked round's proof (the JSON BankedTableService/
                                                        GetRoundProof returns: its reveal must open the round's
                                                        commitment); stdin by default
  croupierctl rng verify --addr URL --id OUTCOME_ID       fetch the reveal from a running RNG and check it
  croupierctl rng verify-proof [--commitment HEX] [FILE|-] check a viewer's fairness proof offline (the JSON
                                                        TableService/GetFairnessProof returns; stdin by default)
  croupierctl rng verify-audit --addr URL [--from N] [--to N]   re-verify the audit hash chain
flags for --addr: --token (or CROUPIER_TOKEN), an operator, auditor or service bearer token
flags for verify: --money-wheel-name/--money-wheel-order, the operator's money-wheel layout;
  --commitment, as published before the result (a banked round's RoundOpened; hex or base64)
`

func runRng(ctx context.Context, args []string, e env) error {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, rngUsage)
		return errUsage
	}
	switch args[0] {
	case "verify":
		return rngVerify(ctx, args[1:], e)
	case "verify-proof":
		return rngVerifyProof(ctx, args[1:], e)
	case "verify-audit":
		return rngVerifyAudit(ctx, args[1:], e)
	case "-h", "--help", "help":
		fmt.Fprint(e.stdout, rngUsage)
		return nil
	}
	fmt.Fprintf(e.stderr, "croupierctl rng: unknown subcommand %q\n%s", args[0], rngUsage)
	return errUsage
}

// rngClient returns an RNG client for addr with the caller's bearer token.
func rngClient(addr, token string) rngv1connect.RngServiceClient {
	if !strings.Contains(addr, "://") {
		addr = "http://" + addr
	}
	hc := &http.Client{Timeout: 30 * time.Second}
	return rngv1connect.NewRngServiceClient(hc, strings.TrimSuffix(addr, "/"), connect.WithInterceptors(bearer(token)))
}

func bearer(token string) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if token != "" {
				req.Header().Set("Authorization", "Bearer "+token)
			}
			return next(ctx, req)
		}
	}
}

func rngVerify(ctx context.Context, args []string, e env) error {
	fs := flag.NewFlagSet("rng verify", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	file := fs.String("file", "-", "reveal JSON file, - for stdin")
	addr := fs.String("addr", "", "address of a running RNG (http://127.0.0.1:8080)")
	id := fs.String("id", "", "outcome id to fetch with --addr")
	token := fs.String("token", e.getenv("CROUPIER_TOKEN"), "bearer token for --addr (env CROUPIER_TOKEN)")
	mwName := fs.String("money-wheel-name", "", "operator money-wheel layout name")
	mwOrder := fs.String("money-wheel-order", "", "operator money-wheel layout: 30 comma-separated symbols")
	commitment := fs.String("commitment", "", "the commitment as published (hex or base64); the reveal must open it")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	var published []byte
	if *commitment != "" {
		b, err := decodeBytes(*commitment)
		if err != nil {
			return fmt.Errorf("--commitment: %w", err)
		}
		published = b
	}
	switch fs.NArg() {
	case 0:
	case 1:
		*file = fs.Arg(0) // croupierctl rng verify reveal.json
	default:
		fmt.Fprintf(e.stderr, "croupierctl rng verify: one reveal file at most, got %q\n", fs.Args())
		return errUsage
	}
	var layouts []wheel.Wheel
	if *mwName != "" || *mwOrder != "" {
		w, err := wheel.ParseMoney(*mwName, *mwOrder)
		if err != nil {
			return err
		}
		layouts = append(layouts, w)
	}
	r := &rngv1.RevealResponse{}
	switch {
	case *addr != "":
		if *id == "" {
			fmt.Fprint(e.stderr, "croupierctl rng verify: --addr needs --id\n")
			return errUsage
		}
		res, err := rngClient(*addr, *token).Reveal(ctx, connect.NewRequest(&rngv1.RevealRequest{OutcomeId: *id}))
		if err != nil {
			return fmt.Errorf("reveal %s: %w", *id, err)
		}
		r = res.Msg
	default:
		data, err := e.readInput(*file)
		if err != nil {
			return err
		}
		if isRoundProof(data) {
			return verifyRoundProof(data, published, layouts, e.stdout)
		}
		if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(data, r); err != nil {
			return fmt.Errorf("reveal JSON: %w", err)
		}
	}
	o := r.GetOutcome()
	if err := proof.Verify(r, layouts...); err != nil {
		fmt.Fprintf(e.stdout, "FAILED outcome %s: %v\n", o.GetId(), err)
		return errFailed
	}
	if published != nil && !bytes.Equal(published, o.GetCommitment()) {
		fmt.Fprintf(e.stdout, "FAILED outcome %s: it opens commitment %x, not the one published %x\n", o.GetId(), o.GetCommitment(), published)
		return errFailed
	}
	fmt.Fprintf(e.stdout, "OK outcome %s (%s) matches commitment %s\n", o.GetId(), describe(o), hex.EncodeToString(o.GetCommitment()))
	return nil
}

func describe(o *rngv1.Outcome) string {
	switch o.GetKind() {
	case rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE:
		s := fmt.Sprintf("shuffle of %d decks, top card %s", o.GetDecks(), o.GetCards()[0])
		if o.GetCutCardPosition() > 0 {
			s += fmt.Sprintf(", cut card at %d", o.GetCutCardPosition())
		}
		return s
	case rngv1.OutcomeKind_OUTCOME_KIND_SPIN:
		return fmt.Sprintf("spin of %s wheel, pocket %d %q", o.GetWheelLayout(), o.GetPocketIndex(), o.GetPocketLabel())
	default:
		return fmt.Sprintf("draw of %d from %d: %v", len(o.GetValues()), o.GetN(), o.GetValues())
	}
}

func rngVerifyAudit(ctx context.Context, args []string, e env) error {
	fs := flag.NewFlagSet("rng verify-audit", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	addr := fs.String("addr", "", "address of a running RNG (http://127.0.0.1:8080)")
	token := fs.String("token", e.getenv("CROUPIER_TOKEN"), "bearer token (env CROUPIER_TOKEN)")
	from := fs.Uint64("from", 1, "first sequence number")
	to := fs.Uint64("to", 0, "last sequence number (0: the end of the log)")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if *addr == "" {
		fmt.Fprint(e.stderr, "croupierctl rng verify-audit: --addr is required\n")
		return errUsage
	}
	res, err := rngClient(*addr, *token).VerifyAudit(ctx, connect.NewRequest(&rngv1.VerifyAuditRequest{FromSeq: *from, ToSeq: *to}))
	if err != nil {
		return fmt.Errorf("verify audit: %w", err)
	}
	m := res.Msg
	if !m.GetOk() {
		fmt.Fprintf(e.stdout, "FAILED at record %d: %s (%d records verified before it)\n", m.GetFirstBadSeq(), m.GetReason(), m.GetRecordsChecked())
		return errFailed
	}
	fmt.Fprintf(e.stdout, "OK %d records, last hash %s\n", m.GetRecordsChecked(), hex.EncodeToString(m.GetLastHash()))
	return nil
}
