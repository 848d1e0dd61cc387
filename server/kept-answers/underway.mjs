// @ts-check
// The pages being rendered to be kept, then compressed (server/kept-answers/store.mjs): a request
// for one of them waits for that render and is replayed, rather than rendering the page again
// (after a write threw a busy page away, every request for it until the new render was kept was a
// render of its own). Claimed by the pipeline before the page's mark is read (server/pipeline.mjs),
// owned by the capture that watches the render, released once the answer is kept or known not to
// be (a cookie, a non-200, the client gone); a request that waited renders if nothing was kept.

/** @typedef {{ done: Promise<void>, release: () => void, owned: boolean }} Underway */

export function underwayPages() {
  /** @type {Map<string, Underway>} */
  const byKey = new Map();
  return {
    /** A render of the page at `key` claimed and not yet watched, else a new claim (the latest is the one waited for). @param {string} key @returns {Underway} */
    claim(key) {
      const unowned = byKey.get(key);
      if (unowned && !unowned.owned) return unowned;
      /** @type {() => void} */
      let resolve = () => {};
      /** @type {Promise<void>} */
      const done = new Promise((settle) => (resolve = () => settle()));
      /** @type {Underway} */
      const record = {
        done,
        owned: false,
        release: () => {
          if (byKey.get(key) === record) byKey.delete(key);
          resolve();
        },
      };
      byKey.set(key, record);
      return record;
    },
    /** @param {string} key */
    has: (key) => byKey.has(key),
    /** When the render under way at `key` is kept or let go; undefined: none. @param {string} key */
    done: (key) => byKey.get(key)?.done,
    /** When every render under way now is done (for tests). */
    settled: () => Promise.all([...byKey.values()].map((record) => record.done)).then(() => undefined),
  };
}
