package table

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/shared/apierr"
)

// scopedKey turns a caller's idempotency key into the wallet key of one
// operation at one table for one player: short, printable, and no caller
// can collide with another's.
func scopedKey(kind, table, who, key string) string {
	sum := sha256.Sum256([]byte(table + "\x00" + who + "\x00" + key))
	return kind + ":" + hex.EncodeToString(sum[:20])
}

// fingerprint hashes a keyed request's body: its kind and its fields in a
// fixed order, each length-prefixed so no two bodies share an encoding.
func fingerprint(kind string, fields ...string) string {
	var b strings.Builder
	b.WriteString(kind)
	for _, f := range fields {
		b.WriteByte(0)
		b.WriteString(strconv.Itoa(len(f)))
		b.WriteByte(':')
		b.WriteString(f)
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:16])
}

// checkReplay refuses a replay whose body differs from the accepted
// request's (issue 11: a key is one request, as at the wallet,
// services/wallet/ledger/errors.go). Records kept before fingerprints
// were have none and replay as before.
func checkReplay(rec live.KeyRecord, fp string) error {
	if rec.Fingerprint != "" && rec.Fingerprint != fp {
		return keyReused()
	}
	return nil
}

func keyReused() error {
	return apierr.Conflict("IDEMPOTENCY_KEY_REUSED", "the idempotency key was used for a request with other values; use a fresh key for a new request")
}
