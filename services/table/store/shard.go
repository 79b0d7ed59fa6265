package store

import (
	"hash/fnv"
	"strconv"
)

// Shards is how many pieces the two indexes shared by all tables (the
// deadline index and the lobby) are cut into. A table's entries go to one
// shard (chosen from its id); a claim or a lobby read visits all of them.
// On Redis Cluster each shard is a slot of its own, and the shards' slots
// are spread evenly over the slot space, so the indexes' load spreads over
// the masters instead of all landing on the one that would hold a single
// global key. The number is part of the key layout: every replica must
// use the same.
const Shards = 16

// clusterSlots is the number of hash slots of a Redis Cluster.
const clusterSlots = 16384

// shardTag is shard i's hash tag: it hashes to a slot in the i-th
// sixteenth of the slot space, so on a cluster whose masters split the
// slots evenly (what redis-cli --cluster create does) every master holds
// its share of the shards.
func shardTag(i int) string {
	lo, hi := i*clusterSlots/Shards, (i+1)*clusterSlots/Shards
	for j := 0; ; j++ {
		tag := "s" + strconv.Itoa(i) + "." + strconv.Itoa(j)
		if s := keySlot(tag); s >= lo && s < hi {
			return tag
		}
	}
}

// shardOf is the shard of a table's index entries.
func shardOf(table string) int {
	h := fnv.New32a()
	h.Write([]byte(table))
	return int(h.Sum32() % Shards)
}

// shardKeys are the shards' keys for part ("deadlines", "lobby"):
// <prefix>tables:{<tag>}:<part>.
func shardKeys(prefix, part string) [Shards]string {
	var out [Shards]string
	for i := range out {
		out[i] = prefix + "tables:{" + shardTag(i) + "}:" + part
	}
	return out
}

// keySlot is Redis Cluster's hash slot of a key with no hash tag in it:
// CRC16 (XMODEM) mod 16384.
func keySlot(key string) int {
	var crc uint16
	for i := 0; i < len(key); i++ {
		crc ^= uint16(key[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return int(crc) % clusterSlots
}
