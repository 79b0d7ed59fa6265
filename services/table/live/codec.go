package live

import (
	"encoding/json"
	"fmt"
)

// MarshalSnapshot encodes the table for storage. The hand is stored as its
// setup and inputs, never as the engine's working state.
func (t *Table) MarshalSnapshot() ([]byte, error) { return json.Marshal(t) }

// UnmarshalSnapshot decodes a table and replays its hand.
func UnmarshalSnapshot(b []byte) (*Table, error) {
	t := new(Table)
	if err := json.Unmarshal(b, t); err != nil {
		return nil, fmt.Errorf("table snapshot: %w", err)
	}
	if t.Hand != nil {
		if err := t.Hand.rebuild(); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// MarshalCommand encodes a command for the log.
func MarshalCommand(c *Command) ([]byte, error) { return c.AppendJSON(nil) }

// UnmarshalCommand decodes a logged command.
func UnmarshalCommand(b []byte) (*Command, error) {
	c := new(Command)
	if err := json.Unmarshal(b, c); err != nil {
		return nil, fmt.Errorf("table command: %w", err)
	}
	return c, nil
}
