package tournament

import "connectrpc.com/connect"

func codeOf(c int) connect.Code { return connect.Code(c) }
