-- Create a table at version ARGV[1] with its first snapshot.
-- KEYS: ver, snap, head (commit.lua: the version and the log's newest
-- entry id, none yet)
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[3], ARGV[1] .. ' ')
redis.call('HSET', KEYS[2], 'v', ARGV[1], 's', ARGV[2])
return 1
