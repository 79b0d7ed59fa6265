// Command healthprobe asks a Croupier service's gRPC health
// (grpc.health.v1.Health/Check) over h2c and exits 0 only when the answer is
// SERVING. Every image carries it (/usr/local/bin/croupier-healthprobe): the
// chart's `helm test` pods run it from the service's own image, which has no
// shell and no grpcurl.
//
//	croupier-healthprobe -addr croupier-rng:8080 -service croupier.rng.v1.RngService
//
// It speaks the gRPC wire protocol with the standard library alone (a
// 5-byte frame around a one-field protobuf message each way), so it adds
// little to the images and nothing to the module graph.
package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "healthprobe:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("healthprobe", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "host:port of the service (h2c)")
	service := fs.String("service", "", `the service asked about ("" = the whole process)`)
	timeout := fs.Duration("timeout", 5*time.Second, "time the call may take")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	status, err := check(ctx, *addr, *service)
	if err != nil {
		return err
	}
	if status != statusServing {
		return fmt.Errorf("%s service %q: %s", *addr, *service, statusName(status))
	}
	fmt.Fprintf(stdout, "%s service %q: SERVING\n", *addr, *service)
	return nil
}

// grpc.health.v1.HealthCheckResponse.ServingStatus values.
const (
	statusUnknown        = 0
	statusServing        = 1
	statusNotServing     = 2
	statusServiceUnknown = 3
)

func statusName(s uint64) string {
	switch s {
	case statusUnknown:
		return "UNKNOWN"
	case statusServing:
		return "SERVING"
	case statusNotServing:
		return "NOT_SERVING"
	case statusServiceUnknown:
		return "SERVICE_UNKNOWN"
	}
	return fmt.Sprintf("status %d", s)
}

// check makes one unary gRPC call and returns the serving status.
func check(ctx context.Context, addr, service string) (uint64, error) {
	// HealthCheckRequest{service = 1}: tag 0x0a, length, bytes.
	var msg []byte
	if service != "" {
		msg = binary.AppendUvarint([]byte{0x0a}, uint64(len(service)))
		msg = append(msg, service...)
	}
	body := make([]byte, 5, 5+len(msg))
	binary.BigEndian.PutUint32(body[1:], uint32(len(msg)))
	body = append(body, msg...)

	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+addr+"/grpc.health.v1.Health/Check", bytes.NewReader(body))
	if err != nil {
		return 0, fmt.Errorf("request: %w", err)
	}
	req.Header.Set("Content-Type", "application/grpc")
	req.Header.Set("Te", "trailers")
	var protocols http.Protocols
	protocols.SetUnencryptedHTTP2(true)
	client := &http.Client{Transport: &http.Transport{Protocols: &protocols}}
	resp, err := client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("call %s: %w", addr, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, fmt.Errorf("read answer: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("HTTP %s", resp.Status)
	}
	// A trailers-only answer carries grpc-status in the headers.
	code := resp.Trailer.Get("Grpc-Status")
	if code == "" {
		code = resp.Header.Get("Grpc-Status")
	}
	if code != "0" {
		m := resp.Trailer.Get("Grpc-Message")
		if m == "" {
			m = resp.Header.Get("Grpc-Message")
		}
		return 0, fmt.Errorf("grpc-status %s: %s", code, m)
	}
	if len(data) < 5 || data[0] != 0 || int(binary.BigEndian.Uint32(data[1:5])) != len(data)-5 {
		return 0, errors.New("malformed gRPC answer frame")
	}
	return parseStatus(data[5:])
}

// parseStatus reads field 1 (varint) of HealthCheckResponse; absent means
// UNKNOWN (proto3 default). Other fields are skipped.
func parseStatus(b []byte) (uint64, error) {
	var status uint64
	for len(b) > 0 {
		key, n := binary.Uvarint(b)
		if n <= 0 {
			return 0, errors.New("malformed health answer")
		}
		b = b[n:]
		switch key & 7 {
		case 0:
			v, n := binary.Uvarint(b)
			if n <= 0 {
				return 0, errors.New("malformed health answer")
			}
			if key>>3 == 1 {
				status = v
			}
			b = b[n:]
		case 2:
			l, n := binary.Uvarint(b)
			if n <= 0 || uint64(len(b)-n) < l {
				return 0, errors.New("malformed health answer")
			}
			b = b[n+int(l):]
		default:
			return 0, fmt.Errorf("malformed health answer: wire type %d", key&7)
		}
	}
	return status, nil
}
