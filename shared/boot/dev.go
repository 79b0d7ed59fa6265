package boot

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/config"
)

// DevPartner is the partner a -dev binary's API key belongs to.
const DevPartner = "dev-partner"

// BindDev registers -dev: one service binary run alone on a laptop with a
// throwaway token key set generated in memory and a random partner API
// key, printing the credentials to call it with (PrintDev). Services with
// an embedded store use it under -dev.
func (c *Common) BindDev(l *config.Loader) {
	l.Bool(&c.Dev, "dev", "CROUPIER_DEV", false, "development: throwaway token keys and API key, embedded stores, credentials printed at start; refused beside production key or store settings")
}

// Given reports whether a setting was given on the command line or in the
// environment, as opposed to left at its default: -dev refuses a
// production setting it would otherwise override silently. Call it after
// Parse.
func Given(l *config.Loader, getenv func(string) string, flagName, env string) bool {
	set := false
	l.FlagSet().Visit(func(f *flag.Flag) { set = set || f.Name == flagName })
	return set || (env != "" && getenv(env) != "")
}

// ApplyDev, under -dev, replaces the key settings with a throwaway key set
// (DevKeys) and, unless API keys are given, sets a random one for
// DevPartner. It refuses token key settings (a deployment's keys would be
// dropped without a word) and every setting named in conflicts (settings
// the caller found Given that -dev replaces with an embedded default).
// Without -dev it does nothing.
func (c *Common) ApplyDev(conflicts ...string) error {
	if !c.Dev {
		return nil
	}
	for _, s := range []struct{ name, value string }{
		{"CROUPIER_TOKEN_PUBLIC_KEYS", c.PublicKeys},
		{"CROUPIER_TOKEN_PUBLIC_KEYS_FILE", c.PublicKeysFile},
		{"CROUPIER_TOKEN_SIGNING_KEY", c.SigningKey},
		{"CROUPIER_SESSION_SIGNING_KEY", c.SessionKey},
		{"CROUPIER_TOKEN_KEY", c.LegacyTokenKey},
	} {
		if strings.TrimSpace(s.value) != "" {
			conflicts = append(conflicts, s.name)
		}
	}
	if len(conflicts) > 0 {
		return fmt.Errorf("-dev generates throwaway keys and uses embedded stores; it refuses production settings: %s", strings.Join(conflicts, ", "))
	}
	c.Keys = DevKeys()
	if c.APIKeys == "" {
		c.APIKeys = DevPartner + ":dev-partner-" + RandomKey()[:24]
	}
	return nil
}

// PrintDev writes the credentials a -dev binary is called with (see
// DevCredentials). Without -dev it writes nothing.
func PrintDev(w io.Writer, c Common, rt *Runtime) error {
	if !c.Dev {
		return nil
	}
	keys, err := auth.ParseAPIKeys(c.APIKeys)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s -dev on %s: throwaway keys, not for production.\n", rt.Name, c.Addr)
	return DevCredentials(w, rt, slices.Sorted(maps.Keys(keys))...)
}

// DevCredentials writes the credentials a development binary or the dev
// stack is called with: the partner API keys given and an operator, a
// player (dev-player-1 of DevPartner) and an auditor token, valid 24
// hours, signed by rt's keys. One format for every banner, which the
// README's walk-throughs read with sed.
func DevCredentials(w io.Writer, rt *Runtime, apiKeys ...string) error {
	var errs []error
	issue := func(p auth.Principal) string {
		t, err := rt.Auth.Issue(p, 24*time.Hour)
		errs = append(errs, err)
		return t
	}
	op := issue(auth.Principal{Role: auth.RoleOperator, Subject: "dev-operator"})
	player := issue(auth.Principal{Role: auth.RolePlayer, PlayerID: "dev-player-1", PartnerID: DevPartner})
	// The auditor reads whole shoes of finished hands and the RNG's audit
	// log, and may act nowhere: what a regulator's tool would hold.
	auditor := issue(auth.Principal{Role: auth.RoleAuditor, Subject: "dev-auditor"})
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("dev credentials: %w", err)
	}
	fmt.Fprintf(w, "Development credentials (random for this run):\n")
	for _, k := range apiKeys {
		fmt.Fprintf(w, "  partner API key   X-Api-Key: %s\n", k)
	}
	fmt.Fprintf(w, "  operator token    Authorization: Bearer %s\n", op)
	fmt.Fprintf(w, "  player token      Authorization: Bearer %s   (dev-player-1@%s)\n", player, DevPartner)
	fmt.Fprintf(w, "  auditor token     Authorization: Bearer %s   (read-only: whole shoes of finished hands, the RNG audit log)\n", auditor)
	return nil
}
