package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/croupier/croupier/shared/auth"
)

func tokenCommand() command {
	return command{name: "token", summary: "make token keys and mint operator or auditor tokens from a private key file", run: runToken}
}

const tokenUsage = `usage:
  croupierctl token keygen --scope SCOPES --out FILE
      make an Ed25519 key: the private key (PEM PKCS #8) to FILE (mode 0600,
      never overwritten), its key set line to stdout
  croupierctl token pubkey --scope SCOPES --key FILE
      the key set line of an existing private key (e.g. one made with
      openssl genpkey -algorithm ed25519)
  croupierctl token mint --key FILE --role operator|auditor --subject NAME [--ttl 1h]
      sign a token with the private key in FILE and print it
SCOPES is a comma-separated list of session, operator, auditor and
service:<name>. The operator and auditor keys stay with the operators: no
pod holds them, and a service accepts a token only if the key set binds
its key to the token's kind (README: Token keys).
`

// maxMintTTL bounds a minted token's life: an operator token is a bearer
// credential for every internal procedure, so it should not outlive a shift.
const maxMintTTL = 24 * time.Hour

func runToken(_ context.Context, args []string, e env) error {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, tokenUsage)
		return errUsage
	}
	sub, args := args[0], args[1:]
	fs := flag.NewFlagSet("token "+sub, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprint(e.stderr, tokenUsage) }
	scopes := fs.String("scope", "", "scopes the key is bound to (keygen, pubkey)")
	out := fs.String("out", "", "file to write the new private key to (keygen)")
	keyFile := fs.String("key", "", "private key file (pubkey, mint)")
	role := fs.String("role", "operator", "operator or auditor (mint)")
	subject := fs.String("subject", "", "who the token names, e.g. ops:alice (mint)")
	ttl := fs.Duration("ttl", time.Hour, "token lifetime, at most 24h (mint)")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return nil
		}
		return errUsage
	}
	usage := func(format string, a ...any) error {
		fmt.Fprintf(e.stderr, "croupierctl token %s: %s\n%s", sub, fmt.Sprintf(format, a...), tokenUsage)
		return errUsage
	}
	if fs.NArg() > 0 {
		return usage("unexpected arguments %q", fs.Args())
	}
	switch sub {
	case "keygen":
		sc, err := parseScopes(*scopes)
		if err != nil {
			return usage("%v", err)
		}
		if *out == "" {
			return usage("--out is required: the private key never goes to stdout")
		}
		pub, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			return err
		}
		// O_EXCL: an existing key (perhaps in use) is never overwritten.
		f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return err
		}
		if _, err := f.Write(auth.MarshalPrivateKey(priv)); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		fmt.Fprint(e.stdout, auth.KeySetLine(pub, sc...))
		return nil
	case "pubkey":
		sc, err := parseScopes(*scopes)
		if err != nil {
			return usage("%v", err)
		}
		priv, err := readKey(*keyFile)
		if err != nil {
			return err
		}
		fmt.Fprint(e.stdout, auth.KeySetLine(priv.Public().(ed25519.PublicKey), sc...))
		return nil
	case "mint":
		r := auth.Role(*role)
		if r != auth.RoleOperator && r != auth.RoleAuditor {
			return usage("--role %q: want operator or auditor (sessions come from SessionService, service tokens from each service)", *role)
		}
		if *subject == "" {
			return usage("--subject is required: it names the operator in every audit record")
		}
		if *ttl <= 0 || *ttl > maxMintTTL {
			return usage("--ttl %s: want more than 0 and at most %s", *ttl, maxMintTTL)
		}
		priv, err := readKey(*keyFile)
		if err != nil {
			return err
		}
		tok, err := mint(priv, auth.Principal{Role: r, Subject: *subject}, *ttl)
		if err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, tok)
		return nil
	}
	return usage("unknown subcommand %q", sub)
}

// mint signs a token of p with priv. The key set of the services decides
// whether priv may sign p's kind; here it is only named, by its kid.
func mint(priv ed25519.PrivateKey, p auth.Principal, ttl time.Duration) (string, error) {
	scope := auth.ScopeOperator
	if p.Role == auth.RoleAuditor {
		scope = auth.ScopeAuditor
	}
	pub := priv.Public().(ed25519.PublicKey)
	a, err := auth.NewAuthenticator(auth.Config{Keys: auth.Keyring{
		Public:  []auth.PublicKey{{ID: auth.KeyID(pub), Key: pub, Scopes: []auth.Scope{scope}}},
		Private: []ed25519.PrivateKey{priv},
	}})
	if err != nil {
		return "", err
	}
	return a.Issue(p, ttl)
}

func parseScopes(s string) ([]auth.Scope, error) {
	if s == "" {
		return nil, errors.New("--scope is required")
	}
	sc, err := auth.ParseScopes(s)
	if err != nil {
		return nil, fmt.Errorf("--scope: %w", err)
	}
	return sc, nil
}

func readKey(file string) (ed25519.PrivateKey, error) {
	if file == "" {
		return nil, errors.New("--key is required")
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return auth.ParsePrivateKey(b)
}
