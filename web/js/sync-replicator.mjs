// Replication with the server, as one-shot passes that sync schedules itself: a push sends what waits in
// the session's outbox (written to the server's database directly), a pull reads the server's changes feed
// from the last place merged. The server's feed is watched (long-polled): its changes start a pull once they
// have settled a moment, so one write of 100 records on another device is pulled as one batch, not three.
// This device keeps no copy of the server's documents: memory's store and sync's replicas are what it holds.
const WATCH_BATCH = 1000; // changes per answer of the server's watched feed
const SETTLE_MS = 20; // the server's changes this far apart are pulled together...
const SETTLE_MAX_MS = 120; // ...or this long after the first, if they keep coming
const RETRY_FIRST_MS = 1000; // an unreachable server is tried again after this, doubling...
const RETRY_MAX_MS = 60_000; // ...up to this
const STOP_WAIT_MAX_MS = 5000; // stopping waits this long at most for requests in flight to be answered

/** The replicator's requests to the server: counted, so that stopping can wait for those in flight, and
 * refused once stopped. A pass that was running when sync stopped may still try its next request, and a
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

const generation = (rev) => Number.parseInt(rev, 10) || 0; // a CouchDB revision is "N-hash", N counting its edits

/** The revision of each document this device has merged or written. */
export class Revisions {
  constructor() {
    this.byId = new Map();
  }

  /** Kept unless a later one is: a batch read before this device wrote a document does not take it back. */
  remember(id, rev) {
    const before = this.byId.get(id);
    if (!before || generation(rev) >= generation(before)) this.byId.set(id, rev);
  }

  /** The latest revision of the document this device merged or wrote (undefined: none). */
  latest(id) {
    return this.byId.get(id);
  }

  /** Whether this device merged or wrote this revision of the document, or a later one. */
  seen(id, rev) {
    const known = this.byId.get(id);
    return known === rev || (known !== undefined && generation(known) > generation(rev));
  }
}

export class Replicator {
  /** `server(through)` opens the server's database with its fetch wrapped by `through`. `send(remote)`: one
   * push pass (what waits goes to the server); `fetch(remote, stopped)`: one pull pass (the server's changes
   * merged in; `stopped()` says to end early). `onState(state, error)`: "syncing", "idle", "offline", "gone"
   * (the server's database is) or "error" (refused); `onPushed()`: a push pass ended with everything sent;
   * `written(id, rev)`: whether this device wrote that revision (its own push coming back through the
   * server's feed is no reason to pull); `since()`: the place in the server's feed merged so far. */
  constructor(server, { send, fetch, since, onState, onPushed, written }) {
    this.requests = new Requests();
    this.remote = server((base) => this.requests.through(base));
    this.send = send;
    this.fetch = fetch;
    this.since = since;
    this.onState = onState;
    this.onPushed = onPushed;
    this.written = written;
    this.lanes = { push: { running: null, again: false }, pull: { running: null, again: false } };
    this.stopped = true;
    this.failures = 0; // in a row: the wait before the next try doubles with each
    this.timers = { settle: null, retry: null };
    this.firstArrival = 0;
  }

  /** Bring both sides level now; the server is watched once the first pull has read its feed. */
  start() {
    this.stopped = false;
    this.request("pull");
    this.request("push");
  }

  /** Stops; resolves once no request of this replicator is left in flight. */
  stop() {
    this.stopped = true;
    this.watcher?.cancel();
    this.watcher = null;
    clearTimeout(this.timers.settle);
    clearTimeout(this.timers.retry);
    return this.requests.close(STOP_WAIT_MAX_MS);
  }

  /** Something waits to be sent: send it (after the pass in flight, if one is). */
  push() {
    this.request("push");
  }

  get busy() {
    return Object.values(this.lanes).some((lane) => lane.running);
  }

  /** The server's changes feed, long-polled from where the last pull read to (not from "now": a change
   * written between that read and the watch would be heard by neither): each change (re)starts the settling
   * wait before a pull. */
  watch() {
    this.watcher?.cancel();
    this.watcher = this.remote.changes({ since: this.since(), live: true, return_docs: false, batch_size: WATCH_BATCH });
    this.watcher.on("change", (change) => {
      if (!change.changes.every(({ rev }) => this.written(change.id, rev))) this.arrived();
    });
    this.watcher.on("error", (error) => {
      this.watcher = null;
      this.failed(error);
    });
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
      lane.running = null;
      this.failed(error);
      return;
    }
    lane.running = null;
    if (!done) return; // stopped
    this.failures = 0;
    if (direction === "pull" && !this.watcher) this.watch();
    if (direction === "push") this.onPushed();
    if (!this.busy && !this.timers.retry) this.onState("idle");
  }

  /** Passes until nothing new was asked for while one ran; false if stopped meanwhile. */
  async passes(direction, lane) {
    for (let pass = 0; pass === 0 || lane.again; pass++) {
      if (this.stopped) return false;
      lane.again = false;
      if (direction === "push") await this.send(this.remote);
      else await this.fetch(this.remote, () => this.stopped);
      if (this.stopped) return false;
    }
    return true;
  }

  /** The server did not answer (or refused): said, and everything is tried again after a while (once, for
   * however many passes failed meanwhile), waiting longer each time it fails again. */
  failed(error) {
    if (this.stopped || this.timers.retry) return;
    this.watcher?.cancel(); // watched again from the place merged once a pull gets through
    this.watcher = null;
    // 404: the server has no such database; 401 and 403: it refuses this device; an error with a code: memory
    // refused what was merged. Each is tried again all the same (a password changed on the server, a token
    // renewed, lets it in later); any other failure is the server not answering.
    const refused = error?.status === 401 || error?.status === 403 || Boolean(error?.code);
    this.onState(error?.status === 404 ? "gone" : refused ? "error" : "offline", error);
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.failures++);
    this.timers.retry = setTimeout(() => {
      this.timers.retry = null;
      if (this.stopped) return;
      this.request("pull"); // which watches the server again once it has read its feed
      this.request("push");
    }, delay);
  }
}
