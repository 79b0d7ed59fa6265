package live

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/profile"
)

// FuzzDecode: stored bytes that decode become tables and commands that
// apply or are refused, never a panic.
func FuzzDecode(f *testing.F) {
	s := newSim(f, cashConfig(f, profile.Holdem))
	snap, _ := s.tab.MarshalSnapshot()
	f.Add(snap, []byte(`{"k":1,"t":1,"w":"p:a","s":0,"m":5000,"hold":"h","key":"k","acct":"a"}`))
	f.Add([]byte(`{"config":{}}`), []byte(`{"k":10,"shoe":[0,1,2,3,4,5,6,7,8,9]}`))
	f.Add([]byte(`{`), []byte(`{"k":255}`))
	f.Fuzz(func(t *testing.T, snapshot, command []byte) {
		tab, err := UnmarshalSnapshot(snapshot)
		if err != nil {
			return
		}
		c, err := UnmarshalCommand(command)
		if err != nil {
			return
		}
		_, _ = tab.Apply(c)
		_, _ = tab.NextDue()
		_ = tab.Chips()
		_ = tab.SeatViews(Viewer{Player: "p:a"})
	})
}
