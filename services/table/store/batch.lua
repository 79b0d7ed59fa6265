-- Run several commits in one call: the commit script (commit.lua) is the
-- function commit above, called once for each commit with its own keys and
-- arguments, so each is compared and set on its own.
-- ARGV: the number of commits, then for each: its number of keys, its
--       number of arguments, its arguments
-- KEYS: each commit's keys, in order
-- Returns each commit's reply; {-1, message} for a commit whose Redis call
-- failed (the others stand: a script is not rolled back).
local out = {}
local k, a = 1, 2
for i = 1, tonumber(ARGV[1]) do
  local nk, na = tonumber(ARGV[a]), tonumber(ARGV[a + 1])
  local keys, args = {}, {}
  for j = 1, nk do
    keys[j] = KEYS[k + j - 1]
  end
  for j = 1, na do
    args[j] = ARGV[a + 1 + j]
  end
  local ok, reply = pcall(commit, keys, args)
  if ok then
    out[i] = reply
  else
    out[i] = {-1, tostring(reply)}
  end
  k = k + nk
  a = a + 2 + na
end
return out
