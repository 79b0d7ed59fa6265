package server

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// countingConn counts the reads of the connection underneath.
type countingConn struct {
	net.Conn
	reads int
}

func (c *countingConn) Read(p []byte) (int, error) {
	c.reads++
	return c.Conn.Read(p)
}

// Frames sent together are read with one read of the connection, where
// reading each frame's header and payload straight from it took two reads
// a frame.
func TestBufferedConnReadsFramesSentTogetherAtOnce(t *testing.T) {
	client, srv := net.Pipe()
	defer client.Close()
	counted := &countingConn{Conn: srv}
	conn := &bufferedConn{Conn: counted, r: bufio.NewReaderSize(counted, readBuffer)}
	defer conn.Close()
	// Three frames (a 9-byte header with the payload's length, then the
	// payload) in one write, as a client flushes a message and a window update.
	var frames bytes.Buffer
	payloads := [][]byte{bytes.Repeat([]byte{'a'}, 40), {0, 0, 0, 9}, bytes.Repeat([]byte{'b'}, 300)}
	for _, p := range payloads {
		frames.Write([]byte{0, byte(len(p) >> 8), byte(len(p)), 0, 0, 0, 0, 0, 1})
		frames.Write(p)
	}
	go func() { _, _ = client.Write(frames.Bytes()) }()
	for i, want := range payloads {
		var header [9]byte
		if _, err := io.ReadFull(conn, header[:]); err != nil {
			t.Fatal(err)
		}
		got := make([]byte, int(header[1])<<8|int(header[2]))
		if _, err := io.ReadFull(conn, got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("frame %d: payload %q, want %q", i, got, want)
		}
	}
	if counted.reads != 1 {
		t.Errorf("three frames sent together took %d reads of the connection, want 1", counted.reads)
	}
}

// What the server writes with ReadFrom and CloseWrite reaches the
// connection underneath.
func TestBufferedConnWritesThrough(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	bl := bufferedListener{ln}
	got := make(chan string, 1)
	go func() {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			got <- err.Error()
			return
		}
		defer c.Close()
		b, _ := io.ReadAll(c) // until the half-close
		got <- string(b)
	}()
	c, err := bl.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.(io.ReaderFrom).ReadFrom(strings.NewReader("hello, ")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Write([]byte("world")); err != nil {
		t.Fatal(err)
	}
	if err := c.(interface{ CloseWrite() error }).CloseWrite(); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "hello, world" {
		t.Fatalf("the peer read %q", s)
	}
}

// A TLS listener's connections are left as they are: net/http must see the
// *tls.Conn to negotiate HTTP/2, and TLS buffers its reads itself.
func TestBufferedListenerLeavesTLSAlone(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	bl := bufferedListener{tls.NewListener(ln, &tls.Config{})}
	go func() {
		if c, err := net.Dial("tcp", ln.Addr().String()); err == nil {
			defer c.Close()
			time.Sleep(100 * time.Millisecond)
		}
	}()
	c, err := bl.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, ok := c.(*tls.Conn); !ok {
		t.Fatalf("accepted %T, want the *tls.Conn", c)
	}
}
