package server

import (
	"bufio"
	"crypto/tls"
	"io"
	"net"
)

// readBuffer is each connection's read buffer: a few small frames, or the
// start of a large one (bufio reads a payload larger than the buffer
// straight into the caller's slice).
const readBuffer = 4 << 10

// bufferedListener gives each connection it accepts a read buffer. Go's
// HTTP/2 server reads a frame's 9-byte header and then its payload straight
// from the connection, two read system calls a frame, and a third to learn
// that nothing more has come: a command on a Play stream cost the server
// three. Through the buffer, one read takes all the client has sent.
type bufferedListener struct{ net.Listener }

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
	return &bufferedConn{Conn: c, r: bufio.NewReaderSize(c, readBuffer)}, nil
}

// bufferedConn is a connection read through a buffer. Only the server's
// connection goroutines read it, one at a time, as they read the
// connection itself.
type bufferedConn struct {
	net.Conn
	r *bufio.Reader
}

// Read implements net.Conn.
func (c *bufferedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// CloseWrite half-closes the connection, as net/http does to a TCP
// connection before it closes it.
func (c *bufferedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// ReadFrom lets net/http send a file or body with the connection's own
// ReadFrom (sendfile or splice on TCP), which the embedding would hide.
func (c *bufferedConn) ReadFrom(r io.Reader) (int64, error) {
	return io.Copy(c.Conn, r)
}
