package host

import (
	"strings"
	"testing"

	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/sdk/converter"
	"google.golang.org/protobuf/proto"
)

func payloads(t *testing.T, values ...any) []*commonpb.Payload {
	t.Helper()
	var out []*commonpb.Payload
	for _, v := range values {
		p, err := converter.GetDefaultDataConverter().ToPayload(v)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// Small payloads pass as they are, large ones are compressed, and both come
// back unchanged, through this codec or the SDK's zlib codec (the format
// is the same, so workers on either decode the other's payloads).
func TestCodecRoundTripAndSDKCompatibility(t *testing.T) {
	big := strings.Repeat(`{"player":"p00001","chips":10000,"status":"playing"}`, 200)
	in := payloads(t, "small", big)
	c := NewCodec(1024)
	enc, err := c.Encode(in)
	if err != nil {
		t.Fatal(err)
	}
	if string(enc[0].GetMetadata()[converter.MetadataEncoding]) == zlibEncoding || !proto.Equal(enc[0], in[0]) {
		t.Fatalf("small payload changed: %v", enc[0])
	}
	if string(enc[1].GetMetadata()[converter.MetadataEncoding]) != zlibEncoding || len(enc[1].GetData()) >= len(in[1].GetData())/4 {
		t.Fatalf("large payload not compressed: %d bytes from %d", len(enc[1].GetData()), len(in[1].GetData()))
	}
	sdk := converter.NewZlibCodec(converter.ZlibCodecOptions{AlwaysEncode: true})
	for name, dec := range map[string]converter.PayloadCodec{"ours": c, "sdk": sdk} {
		out, err := dec.Decode(enc)
		if err != nil {
			t.Fatal(name, err)
		}
		for i := range in {
			if !proto.Equal(out[i], in[i]) {
				t.Fatalf("%s decoder: payload %d differs", name, i)
			}
		}
	}
	// The SDK's encoding (every payload compressed) decodes here too, and
	// a pooled compressor reused gives the same result again.
	sdkEnc, err := sdk.Encode(in)
	if err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 2; round++ {
		out, err := c.Decode(sdkEnc)
		if err != nil {
			t.Fatal(err)
		}
		for i := range in {
			if !proto.Equal(out[i], in[i]) {
				t.Fatalf("round %d: payload %d differs", round, i)
			}
		}
		again, err := c.Encode(in)
		if err != nil || !proto.Equal(again[1], enc[1]) {
			t.Fatalf("round %d: re-encoding differs (%v)", round, err)
		}
	}
}
