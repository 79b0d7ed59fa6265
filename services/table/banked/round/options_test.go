package round

import "testing"

type testOptions struct {
	Fast  bool      `json:"fast"`
	Cards int       `json:"cards,omitempty"`
	Way   Direction `json:"way"`
}

// Every option by its JSON name, in its text form; an unknown name is
// not found, a value that does not read is an error and changes nothing.
func TestSetOption(t *testing.T) {
	if got := OptionNames(testOptions{}); len(got) != 3 || got[0] != "fast" || got[1] != "cards" || got[2] != "way" {
		t.Fatalf("%v", got)
	}
	var o testOptions
	for _, kv := range [][2]string{{"fast", "true"}, {"cards", "7"}, {"way", "anticlockwise"}} {
		if found, err := SetOption(&o, kv[0], kv[1]); !found || err != nil {
			t.Fatalf("%s=%s: %v %v", kv[0], kv[1], found, err)
		}
	}
	if o != (testOptions{Fast: true, Cards: 7, Way: Anticlockwise}) {
		t.Fatalf("%+v", o)
	}
	for _, kv := range [][2]string{{"fast", "maybe"}, {"cards", "x"}, {"way", "up"}} {
		if found, err := SetOption(&o, kv[0], kv[1]); !found || err == nil {
			t.Errorf("%s=%s: %v %v", kv[0], kv[1], found, err)
		}
	}
	if found, err := SetOption(&o, "slow", "1"); found || err != nil {
		t.Errorf("an unknown option: %v %v", found, err)
	}
	if o != (testOptions{Fast: true, Cards: 7, Way: Anticlockwise}) {
		t.Fatalf("a refused value changed the options: %+v", o)
	}
}
