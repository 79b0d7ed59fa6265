package table

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/live"
)

// touchLobby asks for a table's lobby entry to be rewritten.
func (s *Service) touchLobby(id string) {
	select {
	case s.lobby <- id:
	default:
	}
}

// lobbyLoop rewrites the lobby entries of tables whose seats or status
// changed, at most every 200 ms per table, all of them in one write.
func (s *Service) lobbyLoop(ctx context.Context) {
	pending := map[string]bool{}
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case id := <-s.lobby:
			pending[id] = true
			continue
		case <-tick.C:
		}
		if len(pending) == 0 {
			continue
		}
		put := make(map[string][]byte, len(pending))
		for id := range pending {
			delete(pending, id)
			s.summary(ctx, id, put)
		}
		if err := s.deps.Store.PutSummaries(ctx, put); err != nil && ctx.Err() == nil {
			s.log.Warn("lobby entries", "tables", len(put), "err", err)
		}
	}
}

// summary adds table id's lobby entry to put, or removes a closed table
// from the lobby.
func (s *Service) summary(ctx context.Context, id string, put map[string][]byte) {
	var entry []byte
	var listed, ok bool
	rt := s.runtime(id)
	rt.mu.Lock()
	if rt.t != nil {
		entry, listed = rt.t.Lobby()
		ok = true
	}
	rt.mu.Unlock()
	if !ok {
		return
	}
	if !listed {
		if err := s.deps.Store.DeleteSummary(ctx, id); err != nil && ctx.Err() == nil {
			s.log.Warn("lobby entry", "table", id, "err", err)
		}
		return
	}
	put[id] = entry
}

// lobbyEntries reads the lobby entries of the tables of game tag, with
// the tag removed.
func (s *Service) lobbyEntries(ctx context.Context, tag string) ([][]byte, error) {
	m, err := s.deps.Store.Summaries(ctx)
	if err != nil {
		return nil, unavailable(err)
	}
	out := make([][]byte, 0, len(m))
	for _, v := range m {
		if g, data := game.Tag([]byte(v)); g == tag {
			out = append(out, data)
		}
	}
	return out, nil
}

// Lobby lists the poker tables in the lobby, ordered by id.
func (s *Service) Lobby(ctx context.Context) ([]live.Summary, error) {
	entries, err := s.lobbyEntries(ctx, game.Poker)
	if err != nil {
		return nil, err
	}
	out := make([]live.Summary, 0, len(entries))
	for _, v := range entries {
		var sum live.Summary
		if json.Unmarshal(v, &sum) == nil {
			out = append(out, sum)
		}
	}
	slices.SortFunc(out, func(a, b live.Summary) int {
		switch {
		case a.ID < b.ID:
			return -1
		case a.ID > b.ID:
			return 1
		}
		return 0
	})
	return out, nil
}
