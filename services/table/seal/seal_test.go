package seal

import (
	"bytes"
	"errors"
	"testing"
)

func key(b byte) []byte { return bytes.Repeat([]byte{b}, KeySize) }

func TestSealRoundTripAndBinding(t *testing.T) {
	s, err := New(key(1))
	if err != nil {
		t.Fatal(err)
	}
	plain := []byte(`{"shoe":[51,50,49]}`)
	sealed := s.Seal(nil, plain, []byte("t1/snap/7"))
	if bytes.Contains(sealed, plain) || bytes.Contains(sealed, []byte("shoe")) {
		t.Fatal("sealed record shows the plain text")
	}
	got, err := s.Open(nil, sealed, []byte("t1/snap/7"))
	if err != nil || !bytes.Equal(got, plain) {
		t.Fatalf("open = %q, %v", got, err)
	}
	again := s.Seal(nil, plain, []byte("t1/snap/7"))
	if bytes.Equal(again, sealed) {
		t.Fatal("two seals of the same record are equal: the nonce is not fresh")
	}
	for _, ad := range []string{"t2/snap/7", "t1/log/7", "t1/snap/8"} {
		if _, err := s.Open(nil, sealed, []byte(ad)); !errors.Is(err, ErrOpen) {
			t.Fatalf("opened under %q", ad)
		}
	}
	other, _ := New(key(2))
	if _, err := other.Open(nil, sealed, []byte("t1/snap/7")); !errors.Is(err, ErrOpen) {
		t.Fatal("opened with another key")
	}
	sealed[len(sealed)-1] ^= 1
	if _, err := s.Open(nil, sealed, []byte("t1/snap/7")); !errors.Is(err, ErrOpen) {
		t.Fatal("opened a tampered record")
	}
	if _, err := s.Open(nil, []byte{1, 2}, nil); !errors.Is(err, ErrOpen) {
		t.Fatal("opened a short record")
	}
}

func TestParseKey(t *testing.T) {
	if _, err := ParseKey("00"); err == nil {
		t.Fatal("short key accepted")
	}
	if _, err := ParseKey(string(bytes.Repeat([]byte("zz"), 32))); err == nil {
		t.Fatal("non-hex key accepted")
	}
	k, err := ParseKey(string(bytes.Repeat([]byte("ab"), 32)))
	if err != nil || len(k) != KeySize {
		t.Fatal(k, err)
	}
}

func FuzzOpen(f *testing.F) {
	s, _ := New(key(3))
	f.Add(s.Seal(nil, []byte("x"), []byte("ad")), []byte("ad"))
	f.Add([]byte{}, []byte{})
	f.Fuzz(func(t *testing.T, sealed, ad []byte) {
		_, _ = s.Open(nil, sealed, ad) // never panics
	})
}
