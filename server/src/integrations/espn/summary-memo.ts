/**
 * Reading the spans of a JSON body (summary-json.ts) into values, keeping what was read for the next
 * body of the same resource: a span whose bytes are the ones read last time (the scan, given this
 * memo as its hint, marks it `same`) gives last time's value, the same object, without being parsed
 * or checked again. A live game's summary, read every few seconds, differs from the last one by a few
 * plays, a point of win probability and the box score's numbers: only those are parsed. Lists are
 * compared element by element, objects member by member, down to where the plan spans.
 *
 * Each reader gives exactly what its zod schema gives for the span's JSON (summary.ts builds them
 * beside the schemas, and its tests hold the two equal): a value read anew is JSON.parse'd and run
 * through the schema; readers only decide which parts need reading. Values are shared between reads:
 * callers treat them as read-only.
 */
import type { JsonPlan, JsonSpan } from './summary-json';

/** What a read left for the next one: where its span sat, its value, and its parts. */
export interface Memo<T = unknown> {
  /** The span's start, relative to its parent's start. */
  rel: number;
  /** The span's length in bytes. */
  len: number;
  value: T;
  /** A list's elements, when it was read element by element. */
  items?: ReadonlyArray<Memo>;
  /** An object's members that were present, when it was read member by member. */
  fields?: ReadonlyMap<string, Memo>;
  /** Where an object's other members sat (read member by member): what the next scan steps over. */
  skipped?: ReadonlyMap<string, { rel: number; len: number }>;
}

/** The body being read, scanned with the previous memo as its hint. */
export interface ReadContext {
  body: Buffer;
}

export interface SpanReader<T> {
  readonly plan: JsonPlan;
  /**
   * The value of `span` (at `rel` within its parent), given what was read at the same place last
   * time (`prev`: the memo the scan was given as the span's hint), if anything.
   */
  read(ctx: ReadContext, span: JsonSpan, rel: number, prev: Memo<T> | undefined): Memo<T>;
}

export interface LeafReader<T> extends SpanReader<T> {
  readonly plan: null;
  fromJson(json: unknown): T;
}

/** A list entry that its schema refuses: left out of the list. */
export const DROPPED: unique symbol = Symbol('dropped');
export type Entry<T> = T | typeof DROPPED;

/** Changed elements past which a list is parsed in one JSON.parse rather than one per element. */
const BULK = 32;

const parseSpan = (body: Buffer, span: JsonSpan): unknown =>
  JSON.parse(body.toString('utf8', span.start, span.end));

/** Whether the span holds the very bytes of what was read at its place last time. */
function same(span: JsonSpan, prev: Memo | undefined): boolean {
  if (span.same !== true) return false;
  if (!prev) throw new Error('A span the scan found unchanged has nothing read before it');
  return true;
}

const moved = <T>(memo: Memo<T>, rel: number): Memo<T> => (memo.rel === rel ? memo : { ...memo, rel });

/** A value read whole: parsed and given to `fromJson` (a schema's parse) when its bytes changed. */
export function leaf<T>(fromJson: (json: unknown) => T): LeafReader<T> {
  return {
    plan: null,
    fromJson,
    read(ctx, span, rel, prev) {
      if (same(span, prev)) return moved(prev!, rel);
      return { rel, len: span.end - span.start, value: fromJson(parseSpan(ctx.body, span)) };
    },
  };
}

/**
 * A list read element by element: each element through `entry` (DROPPED leaves it out). `whole` reads
 * a value that is not an array (what the list's schema makes of it). The list is the same array as
 * last time when every element is.
 */
export function list<T, W = T[]>(
  entry: SpanReader<Entry<T>>,
  whole: (json: unknown) => W,
): SpanReader<T[] | W> {
  const leafEntry = entry.plan === null && 'fromJson' in entry ? (entry as LeafReader<Entry<T>>) : null;
  return {
    plan: { element: entry.plan },
    read(ctx, span, rel, prev) {
      const len = span.end - span.start;
      if (same(span, prev)) return moved(prev!, rel);
      const elements = span.elements;
      if (!elements) return { rel, len, value: whole(parseSpan(ctx.body, span)) };
      const before = prev?.items;
      const kept = span.sameFirst ?? 0;
      const items: Memo[] = kept > 0 ? before!.slice(0, kept) : [];
      let bulk: unknown[] | null = null;
      if (leafEntry && elements.length - kept > BULK) {
        const parsed = parseSpan(ctx.body, span);
        if (!Array.isArray(parsed) || parsed.length !== elements.length)
          throw new Error('The JSON scan and JSON.parse disagree on a list');
        bulk = parsed;
      }
      for (let i = kept; i < elements.length; i++) {
        const element = elements[i]!;
        const elementRel = element.start - span.start;
        const old = before?.[i] as Memo<Entry<T>> | undefined;
        if (bulk && !element.same) {
          const value = leafEntry!.fromJson(bulk[i]);
          items.push({ rel: elementRel, len: element.end - element.start, value });
        } else {
          items.push(entry.read(ctx, element, elementRel, old));
        }
      }
      const unchanged =
        before !== undefined &&
        prev !== undefined &&
        items.length === before.length &&
        items.every((item, i) => item.value === before[i]!.value);
      const value = unchanged
        ? prev.value
        : items.flatMap((item) => (item.value === DROPPED ? [] : [item.value as T]));
      return { rel, len, value, items };
    },
  };
}

/** A member of an object reader, and the value it has when the member is absent (undefined: no key). */
export interface Field<T> {
  reader: SpanReader<T>;
  absent: T | undefined;
}

/**
 * An object read member by member, for a zod object whose every field accepts anything (the loose
 * ones): the members the fields name, each through its reader, built into the object as zod builds it
 * (a present member's key is kept even when its value is undefined, an absent one's only when its
 * value is not). `whole` reads a value that is not an object. The object is the same one as last time
 * when every member is.
 */
export function object<T>(
  fields: Readonly<Record<string, Field<unknown>>>,
  build: (values: Record<string, unknown>) => T,
  whole: (json: unknown) => T,
): SpanReader<T> {
  const entries = Object.entries(fields);
  return {
    plan: { members: Object.fromEntries(entries.map(([key, field]) => [key, field.reader.plan])) },
    read(ctx, span, rel, prev) {
      const len = span.end - span.start;
      if (same(span, prev)) return moved(prev!, rel);
      const members = span.members;
      if (!members) return { rel, len, value: whole(parseSpan(ctx.body, span)) };
      const before = prev?.fields;
      let unchanged = before !== undefined && before.size === members.size;
      const values: Record<string, unknown> = {};
      const memos = new Map<string, Memo>();
      for (const [key, field] of entries) {
        const member = members.get(key);
        if (!member) {
          if (field.absent !== undefined) values[key] = field.absent;
          continue;
        }
        const old = before?.get(key);
        const memo = field.reader.read(ctx, member, member.start - span.start, old);
        memos.set(key, memo);
        values[key] = memo.value;
        if (!old || memo.value !== old.value) unchanged = false;
      }
      const skipped = new Map<string, { rel: number; len: number }>();
      for (const [key, other] of span.skipped ?? [])
        skipped.set(key, { rel: other.start - span.start, len: other.end - other.start });
      return { rel, len, value: unchanged ? prev!.value : build(values), fields: memos, skipped };
    },
  };
}
