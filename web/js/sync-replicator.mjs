// Replication between this device's encrypted copy (PouchDB) and the server, as one-shot passes that sync
// schedules itself rather than PouchDB's live replication. Live, PouchDB starts a batch the moment the first
// document of a write shows in its changes (then one more, then the rest: three round trips for one write of
// 100 records), and a server's long poll answers at the first document of another device's write. Here a push
// goes once a write is in the local copy, whole, and a pull once the server's changes have settled a moment.
const BATCH_SIZE = 1000; // documents per replication batch
const SETTLE_MS = 20; // the server's changes this far apart are pulled together...
const SETTLE_MAX_MS = 120; // ...or this long after the first, if they keep coming
const RETRY_FIRST_MS = 1000; // an unreachable server is tried again after this, doubling...
const RETRY_MAX_MS = 60_000; // ...up to this
const STOP_WAIT_MAX_MS = 5000; // stopping waits this long at most for requests in flight to be answered

/** The replicator's requests to the server: counted, so that stopping can wait for those in flight, and
 * refused once stopped. A cancelled PouchDB pass still sends the next request of the batch it was in, and a
 * database deleted just then must not take a late write (pouchdb-server makes the database again from one). */
class Requests {
  constructor() {
    this.inFlight = 0;
    this.closed = false;
    this.whenNone = [];
  }

  /** `base` (a fetch), counted and gated. */
  through(base) {
    return async (url, init) => {
      if (this.closed) throw Object.assign(new Error("sync stopped"), { name: "stopped" });
      this.inFlight++;
      try {
        return await base(url, init);
      } finally {
        if (--this.inFlight === 0) for (const resolve of this.whenNone.splice(0)) resolve();
      }
    };
  }

  /** No new request goes; resolves once those in flight are answered (or after `maxMs`). */
  close(maxMs) {
    this.closed = true;
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.whenNone.push(resolve);
      setTimeout(resolve, maxMs);
    });
  }
}

export class Replicator {
  /** `onState(state, error)`: "syncing", "idle", "offline" or "gone" (the server's database is); `onPushed()`:
   * everything written here so far has reached the server; `written(id, rev)`: whether this device wrote that revision (its own push coming
   * back through the server's feed is no reason to pull); `merged()`: resolves once what the local copy took
   * in is merged into memory (a pull that follows another waits for it, rather than compete with the merge).
   * `server(through)` opens the server's database with its fetch wrapped by `through`. */
  constructor(local, server, { onState, onPushed, written, merged }) {
    this.local = local;
    this.requests = new Requests();
    this.remote = server((base) => this.requests.through(base));
    this.onState = onState;
    this.onPushed = onPushed;
    this.written = written;
    this.merged = merged;
    this.lanes = { push: { running: null, again: false, pass: null }, pull: { running: null, again: false, pass: null } };
    this.stopped = true;
    this.failures = 0; // in a row: the wait before the next try doubles with each
    this.timers = { settle: null, retry: null };
    this.firstArrival = 0;
  }

  /** Watch the server and bring both sides level now. */
  start() {
    this.stopped = false;
    this.watch();
    this.request("pull");
    this.request("push");
  }

  /** Stops; resolves once no request of this replicator is left in flight. */
  stop() {
    this.stopped = true;
    this.watcher?.cancel();
    this.watcher = null;
    for (const lane of Object.values(this.lanes)) lane.pass?.cancel();
    clearTimeout(this.timers.settle);
    clearTimeout(this.timers.retry);
    return this.requests.close(STOP_WAIT_MAX_MS);
  }

  /** Something was written to the local copy: send it (after the pass in flight, if one is). */
  push() {
    this.request("push");
  }

  get busy() {
    return Object.values(this.lanes).some((lane) => lane.running);
  }

  /** The server's changes feed, long-polled: each change (re)starts the settling wait before a pull. */
  watch() {
    this.watcher?.cancel();
    this.watcher = this.remote.changes({ since: "now", live: true, return_docs: false, batch_size: BATCH_SIZE });
    this.watcher.on("change", (change) => {
      if (!change.changes.every(({ rev }) => this.written(change.id, rev))) this.arrived();
    });
    this.watcher.on("error", (error) => this.failed(error));
  }

  arrived() {
    const now = performance.now();
    this.firstArrival ||= now;
    clearTimeout(this.timers.settle);
    this.timers.settle = setTimeout(
      () => {
        this.firstArrival = 0;
        this.request("pull");
      },
      Math.max(0, Math.min(SETTLE_MS, this.firstArrival + SETTLE_MAX_MS - now)),
    );
  }

  request(direction) {
    if (this.stopped) return;
    const lane = this.lanes[direction];
    if (lane.running) lane.again = true;
    else lane.running = this.run(direction, lane);
  }

  async run(direction, lane) {
    this.onState("syncing");
    let done;
    try {
      done = await this.passes(direction, lane);
    } catch (error) {
      lane.running = lane.pass = null;
      this.failed(error);
      return;
    }
    lane.running = lane.pass = null;
    if (!done) return; // stopped
    this.failures = 0;
    if (direction === "push") this.onPushed();
    if (!this.busy && !this.timers.retry) this.onState("idle");
  }

  /** Passes until nothing new was asked for while one ran; false if stopped meanwhile. */
  async passes(direction, lane) {
    for (let pass = 0; pass === 0 || lane.again; pass++) {
      if (pass > 0 && direction === "pull") await this.merged(); // what the last pass brought is merged first
      if (this.stopped) return false;
      lane.again = false;
      const options = { batch_size: BATCH_SIZE };
      lane.pass = direction === "push" ? this.local.replicate.to(this.remote, options) : this.local.replicate.from(this.remote, options);
      lane.pass.on("denied", (error) => this.onState("error", error));
      const result = await lane.pass;
      if (result.status === "cancelled" || this.stopped) return false;
    }
    return true;
  }

  /** The server did not answer (or refused): said, and everything is tried again after a while (once, for
   * however many passes failed meanwhile), waiting longer each time it fails again. */
  failed(error) {
    if (this.stopped || this.timers.retry) return;
    this.onState(error?.status === 404 ? "gone" : "offline", error); // 404: the server has no such database
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.failures++);
    this.timers.retry = setTimeout(() => {
      this.timers.retry = null;
      if (this.stopped) return;
      this.watch();
      this.request("pull");
      this.request("push");
    }, delay);
  }
}
