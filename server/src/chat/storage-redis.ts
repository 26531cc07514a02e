import type { RedisClient } from '../storage/redis-clients';
import { redisScript } from '../storage/redis-script';
import {
  SEND,
  TOGGLE_REACTION,
  type ChatOperations,
  type ShownReactions,
  type ToggleAnswer,
} from './storage-operations';

/**
 * The send with its guards, in the order a refusal is checked (each stores and counts nothing
 * further): the same send again (a client resending a command whose answer a dropped connection
 * lost) answers the first id; a time-out; slow mode; the send limit. Then the append, the room's
 * version, the slow-mode mark and the publication on the feed (the stored JSON, as it is).
 */
const send = redisScript({
  ...SEND,
  body: `local first = redis.call('get', KEY.once)
if first then return {'stored', first} end
local mutedUntil = redis.call('get', KEY.muted)
if mutedUntil then return {'muted', mutedUntil} end
local slowModeMs = 0
if ARG.slowModeApplies then
  local ok, settings = pcall(cjson.decode, redis.call('get', KEY.settings) or '{}')
  local seconds = ok and type(settings) == 'table' and tonumber(settings.slowModeSeconds)
  for _, offered in ipairs(ARG.slowModeChoices) do
    if seconds == offered then slowModeMs = seconds * 1000 end
  end
  local last = tonumber(redis.call('get', KEY.lastSent))
  if slowModeMs > 0 and last and last + slowModeMs > ARG.now then
    return {'slow-mode', last + slowModeMs - ARG.now}
  end
end
local sent = redis.call('incr', KEY.sendRate)
redis.call('pexpire', KEY.sendRate, ARG.sendWindowMs, 'NX')
if sent > ARG.sendLimit then return {'rate-limited'} end
local id = redis.call('xadd', KEY.history, 'MAXLEN', '~', ARG.maxLength, '*', 'v', ARG.message)
redis.call('pexpire', KEY.history, ARG.ttlMs)
redis.call('incr', KEY.version)
redis.call('pexpire', KEY.version, ARG.ttlMs)
if slowModeMs > 0 then redis.call('set', KEY.lastSent, ARG.now, 'PX', ARG.lastSentTtlMs) end
local count = redis.call('incr', KEY.feedCounter)
redis.call('pexpire', KEY.feedCounter, ARG.ttlMs)
redis.call('spublish', KEY.feed, '{"type":"message","count":' .. count .. ',"id":"' .. id .. '","message":' .. ARG.message .. '}')
redis.call('set', KEY.once, id, 'PX', ARG.onceTtlMs)
return {'stored', id}`,
});

/**
 * Adds or takes back a login's reaction on a message, guarded by a time-out, the message being in
 * the history and the reaction limit. The message's reactions are one field of the game's hash,
 * JSON of emoji → logins in the order they reacted. A change renews the hash, bumps the room's
 * version and goes out on the feed; the answer (JSON) names each reaction's first logins only.
 */
const toggleReaction = redisScript({
  ...TOGGLE_REACTION,
  body: `local mutedUntil = redis.call('get', KEY.muted)
if mutedUntil then return {'muted', mutedUntil} end
if #redis.call('xrange', KEY.history, ARG.messageId, ARG.messageId) == 0 then return {'missing'} end
local reacts = redis.call('incr', KEY.reactRate)
redis.call('pexpire', KEY.reactRate, ARG.reactWindowMs, 'NX')
if reacts > ARG.reactLimit then return {'rate-limited'} end
local given = {}
local ok, stored = pcall(cjson.decode, redis.call('hget', KEY.reactions, ARG.messageId) or '{}')
if ok and type(stored) == 'table' then given = stored end
local logins = type(given[ARG.emoji]) == 'table' and given[ARG.emoji] or {}
local at
for i, login in ipairs(logins) do if login == ARG.login then at = i break end end
local changed = ARG.reacted == (at == nil)
local version
if changed then
  if at then table.remove(logins, at) else logins[#logins + 1] = ARG.login end
  given[ARG.emoji] = #logins > 0 and logins or nil
  if next(given) == nil then
    redis.call('hdel', KEY.reactions, ARG.messageId)
  else
    redis.call('hset', KEY.reactions, ARG.messageId, cjson.encode(given))
  end
  redis.call('pexpire', KEY.reactions, ARG.ttlMs)
  version = redis.call('incr', KEY.version)
  redis.call('pexpire', KEY.version, ARG.ttlMs)
else
  version = tonumber(redis.call('get', KEY.version) or '0')
end
local reactions = {}
for emoji, list in pairs(given) do
  if type(list) == 'table' and #list > 0 then
    local first = {}
    for i = 1, math.min(#list, ARG.shown) do first[i] = list[i] end
    reactions[emoji] = {count = #list, logins = first}
  end
end
if changed then
  redis.call('spublish', KEY.feed, cjson.encode({type = 'reaction', messageId = ARG.messageId,
    emoji = ARG.emoji, login = ARG.login, reacted = ARG.reacted, version = version, reactions = reactions}))
end
return {'changed', cjson.encode({version = version, messages = redis.call('hlen', KEY.reactions), reactions = reactions})}`,
});

/** The chat's steps as scripts on a Redis (or a cluster: each one's keys are one game's). */
export function createRedisChatOperations(redis: RedisClient): ChatOperations {
  return {
    async send(input) {
      const [outcome, detail] = (await send.run(redis, input.keys, input.args)) as [string, string | number];
      if (outcome === 'stored') return { stored: String(detail) };
      if (outcome === 'muted') return { refused: 'muted', until: String(detail) };
      if (outcome === 'slow-mode') return { refused: 'slow-mode', retryAfterMs: Number(detail) };
      return { refused: 'rate-limited' };
    },
    async toggleReaction(input) {
      const [outcome, detail] = (await toggleReaction.run(redis, input.keys, input.args)) as [string, string];
      if (outcome === 'muted') return { refused: 'muted', until: detail };
      if (outcome === 'missing') return { refused: 'missing' };
      if (outcome === 'rate-limited') return { refused: 'rate-limited' };
      const answer = JSON.parse(detail) as { version: number; messages: number; reactions: ShownReactions };
      return answer satisfies ToggleAnswer;
    },
  };
}
