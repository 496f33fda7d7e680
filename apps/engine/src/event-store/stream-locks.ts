/**
 * In-process turns per stream: work on some streams runs after every earlier work on any of them in this process,
 * so a decision never folds a state another decision of this process is about to change. The turns are taken in
 * name order, so two pieces of work on overlapping streams never wait on each other.
 */
export class StreamLocks {
  private readonly queues = new Map<string, Promise<void>>();

  async run<R>(streams: readonly string[], work: () => Promise<R>): Promise<R> {
    const names = [...streams].sort();
    const before = names.map((name) => this.queues.get(name) ?? Promise.resolve());
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    for (const name of names) this.queues.set(name, mine);
    try {
      await Promise.all(before);
      return await work();
    } finally {
      done();
      for (const name of names) if (this.queues.get(name) === mine) this.queues.delete(name);
    }
  }
}
