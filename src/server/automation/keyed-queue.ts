/**
 * Runs tasks one after another per key and concurrently across keys: a ticket's inbound messages are
 * routed in arrival order without one busy conversation holding up the others. Tasks must not reject;
 * the caller handles its own errors.
 */
export class KeyedQueue<K> {
  private readonly tails = new Map<K, Promise<void>>();

  run(key: K, task: () => Promise<void>): Promise<void> {
    const tail = (this.tails.get(key) ?? Promise.resolve()).then(task);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return tail;
  }

  /** Resolves once every task queued so far, and those they queued meanwhile, has run. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all(this.tails.values());
  }
}
