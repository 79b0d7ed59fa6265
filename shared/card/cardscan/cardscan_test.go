package cardscan

import (
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

func TestCardsFindsEveryCardAtAnyDepth(t *testing.T) {
	nested, err := structpb.NewStruct(map[string]any{
		"hole":  []any{"As", "Kd"},
		"deep":  map[string]any{"burn": "7c", "note": "As Kd"},
		"count": 3,
		"label": "Th",
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		m    proto.Message
		want []string
	}{
		{"nil", nil, nil},
		{"a plain string field", wrapperspb.String("Qs"), []string{"Qs"}},
		{"not a card", wrapperspb.String("Qx"), nil},
		{"two cards in one string are not a card field", wrapperspb.String("AsKd"), nil},
		{"lists, maps and nested messages", nested, []string{"7c", "As", "Kd", "Th"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Cards(tt.m)
			slices.Sort(got)
			want := slices.Clone(tt.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("Cards = %v, want %v", got, want)
			}
		})
	}
}
