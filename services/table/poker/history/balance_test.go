package history_test

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/services/table/poker/history/historytest"
)

// balances checks a text's chip arithmetic against its record, as a
// tracker totals it (historytest.Check).
func balances(t *testing.T, rec *history.Record, text string) {
	t.Helper()
	if err := historytest.Check(rec, text); err != nil {
		t.Errorf("%v:\n%s", err, text)
	}
}
