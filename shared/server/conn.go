package server

import (
	"bufio"
	"crypto/tls"
	"io"
	"net"
	"runtime"
	"sync"
	"time"
)

// readBuffer is each connection's read buffer: a few small frames, or the
// start of a large one (bufio reads a payload larger than the buffer
// straight into the caller's slice).
const readBuffer = 4 << 10

// writeBacklog bounds what a connection holds written but not yet sent: a
// writer that would pass it waits until the flusher has taken what is
// pending, so a peer that stops reading holds its writers up as before.
const writeBacklog = 64 << 10

// poolBuffer is the largest send buffer a connection gives back to its
// listener's pool.
const poolBuffer = 16 << 10

// closeFlush is how long a closed connection's flusher may take to send
// what is pending before the connection closes anyway.
const closeFlush = time.Second

// bufferedListener gives each connection it accepts a read buffer and a
// flusher for its writes.
//
// Reads: Go's HTTP/2 server reads a frame's 9-byte header and then its
// payload straight from the connection, two read system calls a frame, and
// a third to learn that nothing more has come: a command on a Play stream
// cost the server three. Through the buffer, one read takes all the client
// has sent.
//
// Writes: the server flushes each stream's message on its own, and the
// viewers of a table get theirs at the same moment, often over one
// connection (the players of a partner front-end share one): three viewers
// cost three write system calls, and the client three reads. Through the
// flusher (bufferedConn.flush) the messages of one moment leave together.
//
// The listener's connections share a pool of send buffers: an idle
// connection holds none (a server may keep thousands open).
type bufferedListener struct {
	net.Listener
	buffers *sync.Pool
}

func newBufferedListener(ln net.Listener) bufferedListener {
	return bufferedListener{Listener: ln, buffers: &sync.Pool{New: func() any { return new([]byte) }}}
}

// Accept implements net.Listener.
func (l bufferedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	if _, ok := c.(*tls.Conn); ok {
		// TLS reads whole records into a buffer of its own, and net/http
		// must see the *tls.Conn to negotiate HTTP/2.
		return c, nil
	}
	return newBufferedConn(c, l.buffers), nil
}

// bufferedConn is a connection read through a buffer and written through
// a flusher goroutine. Only the server's connection goroutines read it, one
// at a time, as they read the connection itself; any goroutine may write.
type bufferedConn struct {
	net.Conn
	r *bufio.Reader

	buffers *sync.Pool // of *[]byte, up to poolBuffer

	mu sync.Mutex
	// room is broadcast when what is pending is taken, when a write to the
	// connection ends, and when the connection closes.
	room    sync.Cond
	pending *[]byte // written to c, not yet to the connection (nil: nothing, and no buffer held)
	queued  bool    // the flusher has been woken for what is pending
	writing bool    // a goroutine is writing to the connection
	closing bool
	err     error         // the first failed write's: every later Write returns it
	wake    chan struct{} // one token: something is pending, or the connection closes
}

func newBufferedConn(c net.Conn, buffers *sync.Pool) *bufferedConn {
	b := &bufferedConn{Conn: c, r: bufio.NewReaderSize(c, readBuffer), buffers: buffers,
		wake: make(chan struct{}, 1)}
	b.room.L = &b.mu
	go b.flush()
	return b
}

// Read implements net.Conn.
func (c *bufferedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// Write implements net.Conn: p joins what is pending, for the flusher to
// send. An error writing to the connection is returned by the next Write.
func (c *bufferedConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.err == nil && !c.closing && c.pending != nil && len(*c.pending)+len(p) > writeBacklog {
		c.room.Wait()
	}
	switch {
	case c.err != nil:
		return 0, c.err
	case c.closing:
		return 0, net.ErrClosed
	}
	if len(p) == 0 {
		return 0, nil
	}
	if c.pending == nil {
		c.pending = c.buffers.Get().(*[]byte)
		*c.pending = (*c.pending)[:0]
	}
	*c.pending = append(*c.pending, p...)
	if !c.queued {
		c.queued = true
		c.signal()
	}
	return len(p), nil
}

// signal wakes the flusher (a token already waiting will).
func (c *bufferedConn) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// flush sends what is pending each time it is woken; once the connection
// is closed, it sends what is left and closes the connection underneath.
// Before it takes the pending bytes it yields to the goroutines ready to
// run: the other streams' messages caused by the same event are written
// meanwhile and leave in the same system call. In an idle process none are
// ready, and it sends at once.
func (c *bufferedConn) flush() {
	for range c.wake {
		runtime.Gosched()
		out, closing := c.take()
		c.sent(out, c.write(out))
		if closing {
			_ = c.Conn.Close()
			return
		}
	}
}

// take waits for the connection to be free, marks it as being written and
// returns what is pending; sent ends the write.
func (c *bufferedConn) take() (out *[]byte, closing bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.writing {
		c.room.Wait()
	}
	out = c.pending
	c.pending = nil
	c.queued, c.writing = false, true
	c.room.Broadcast()
	return out, c.closing
}

func (c *bufferedConn) write(out *[]byte) error {
	if out == nil || len(*out) == 0 {
		return nil
	}
	_, err := c.Conn.Write(*out)
	return err
}

// sent ends the write take began: it keeps the error for the next Write
// and gives the buffer back to the pool.
func (c *bufferedConn) sent(out *[]byte, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writing = false
	if err != nil && c.err == nil {
		c.err = err
	}
	if out != nil && cap(*out) <= poolBuffer {
		c.buffers.Put(out)
	}
	c.room.Broadcast()
}

// direct sends what is pending, then runs fn with the connection to itself:
// for what writes to the connection other than by Write.
func (c *bufferedConn) direct(fn func() error) error {
	out, _ := c.take()
	werr := c.write(out)
	err := werr
	if err == nil {
		err = fn()
	}
	c.sent(out, werr)
	return err
}

// Close has the flusher send what is pending and close the connection, and
// returns at once: net/http closes idle connections one after another, and
// a peer that reads nothing must not hold the others up. The flusher's
// writes get closeFlush to finish.
func (c *bufferedConn) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing {
		return net.ErrClosed
	}
	c.closing = true
	c.room.Broadcast()
	c.signal()
	if err := c.Conn.SetWriteDeadline(time.Now().Add(closeFlush)); err != nil {
		// The connection cannot bound the flusher's last write: close it
		// now, as a plain connection would be.
		return c.Conn.Close()
	}
	return nil
}

// CloseWrite sends what is pending and half-closes the connection, as
// net/http does to a TCP connection before it closes it.
func (c *bufferedConn) CloseWrite() error {
	return c.direct(func() error {
		if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
			return cw.CloseWrite()
		}
		return nil
	})
}

// ReadFrom lets net/http send a file or body with the connection's own
// ReadFrom (sendfile or splice on TCP), which the embedding would hide,
// after what is pending.
func (c *bufferedConn) ReadFrom(r io.Reader) (n int64, err error) {
	err = c.direct(func() error {
		var err error
		n, err = io.Copy(c.Conn, r)
		return err
	})
	return n, err
}
