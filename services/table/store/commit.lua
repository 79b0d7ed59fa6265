-- Commit one command to a table if its version is still ARGV[1] and the
-- log's newest entry is still ARGV[10] (the caller's history: a Redis
-- restored from an older copy and written on since has the version but
-- not the entry; '' = an empty log).
-- KEYS: ver, log, snap, hand and hands (ver, twice, when none), head[,
--       deadlines]
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
-- The head key holds "<version> <newest log entry id>", written with every
-- commit: it names the log's head only while the table is at that
-- version. A table last written by an older replica (no head key, or one
-- left at an older version) has its head read from the log, as before:
-- the XREVRANGE costs Redis about three times what the rest of a commit
-- does, as it returns the whole entry.
local head
local known = redis.call('GET', KEYS[6])
if known and string.sub(known, 1, #cur + 1) == cur .. ' ' then
  head = string.sub(known, #cur + 2)
else
  local newest = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
  head = ''
  if newest[1] then
    head = newest[1][1]
  end
end
if cur ~= ARGV[1] or head ~= ARGV[10] then
  return {0, cur, head}
end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[4], '*', 'v', ARGV[2], 'c', ARGV[3])
redis.call('SET', KEYS[1], ARGV[2])
redis.call('SET', KEYS[6], ARGV[2] .. ' ' .. id)
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[3], 'v', ARGV[2], 'id', id, 's', ARGV[5])
end
if ARGV[6] ~= '' then
  redis.call('SET', KEYS[4], ARGV[6], 'EX', ARGV[8])
  redis.call('LPUSH', KEYS[5], ARGV[7])
  redis.call('LTRIM', KEYS[5], 0, ARGV[9])
end
if KEYS[7] then
  if ARGV[13] ~= '' then
    redis.call('ZREM', KEYS[7], ARGV[13])
  end
  if ARGV[11] ~= '' then
    redis.call('ZADD', KEYS[7], ARGV[11], ARGV[12])
  end
end
return {1, id}
