package store

import (
	"fmt"
	"testing"
)

// keySlot is Redis Cluster's: the CRC16 check value of the Redis Cluster
// specification ("123456789" -> 0x31C3) and slots CLUSTER KEYSLOT gives.
func TestKeySlot(t *testing.T) {
	for key, want := range map[string]int{"123456789": 0x31C3 % clusterSlots, "foo": 12182, "bar": 5061, "": 0} {
		if got := keySlot(key); got != want {
			t.Errorf("slot of %q: %d, want %d", key, got, want)
		}
	}
}

// Shard i's tag hashes into the i-th sixteenth of the slots, so the shards
// spread over the masters of any cluster that splits the slots evenly.
func TestShardTagsSpreadOverTheSlots(t *testing.T) {
	seen := map[string]bool{}
	for i := range Shards {
		tag := shardTag(i)
		slot := keySlot(tag)
		if slot < i*clusterSlots/Shards || slot >= (i+1)*clusterSlots/Shards || seen[tag] {
			t.Errorf("shard %d: tag %q in slot %d", i, tag, slot)
		}
		seen[tag] = true
	}
	keys := shardKeys("p:", "deadlines")
	if keys[3] != "p:tables:{"+shardTag(3)+"}:deadlines" {
		t.Errorf("key %q", keys[3])
	}
}

// Tables spread over every shard.
func TestTablesSpreadOverTheShards(t *testing.T) {
	count := make([]int, Shards)
	for i := range 1600 {
		count[shardOf(fmt.Sprintf("t-%d", i))]++
	}
	for i, n := range count {
		if n < 50 || n > 150 {
			t.Errorf("shard %d has %d of 1,600 tables", i, n)
		}
	}
}
