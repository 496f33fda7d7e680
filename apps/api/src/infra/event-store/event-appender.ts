import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AnyCommand, AnyEvent, Decider } from '../../../../../domain/shared/decider.js';
import { PROJECTION_RUNNER, type ReadYourWrites } from '../projections.provider.js';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
} from './event-store.port.js';

export interface Actor {
  companyId: string;
  userId: string | null;
  now: string;
  correlationId?: string;
}

const MAX_ATTEMPTS = 5;

/**
 * The one place that runs read → fold → decide → append (STYLE.md "DeciderRunner"), and appends facts.
 * On a revision conflict it reloads and decides again (bounded), so users never see a conflict a retry resolves.
 * After appending it waits (bounded) until the projections have applied the events: read-your-writes.
 */
@Injectable()
export class EventAppender {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ReadYourWrites,
  ) {}

  async decide<S, C extends AnyCommand, E extends AnyEvent>(
    decider: Decider<S, C, E>,
    stream: string,
    command: C,
    options: { waitForProjections?: boolean } = {},
  ): Promise<{ events: E[]; result?: AppendResult }> {
    for (let attempt = 1; ; attempt++) {
      let state = decider.initialState();
      let revision: ExpectedRevision = 'no_stream';
      for await (const stored of this.store.readStream(stream)) {
        state = decider.evolve(state, stored as unknown as E);
        revision = stored.revision;
      }
      const events = decider.decide(command, state);
      if (events.length === 0) return { events };
      try {
        const result = await this.append([{ stream, expected: revision, events }], command.metadata, options);
        return { events, result };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /** Appends events (atomically across streams) with the envelope's metadata; optionally waits for projections. */
  async append(
    appends: { stream: string; expected: ExpectedRevision; events: AnyEvent[] }[],
    actor: Actor,
    options: { waitForProjections?: boolean } = {},
  ): Promise<AppendResult> {
    const metadata: EventMetadata = {
      companyId: actor.companyId,
      userId: actor.userId,
      correlationId: actor.correlationId ?? randomUUID(),
      occurredAt: actor.now,
      schemaVersion: 1,
    };
    const result = await this.store.appendToStreams(
      appends.map(({ stream, expected, events }) => ({
        stream,
        expected,
        events: events.map(
          (event): NewEvent => ({ id: randomUUID(), type: event.type, data: event.data as Record<string, unknown>, metadata }),
        ),
      })),
    );
    if (options.waitForProjections !== false) await this.projections.waitFor(result.checkpoint);
    return result;
  }

  /** Read-your-writes for appends made with `waitForProjections: false` (e.g. inside a database transaction). */
  waitForProjections(checkpoint: AppendResult['checkpoint']): Promise<boolean> {
    return this.projections.waitFor(checkpoint);
  }

  /** Facts with no aggregate (activity): appended to their stream whatever its revision. */
  record(stream: string, events: AnyEvent[], actor: Actor, options: { waitForProjections?: boolean } = {}) {
    return this.append([{ stream, expected: 'any', events }], actor, { waitForProjections: false, ...options });
  }
}
