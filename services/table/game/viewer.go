package game

import "strings"

// Viewer is who an event, a view or a record is for. Each game decides
// what a viewer may see of its hidden information (poker's hole cards and
// shoe, a banked table's other players' bets and its drawn result); who
// may see a player's id is the same at every table (SeesPlayerID).
type Viewer struct {
	// Player is the viewer's player key (partner:player), empty for a
	// partner back-office, an operator or a service.
	Player string
	// Partner is the viewer's partner (players and partners).
	Partner string
	// Internal: an operator or another service.
	Internal bool
}

// PlayerKey is a player's key at a table: partner ids never contain ':'
// (the API key list separates partner and key with it).
func PlayerKey(partner, player string) string { return partner + ":" + player }

// SplitKey splits a player key into partner and player ids.
func SplitKey(key string) (partner, player string) {
	partner, player, _ = strings.Cut(key, ":")
	return partner, player
}

// SeesPlayerID reports whether v may see the player id behind key: the
// player himself, his partner, and internal callers (a partner sees only
// its own players).
func (v Viewer) SeesPlayerID(key string) bool {
	if key == "" {
		return false
	}
	if v.Internal || key == v.Player {
		return true
	}
	partner, _ := SplitKey(key)
	return v.Partner != "" && v.Partner == partner && v.Player == ""
}
