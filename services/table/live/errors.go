package live

import (
	"connectrpc.com/connect"

	"github.com/croupier/croupier/shared/apierr"
)

// internal is an inconsistency that is no caller's fault.
func internal(reason, format string, args ...any) *apierr.Error {
	return apierr.New(connect.CodeInternal, reason, format, args...)
}
