/**
 * Preloaded (`--import`) into every server the benchmarks start, ours and the references alike, so
 * they are measured the same way: over the IPC channel the harness asks for memory after a full GC,
 * or for a heap snapshot. It adds nothing else to the process.
 */
import { getHeapStatistics, writeHeapSnapshot } from 'node:v8';

type ProbeRequest = { probe: 'memory'; id: number } | { probe: 'heap-snapshot'; id: number; path: string };

const gc = (globalThis as { gc?: () => void }).gc;

if (process.send) {
  process.on('message', (request: ProbeRequest) => {
    if (!request || typeof request !== 'object' || !('probe' in request)) return;
    if (request.probe === 'memory') {
      // Several passes: weak references and finalizers need more than one to settle.
      for (let i = 0; i < 4; i++) gc?.();
      const usage = process.memoryUsage();
      process.send!({
        probe: 'memory',
        id: request.id,
        gc: Boolean(gc),
        rss: usage.rss,
        heapUsed: usage.heapUsed,
        external: usage.external,
        arrayBuffers: usage.arrayBuffers,
        heapTotal: getHeapStatistics().total_heap_size,
      });
    } else if (request.probe === 'heap-snapshot') {
      gc?.();
      process.send!({ probe: 'heap-snapshot', id: request.id, path: writeHeapSnapshot(request.path) });
    }
  });
  // The IPC channel must not keep a server alive after it was told to stop.
  process.channel?.unref();
}
