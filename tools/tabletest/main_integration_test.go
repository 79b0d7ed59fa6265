//go:build integration

package tabletest

import (
	"os"
	"testing"

	"github.com/croupier/croupier/shared/redisconn/rediscluster"
)

// TestMain puts the suite on a Redis Cluster of its own when
// CROUPIER_TEST_REDIS_CLUSTER=1 (make integration runs it so too).
func TestMain(m *testing.M) { os.Exit(rediscluster.Main(m)) }
