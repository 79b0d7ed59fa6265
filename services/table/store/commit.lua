-- Commit one command to a table if its version is still ARGV[1].
-- KEYS: ver, log, snap, hand (or ver when none), hands[, deadlines]
-- ARGV: expected version, new version, sealed command, log length,
--       sealed snapshot ('' = none), sealed hand ('' = none), hand id,
--       hand TTL seconds, last index of the recent-hands list
--       [, deadline score ('' = none), deadline member, superseded
--       deadline member ('' = none)] (one Redis: the deadline index entries
--       are added and removed with the commit; Redis Cluster: the caller
--       does it, as the index lives in another slot)
local cur = redis.call('GET', KEYS[1])
if cur == false then
  return {0, ''}
end
if cur ~= ARGV[1] then
  return {0, cur}
end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[4], '*', 'v', ARGV[2], 'c', ARGV[3])
redis.call('SET', KEYS[1], ARGV[2])
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[3], 'v', ARGV[2], 'id', id, 's', ARGV[5])
end
if ARGV[6] ~= '' then
  redis.call('SET', KEYS[4], ARGV[6], 'EX', ARGV[8])
  redis.call('LPUSH', KEYS[5], ARGV[7])
  redis.call('LTRIM', KEYS[5], 0, ARGV[9])
end
if KEYS[6] then
  if ARGV[12] ~= '' then
    redis.call('ZREM', KEYS[6], ARGV[12])
  end
  if ARGV[10] ~= '' then
    redis.call('ZADD', KEYS[6], ARGV[10], ARGV[11])
  end
end
return {1, id}
