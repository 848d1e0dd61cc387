import "server-only";

// A kitchen tablet's open board streams in this process (live/index.ts restaurantEventStream):
// removing the tablet (devices.ts) ends them at once; a stream held by another process ends at its
// next keep-alive, when its check (caller.ts stillPaired) finds the device gone. On globalThis:
// the route handlers' bundles share it.

const holder = globalThis as { __noshDeviceStreams?: Map<number, Set<AbortController>> };
const open = () => (holder.__noshDeviceStreams ??= new Map());

/** A signal aborted when the device is removed here, and the release to call when its stream ends. */
export function deviceStreamSignal(deviceId: number): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const streams = open().get(deviceId) ?? new Set();
  streams.add(controller);
  open().set(deviceId, streams);
  return {
    signal: controller.signal,
    release: () => {
      streams.delete(controller);
      if (!streams.size && open().get(deviceId) === streams) open().delete(deviceId);
    },
  };
}

/** Ends every open stream of the device in this process. */
export function endDeviceStreams(deviceId: number): void {
  const streams = open().get(deviceId);
  open().delete(deviceId);
  for (const controller of streams ?? []) controller.abort();
}
