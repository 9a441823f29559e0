// Loaded with --import into a benchmarked server process: its event-loop delay and resident memory, read by the
// benchmark over the IPC channel ('reset' starts a new measurement, 'read' answers the figures since).
import { monitorEventLoopDelay } from 'node:perf_hooks';

export type ProbeReading = { eventLoopP99Ms: number; rssMb: number; peakRssMb: number };

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let peakRss = process.memoryUsage.rss();
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 50).unref();

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

process.on('message', (message) => {
  if (message === 'reset') {
    delay.reset();
    peakRss = process.memoryUsage.rss();
  }
  const rss = process.memoryUsage.rss();
  peakRss = Math.max(peakRss, rss);
  const reading: ProbeReading = {
    eventLoopP99Ms: Number((delay.percentile(99) / 1e6).toFixed(1)),
    rssMb: mb(rss),
    peakRssMb: mb(peakRss),
  };
  process.send?.(reading);
});
// The channel must not keep the server alive when it is asked to stop.
process.channel?.unref();
