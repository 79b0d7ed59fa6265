-- Claim up to ARGV[3] deadline entries due at ARGV[1] (ms): each is pushed
-- to ARGV[2] (now + lease) so no other replica claims it meanwhile.
-- KEYS: deadlines
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, m in ipairs(due) do
  redis.call('ZADD', KEYS[1], 'XX', ARGV[2], m)
end
return due
