package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestPlayerIDFromDisplayName(t *testing.T) {
	for _, tt := range []struct {
		name, want string
		bad        bool
	}{
		{name: "Alice", want: "web-alice"},
		{name: "  Bob Smith ", want: "web-bob-smith"},
		{name: "Σπύρος", want: "web-u3c3u3c0u3cdu3c1u3bfu3c2"},
		{name: "", bad: true},
		{name: "   ", bad: true},
		{name: strings.Repeat("x", 33), bad: true},
	} {
		got, err := playerID(tt.name)
		if (err != nil) != tt.bad || got != tt.want {
			t.Errorf("playerID(%q) = %q, %v; want %q (error %v)", tt.name, got, err, tt.want, tt.bad)
		}
	}
}

// A sign-in that is not a POST of {"name": ...} is refused with a reason
// before any token is issued or wallet touched (the handler has neither).
func TestDevSessionRefusesBadRequests(t *testing.T) {
	d := &devSessions{}
	for _, tt := range []struct {
		method, body, reason string
		status               int
	}{
		{http.MethodGet, "", "POST_ONLY", http.StatusMethodNotAllowed},
		{http.MethodPost, "{", "BAD_JSON", http.StatusBadRequest},
		{http.MethodPost, `{"name":""}`, "BAD_NAME", http.StatusBadRequest},
	} {
		rec := httptest.NewRecorder()
		d.ServeHTTP(rec, httptest.NewRequest(tt.method, devSessionPath, strings.NewReader(tt.body)))
		if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.reason) {
			t.Errorf("%s %q: %d %s; want %d with %s", tt.method, tt.body, rec.Code, rec.Body, tt.status, tt.reason)
		}
	}
}
