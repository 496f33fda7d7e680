import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EventMetadata, StoredEvent } from '#engine';

/**
 * The golden corpus of stored events (R11): `test/fixtures/events/*.events.jsonl`, each file one company's whole
 * history in global order, exactly as the store kept it (one event per line: stream, type, data, metadata with its
 * schema version) when the file was written. A history is coherent (every invoice paid was created first), so the
 * projections can apply it. Files are added, never rewritten: they are what old streams hold, and the current code
 * must go on reading them. `npm run events:corpus` adds a history when a type or a version has no example yet.
 */
export const CORPUS_DIR = resolve('test/fixtures/events');

export interface CorpusEvent {
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

export interface CorpusHistory {
  file: string;
  events: CorpusEvent[];
}

export function readCorpus(dir = CORPUS_DIR): CorpusHistory[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.events.jsonl'))
    .sort()
    .map((file) => ({
      file,
      events: readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as CorpusEvent),
    }));
}

/** `type.vN` of every event in the corpus. */
export function corpusVersions(histories: readonly CorpusHistory[]): Set<string> {
  return new Set(
    histories.flatMap((h) => h.events.map((e) => `${e.type}.v${e.metadata.schemaVersion ?? 1}`)),
  );
}

/** Writes a new history file; an existing file is never replaced (the name gets a suffix instead). */
export function addCorpusHistory(name: string, events: readonly CorpusEvent[], dir = CORPUS_DIR): string {
  let file = `${name}.events.jsonl`;
  for (let n = 2; existsSync(join(dir, file)); n++) file = `${name}-${n}.events.jsonl`;
  writeFileSync(join(dir, file), events.map((e) => JSON.stringify(e)).join('\n') + '\n', { flag: 'wx' });
  return file;
}

/** A history as the store would hand it out: stored events in its order, on made-up positions. */
export function corpusAsStoredEvents(events: readonly CorpusEvent[]): StoredEvent[] {
  const revisions = new Map<string, bigint>();
  return events.map((event, i): StoredEvent => {
    const position = BigInt(i + 1);
    const revision = revisions.get(event.streamId) ?? 0n;
    revisions.set(event.streamId, revision + 1n);
    return {
      id: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
      streamId: event.streamId,
      revision,
      position,
      checkpoint: `1:${position}`,
      type: event.type,
      data: structuredClone(event.data),
      metadata: structuredClone(event.metadata),
      recordedAt: event.metadata.occurredAt,
    };
  });
}
