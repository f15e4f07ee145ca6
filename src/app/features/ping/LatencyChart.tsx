// Round trips over time (uPlot): a line of latencies, misses as red marks at
// the top of the plot so a gap is never mistaken for a fast answer.

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { probeNoun, type PingSample } from '../../../protocol/index.js';

export interface ChartData {
  x: number[];
  rtt: Array<number | null>;
  miss: Array<number | null>;
}

/** Seconds since the first ping; misses plotted at the highest latency seen (or 1 ms). */
export function chartData(samples: readonly PingSample[]): ChartData {
  const t0 = samples[0]?.at ?? 0;
  const top = Math.max(1, ...samples.flatMap((s) => (s.rttMs === undefined ? [] : [s.rttMs])));
  return {
    x: samples.map((s) => (s.at - t0) / 1000),
    rtt: samples.map((s) => s.rttMs ?? null),
    miss: samples.map((s) => (s.rttMs === undefined ? top : null)),
  };
}

export function LatencyChart({ samples }: { samples: readonly PingSample[] }) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    if (!host.current) return;
    const opts: uPlot.Options = {
      width: Math.max(320, host.current.clientWidth || 600),
      height: 180,
      scales: { x: { time: false } },
      axes: [
        { label: 'seconds', stroke: '#5d6776' },
        { label: 'ms', stroke: '#5d6776', size: 50 },
      ],
      series: [
        {},
        { label: 'round trip (ms)', stroke: '#2f5fd0', width: 1.5, points: { show: true, size: 4 } },
        { label: 'miss', stroke: '#b42318', width: 0, points: { show: true, size: 9, fill: '#b42318' } },
      ],
      legend: { show: true },
    };
    plot.current = new uPlot(opts, [[], [], []], host.current);
    const resize = new ResizeObserver(() => {
      if (host.current && plot.current) plot.current.setSize({ width: Math.max(320, host.current.clientWidth), height: 180 });
    });
    resize.observe(host.current);
    return () => {
      resize.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, []);

  useEffect(() => {
    const d = chartData(samples);
    plot.current?.setData([d.x, d.rtt, d.miss]);
  }, [samples]);

  return <div ref={host} className="latency-chart" role="img" aria-label={`Latency chart of ${samples.length} ${probeNoun(samples.at(-1)?.probe)}s`} />;
}
