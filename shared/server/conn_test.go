package server

import (
	"bytes"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"strings"
	"sync"
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
	conn := newBufferedConn(counted, testBuffers())
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
// connection underneath, in order with what it writes with Write.
func TestBufferedConnWritesThrough(t *testing.T) {
	c, got := acceptWithPeer(t)
	defer c.Close()
	// Written, sent with the connection's own ReadFrom, written again:
	// what was pending goes first.
	if _, err := c.Write([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ReadFrom(strings.NewReader(", ")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Write([]byte("world")); err != nil {
		t.Fatal(err)
	}
	if err := c.CloseWrite(); err != nil {
		t.Fatal(err)
	}
	if s := string(<-got); s != "hello, world" {
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
	bl := newBufferedListener(tls.NewListener(ln, &tls.Config{}))
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

// gatedConn is a connection whose writes are recorded, and whose first
// write waits until the test opens the gate.
type gatedConn struct {
	net.Conn
	entered chan struct{} // closed when the first write has begun
	gate    chan struct{} // the first write returns once this is closed
	closed  chan struct{} // closed by Close

	mu     sync.Mutex
	writes [][]byte
}

func newGatedConn() *gatedConn {
	c, peer := net.Pipe()
	go func() { _, _ = io.Copy(io.Discard, peer) }()
	return &gatedConn{Conn: c, entered: make(chan struct{}), gate: make(chan struct{}), closed: make(chan struct{})}
}

func (c *gatedConn) Close() error {
	close(c.closed)
	return c.Conn.Close()
}

func (c *gatedConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	c.writes = append(c.writes, bytes.Clone(p))
	first := len(c.writes) == 1
	c.mu.Unlock()
	if first {
		close(c.entered)
		<-c.gate
	}
	return len(p), nil
}

func (c *gatedConn) recorded() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]string, len(c.writes))
	for i, w := range c.writes {
		out[i] = string(w)
	}
	return out
}

// What is written while the connection is busy sending leaves in one
// write, in the order it was written: the messages several streams send at
// one moment cost one system call, not one each.
func TestBufferedConnSendsWhatWaitedInOneWrite(t *testing.T) {
	under := newGatedConn()
	c := newBufferedConn(under, testBuffers())
	if _, err := c.Write([]byte("first")); err != nil {
		t.Fatal(err)
	}
	<-under.entered // the flusher is sending "first"
	var wg sync.WaitGroup
	for _, m := range []string{"a", "b", "c"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Write([]byte(m)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	close(under.gate)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	<-under.closed // the flusher closes it after its last send
	got := under.recorded()
	if len(got) != 2 || got[0] != "first" || len(got[1]) != 3 {
		t.Fatalf("writes to the connection: %q, want \"first\" and then a, b and c in one", got)
	}
	for _, m := range []string{"a", "b", "c"} {
		if !strings.Contains(got[1], m) {
			t.Fatalf("second write %q lacks %q", got[1], m)
		}
	}
}

// Close returns while a send is still in flight (net/http closes idle
// connections one after another), and the connection closes after it.
func TestBufferedConnCloseDoesNotWaitForTheSend(t *testing.T) {
	under := newGatedConn()
	c := newBufferedConn(under, testBuffers())
	if _, err := c.Write([]byte("slow")); err != nil {
		t.Fatal(err)
	}
	<-under.entered
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-under.closed:
		t.Fatal("the connection closed before its send finished")
	default:
	}
	if err := c.Close(); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("a second Close: %v, want net.ErrClosed", err)
	}
	close(under.gate)
	<-under.closed
}

// Every byte written reaches the peer, in order, whatever the sizes of the
// writes (some larger than the backlog) and however many goroutines write:
// each writer's own writes arrive in its order.
func TestBufferedConnDeliversEveryByteInOrder(t *testing.T) {
	for seed := range int64(20) {
		rng := rand.New(rand.NewPCG(uint64(seed), 1))
		c, got := acceptWithPeer(t)
		const writers = 4
		sent := make([][]byte, writers)
		var wg sync.WaitGroup
		for w := range writers {
			// Each writer writes records "<writer><serial>:<filler>|".
			sizes := make([]int, 1+rng.IntN(40))
			for i := range sizes {
				sizes[i] = rng.IntN(200)
				if rng.IntN(15) == 0 {
					sizes[i] = writeBacklog + rng.IntN(writeBacklog)
				}
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i, n := range sizes {
					rec := fmt.Appendf(nil, "%d%06d:%s|", w, i, bytes.Repeat([]byte{'x'}, n))
					sent[w] = append(sent[w], rec...)
					if _, err := c.Write(rec); err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
		wg.Wait()
		if err := c.CloseWrite(); err != nil {
			t.Fatal(err)
		}
		b := <-got
		c.Close()
		// Split what arrived by writer; each writer's records must be
		// exactly what it wrote, in order.
		mine := make([][]byte, writers)
		for len(b) > 0 {
			end := bytes.IndexByte(b, '|')
			if end < 0 {
				t.Fatalf("seed %d: a record cut short: %.40q", seed, b)
			}
			w := int(b[0] - '0')
			if w < 0 || w >= writers {
				t.Fatalf("seed %d: bytes of no writer: %.40q", seed, b)
			}
			mine[w] = append(mine[w], b[:end+1]...)
			b = b[end+1:]
		}
		for w := range writers {
			if !bytes.Equal(mine[w], sent[w]) {
				t.Fatalf("seed %d: writer %d: %d bytes arrived, %d written, or out of order", seed, w, len(mine[w]), len(sent[w]))
			}
		}
	}
}

// A peer that stops reading holds writers up once the backlog is full,
// as the connection itself would: memory stays bounded.
func TestBufferedConnHoldsWritersWhenThePeerStopsReading(t *testing.T) {
	raw, peer := net.Pipe() // a write returns only once the peer reads it
	defer peer.Close()
	c := newBufferedConn(raw, testBuffers())
	if _, err := c.Write([]byte("x")); err != nil { // the flusher blocks sending it
		t.Fatal(err)
	}
	if _, err := c.Write(make([]byte, writeBacklog)); err != nil { // pending: the backlog
		t.Fatal(err)
	}
	wrote := make(chan error, 1)
	go func() {
		_, err := c.Write([]byte("y"))
		wrote <- err
	}()
	select {
	case err := <-wrote:
		t.Fatalf("a write past the backlog returned (%v) while the peer read nothing", err)
	case <-time.After(100 * time.Millisecond):
	}
	go func() { _, _ = io.Copy(io.Discard, peer) }()
	if err := <-wrote; err != nil {
		t.Fatalf("once the peer reads, the write returns %v", err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

// Close sends what is pending before it closes; a write after it fails.
func TestBufferedConnCloseSendsWhatIsPending(t *testing.T) {
	raw, peer := net.Pipe()
	got := make(chan string, 1)
	go func() {
		b, _ := io.ReadAll(peer)
		got <- string(b)
	}()
	c := newBufferedConn(raw, testBuffers())
	for _, m := range []string{"one ", "two ", "three"} {
		if _, err := c.Write([]byte(m)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "one two three" {
		t.Fatalf("the peer read %q before the close", s)
	}
	if _, err := c.Write([]byte("late")); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("write after Close: %v, want net.ErrClosed", err)
	}
}

// A connection closed while its peer reads nothing closes once its last
// send has had closeFlush to finish, and a failed send is returned by the
// next write.
func TestBufferedConnCloseGivesUpAndErrorsStick(t *testing.T) {
	raw, peer := net.Pipe()
	c := newBufferedConn(raw, testBuffers())
	if _, err := c.Write([]byte("never read")); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	// A write to the connection's side of the pipe fails once it is closed.
	_ = peer.SetWriteDeadline(time.Now().Add(closeFlush + 5*time.Second))
	if _, err := peer.Write([]byte("x")); !errors.Is(err, io.ErrClosedPipe) {
		t.Fatalf("the connection with a send nobody reads was not closed: the peer's write gave %v", err)
	}
	peer.Close()

	raw, peer = net.Pipe()
	c = newBufferedConn(raw, testBuffers())
	defer c.Close()
	peer.Close()
	if _, err := c.Write([]byte("lost")); err != nil {
		t.Fatalf("the first write only queues: %v", err)
	}
	var err error
	if !eventually(func() bool { _, err = c.Write(nil); return err != nil }) {
		t.Fatal("writes still succeed after the send to a closed peer failed")
	}
	if !errors.Is(err, io.ErrClosedPipe) {
		t.Fatalf("write after a failed send: %v, want the send's error", err)
	}
}

// Once what was written is sent, the connection holds no send buffer: an
// idle connection costs its listener's pool nothing.
func TestBufferedConnIdleHoldsNoBuffer(t *testing.T) {
	raw, peer := net.Pipe()
	defer peer.Close()
	c := newBufferedConn(raw, testBuffers())
	defer c.Close()
	if _, err := c.Write([]byte("hand 1")); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, len("hand 1"))
	if _, err := io.ReadFull(peer, got); err != nil {
		t.Fatal(err)
	}
	var held bool
	if !eventually(func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		held = c.pending != nil
		return !c.writing && !c.queued
	}) {
		t.Fatal("the flusher never finished its send")
	}
	if held {
		t.Fatal("an idle connection still holds its send buffer")
	}
}

// acceptWithPeer returns a connection the listener accepted and what its
// peer reads from it until it is closed or half-closed.
func acceptWithPeer(t *testing.T) (*bufferedConn, <-chan []byte) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	got := make(chan []byte, 1)
	go func() {
		d, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			got <- nil
			return
		}
		defer d.Close()
		b, _ := io.ReadAll(d)
		got <- b
	}()
	c, err := newBufferedListener(ln).Accept()
	if err != nil {
		t.Fatal(err)
	}
	return c.(*bufferedConn), got
}

// eventually reports whether cond held within five seconds.
func eventually(cond func() bool) bool {
	for range 5000 {
		if cond() {
			return true
		}
		time.Sleep(time.Millisecond)
	}
	return false
}

func testBuffers() *sync.Pool { return newBufferedListener(nil).buffers }
