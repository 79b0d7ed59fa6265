package history_test

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strings"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// The header's hand number is the one trackers de-duplicate on: the
// deployment-wide serial, else the table's number, else a hash of the id;
// the table is named by its display name, else its id, and a quote or a
// line break in the name does not end the header's table line.
func TestHeaderNumberAndTableName(t *testing.T) {
	h := fnv.New64a()
	h.Write([]byte("h-1"))
	hashed := h.Sum64() % 1_000_000_000_000
	for _, tc := range []struct {
		serial, number     uint64
		table, name        string
		wantNumber         uint64
		wantTable, tableID string
	}{
		{serial: 90_000_123, number: 7, table: "tbl-1", name: "Alpha", wantNumber: 90_000_123, wantTable: "Alpha"},
		{number: 7, table: "tbl-1", wantNumber: 7, wantTable: "tbl-1"},
		{wantNumber: hashed, wantTable: "Croupier"},
		{serial: 5, table: "tbl-1", name: "Joe's \"Best\"\nTable", wantNumber: 5, wantTable: "Joe’s \"Best\" Table"},
	} {
		rec := &history.Record{HandID: "h-1", Number: tc.number, Serial: tc.serial, Table: tc.table, TableName: tc.name,
			At: time.Date(2024, 1, 15, 14, 30, 0, 0, time.UTC), Button: 0, Result: "complete",
			Rules: rulesOf(t, profile.GR, profile.Holdem, betting.NoLimit, usd),
			Seats: []history.Seat{{Seat: 0, Name: "P1", Stack: 100, Final: 100}, {Seat: 1, Name: "P2", Stack: 100, Final: 100}}}
		lines := strings.Split(rec.PokerStars(history.PokerStarsOptions{Hero: -1}), "\n")
		if want := fmt.Sprintf("PokerStars Hand #%d:  Hold'em No Limit ($0.50/$1.00 USD) - ", tc.wantNumber); !strings.HasPrefix(lines[0], want) {
			t.Errorf("%+v: header %q, want it to start %q", tc, lines[0], want)
		}
		if want := fmt.Sprintf("Table '%s' 10-max Seat #1 is the button", tc.wantTable); lines[1] != want {
			t.Errorf("%+v: table line %q, want %q", tc, lines[1], want)
		}
		if !strings.HasPrefix(lines[2], "Seat 1: ") {
			t.Errorf("%+v: the header is not two lines: %q", tc, lines[:3])
		}
	}
}

// The serial and the display name go from the hand's setup into its record
// and JSON, and back into the setup a replay starts from.
func TestSerialAndTableNameReplay(t *testing.T) {
	tb := blinds(t, rulesOf(t, profile.GR, profile.Holdem, betting.NoLimit, usd), 3, 10000, 0)
	tb.checkDown()
	rec := poker.Record(tb.s)
	if rec.Serial != 90_000_123 || rec.TableName != "Alpha" || rec.Number != 7 || rec.Table != "tbl-1" {
		t.Fatalf("record serial %d name %q number %d table %q", rec.Serial, rec.TableName, rec.Number, rec.Table)
	}
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"serial":90000123`) || !strings.Contains(string(b), `"table_name":"Alpha"`) {
		t.Fatalf("JSON %s", b)
	}
	var back history.Record
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	su, err := hand.SetupOf(&back)
	if err != nil || su.Serial != 90_000_123 || su.TableName != "Alpha" {
		t.Fatalf("setup serial %d name %q: %v", su.Serial, su.TableName, err)
	}
	if _, err := poker.Replay(&back); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(rec.PokerStars(history.PokerStarsOptions{Hero: -1}), "PokerStars Hand #90000123: ") {
		t.Fatal("the header does not carry the serial")
	}
}

// Currencies as the export writes them: the symbol PokerStars uses where it
// has one; any other ISO currency the way PokerStars writes Canadian
// dollars, "$" amounts and the code after the stakes, which trackers read
// as a real-money game (a bare number is play money); exponent 0 amounts
// without decimals. How hhp@1.1.1 reads them is make hh-check's test
// (tools/hhcheck; docs/table.md).
func TestCurrencyForms(t *testing.T) {
	for _, tc := range []struct {
		profile    string
		stakes     profile.Stakes
		stakesText string
		seat       string // seat 1's line: 200 big blinds
	}{
		{profile.GR, profile.Stakes{Currency: "USD", Exponent: 2, Unit: 50, SmallBlind: 50, BigBlind: 100},
			"($0.50/$1.00 USD)", "Seat 1: P1 ($200 in chips)"},
		{profile.GR, profile.Stakes{Currency: "EUR", Exponent: 2, Unit: 50, SmallBlind: 50, BigBlind: 100},
			"(€0.50/€1.00 EUR)", "Seat 1: P1 (€200 in chips)"},
		{profile.GR, profile.Stakes{Currency: "GBP", Exponent: 2, Unit: 50, SmallBlind: 50, BigBlind: 100},
			"(£0.50/£1.00 GBP)", "Seat 1: P1 (£200 in chips)"},
		{profile.CZ, profile.Stakes{Currency: "CZK", Exponent: 2, Unit: 2500, SmallBlind: 2500, BigBlind: 5000},
			"($25.00/$50.00 CZK)", "Seat 1: P1 ($10000 in chips)"},
		{profile.CZ, profile.Stakes{Currency: "CZK", Exponent: 0, Unit: 25, SmallBlind: 25, BigBlind: 50},
			"($25/$50 CZK)", "Seat 1: P1 ($10000 in chips)"},
		{profile.RUSport, profile.Stakes{Currency: "RUB", Exponent: 2, Unit: 5000, SmallBlind: 5000, BigBlind: 10000},
			"($50.00/$100.00 RUB)", "Seat 1: P1 ($20000 in chips)"},
		{profile.RUSport, profile.Stakes{Currency: "JPY", Exponent: 0, Unit: 100, SmallBlind: 100, BigBlind: 200},
			"($100/$200 JPY)", "Seat 1: P1 ($40000 in chips)"},
		{profile.GR, profile.Stakes{Unit: 25, SmallBlind: 25, BigBlind: 50}, // tournament chips
			"(25/50)", "Seat 1: P1 (10000 in chips)"},
	} {
		name := tc.stakes.Currency + fmt.Sprint(tc.stakes.Exponent)
		r := rulesOf(t, tc.profile, profile.Holdem, betting.NoLimit, tc.stakes)
		r.Rake.Mode = 0
		tb := blinds(t, r, 3, 200*tc.stakes.BigBlind, 0)
		tb.act(0, betting.Raise, 3*tc.stakes.BigBlind)
		tb.checkDown()
		rec := poker.Record(tb.s)
		text := rec.PokerStars(history.PokerStarsOptions{Hero: 1})
		lines := strings.Split(text, "\n")
		if !strings.Contains(lines[0], " "+tc.stakesText+" - ") || lines[2] != tc.seat {
			t.Errorf("%s: header %q seat %q, want stakes %s and %q", name, lines[0], lines[2], tc.stakesText, tc.seat)
		}
		balances(t, rec, text)
	}
}
