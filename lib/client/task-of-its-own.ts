// Work an effect starts that need not run in React's commit task (a request, a storage write):
// in a task of its own, after the current one. React runs a commit's effects in one task, and a
// page's first effects (its reads, its storage) added up to 100-120 ms of one task on
// Lighthouse's phone (CPU slowed 4x), all of it counted as blocking time above 50 ms; split, each
// piece is a few ms (docs/log/2026-11-27.md, "/checkout's blocking time"). Returns a cancel
// function, for the effect's clean-up.
export function inTaskOfItsOwn(run: () => void): () => void {
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}
