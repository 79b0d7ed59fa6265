package round

import (
	"encoding/json"
	"testing"
)

func TestVisibilityText(t *testing.T) {
	b, err := json.Marshal([]Visibility{Public, Private, Hidden})
	if err != nil || string(b) != `["public","private","hidden"]` {
		t.Fatalf("%s %v", b, err)
	}
	var back []Visibility
	if err := json.Unmarshal(b, &back); err != nil || len(back) != 3 || back[2] != Hidden {
		t.Fatalf("%v %v", back, err)
	}
	var v Visibility
	if v.UnmarshalText([]byte("secret")) == nil {
		t.Error("an unknown visibility read")
	}
}
