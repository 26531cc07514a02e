import { createHash } from 'node:crypto';
import type { RedisClient } from './redis-clients';

/** How a script reads one of its arguments: as given, as a number, as true/false, or decoded JSON. */
export type ArgKind = 'string' | 'number' | 'boolean' | 'json';
type ArgValue<Kind extends ArgKind> = Kind extends 'string'
  ? string
  : Kind extends 'number'
    ? number
    : Kind extends 'boolean'
      ? boolean
      : unknown;

/**
 * A Lua script with its keys and arguments named once. The script reads them as `KEY.<name>` and
 * `ARG.<name>` (numbers, booleans and JSON already converted), and its caller passes them by name:
 * nothing has to follow a positional order by hand. On a cluster every key must share one hash tag.
 */
export interface ScriptSpec<Key extends string, Args extends Record<string, ArgKind>> {
  keys: readonly Key[];
  args: Args;
  /** Lua that reads `KEY` and `ARG` (see above). */
  body: string;
}

export type ScriptKeys<Key extends string> = Record<Key, string>;
export type ScriptArgs<Args extends Record<string, ArgKind>> = { [Name in keyof Args]: ArgValue<Args[Name]> };

const LUA_READERS: Record<ArgKind, (argv: string) => string> = {
  string: (argv) => argv,
  number: (argv) => `tonumber(${argv})`,
  boolean: (argv) => `${argv} == '1'`,
  json: (argv) => `cjson.decode(${argv})`,
};

function encode(kind: ArgKind, value: unknown): string {
  if (kind === 'boolean') return value ? '1' : '0';
  if (kind === 'json') return JSON.stringify(value);
  return String(value);
}

/** Builds a script and the function that runs it (by digest; its text goes once when Redis lacks it). */
export function redisScript<const Key extends string, const Args extends Record<string, ArgKind>>(
  spec: ScriptSpec<Key, Args>,
) {
  const argNames = Object.keys(spec.args) as Array<keyof Args & string>;
  const source = [
    `local KEY = {${spec.keys.map((name, i) => `${name} = KEYS[${i + 1}]`).join(', ')}}`,
    `local ARG = {${argNames.map((name, i) => `${name} = ${LUA_READERS[spec.args[name]!](`ARGV[${i + 1}]`)}`).join(', ')}}`,
    spec.body,
  ].join('\n');
  const sha = createHash('sha1').update(source).digest('hex');

  return {
    source,
    async run(redis: RedisClient, keys: ScriptKeys<Key>, args: ScriptArgs<Args>): Promise<unknown> {
      const keyList = spec.keys.map((name) => keys[name]);
      const argList = argNames.map((name) => encode(spec.args[name]!, args[name]));
      try {
        return await redis.evalsha(sha, keyList.length, ...keyList, ...argList);
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
        return redis.eval(source, keyList.length, ...keyList, ...argList);
      }
    },
  };
}
