-- Commit one command to a table if its version is still ARGV[1] and the
-- log's newest entry is still ARGV[10] (the caller's history: a Redis
-- restored from an older copy and written on since has the version but
-- not the entry; '' = an empty log).
-- KEYS: ver, log, snap, hand and hands (ver, twice, when none)[, deadlines]
-- ARGV: expected version, new version, sealed command, log length,
--       sealed snapshot ('' = none), sealed hand ('' = none), hand id,
--       hand TTL seconds, last index of the recent-hands list, expected
--       newest log entry id [, deadline score ('' = none), deadline member, superseded
--       deadline member ('' = none)] (one Redis: the deadline index entries
--       are added and removed with the commit; Redis Cluster: the caller
--       does it, as the index lives in another slot)
local cur = redis.call('GET', KEYS[1])
if cur == false then
  return {0, ''}
end
local newest = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
local head = ''
if newest[1] then
  head = newest[1][1]
end
if cur ~= ARGV[1] or head ~= ARGV[10] then
  return {0, cur, head}
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
  if ARGV[13] ~= '' then
    redis.call('ZREM', KEYS[6], ARGV[13])
  end
  if ARGV[11] ~= '' then
    redis.call('ZADD', KEYS[6], ARGV[11], ARGV[12])
  end
end
return {1, id}
