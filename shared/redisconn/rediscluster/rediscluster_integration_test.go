//go:build integration

package rediscluster

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/croupier/croupier/shared/redisconn"
)

// A started cluster serves every slot from its three masters, and a
// client from redisconn's cluster configuration reaches keys on each.
func TestStartFormsACluster(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := Start(ctx, t.TempDir(), 3)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Stop()
	rdb, err := redisconn.Config{Addr: c.Seeds(), Cluster: true}.Open(ctx, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer rdb.Close()
	cc, ok := rdb.(*redis.ClusterClient)
	if !ok {
		t.Fatalf("cluster config gave a %T", rdb)
	}
	shards, err := cc.ClusterShards(ctx).Result()
	if err != nil {
		t.Fatal(err)
	}
	covered := 0
	for _, s := range shards {
		for _, r := range s.Slots {
			covered += int(r.End - r.Start + 1)
		}
	}
	if len(shards) != 3 || covered != Slots {
		t.Fatalf("%d shards covering %d slots: %+v", len(shards), covered, shards)
	}
	// Twenty keys of their own hash tags land on all three masters.
	owners := map[string]bool{}
	for i := range 20 {
		m, err := cc.MasterForKey(ctx, "{k"+strconv.Itoa(i)+"}")
		if err != nil {
			t.Fatal(err)
		}
		owners[m.Options().Addr] = true
	}
	if len(owners) != 3 {
		t.Errorf("keys only on %v", owners)
	}
}
