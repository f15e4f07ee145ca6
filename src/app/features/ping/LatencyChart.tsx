// Round trips over time (uPlot): a line of latencies, misses as red marks at
// the top of the plot so a gap is never mistaken for a fast answer.

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { probeNoun, type PingSample } from '../../../protocol/index.js';
import { useTheme } from '../../hooks.js';

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

/** A palette variable's value as the canvas needs it (an rgb() string), read where the chart is drawn. */
function paletteColor(host: HTMLElement, name: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${name})`;
  host.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

export function LatencyChart({ samples }: { samples: readonly PingSample[] }) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latest = useRef(samples);
  latest.current = samples;
  // The canvas does not follow CSS: a change of theme draws the chart again in the new palette.
  const theme = useTheme((s) => s.theme);

  useEffect(() => {
    if (!host.current) return;
    const muted = paletteColor(host.current, '--muted');
    const line = paletteColor(host.current, '--row-line');
    const bad = paletteColor(host.current, '--bad');
    const axis = { stroke: muted, grid: { stroke: line }, ticks: { stroke: line } };
    const opts: uPlot.Options = {
      width: Math.max(320, host.current.clientWidth || 600),
      height: 180,
      scales: { x: { time: false } },
      axes: [
        { label: 'seconds', ...axis },
        { label: 'ms', ...axis, size: 50 },
      ],
      series: [
        {},
        { label: 'round trip (ms)', stroke: paletteColor(host.current, '--accent'), width: 1.5, points: { show: true, size: 4 } },
        { label: 'miss', stroke: bad, width: 0, points: { show: true, size: 9, fill: bad } },
      ],
      legend: { show: true },
    };
    const d = chartData(latest.current);
    plot.current = new uPlot(opts, [d.x, d.rtt, d.miss], host.current);
    const resize = new ResizeObserver(() => {
      if (host.current && plot.current) plot.current.setSize({ width: Math.max(320, host.current.clientWidth), height: 180 });
    });
    resize.observe(host.current);
    return () => {
      resize.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, [theme]);

  useEffect(() => {
    const d = chartData(samples);
    plot.current?.setData([d.x, d.rtt, d.miss]);
  }, [samples]);

  return <div ref={host} className="latency-chart" role="img" aria-label={`Latency chart of ${samples.length} ${probeNoun(samples.at(-1)?.probe)}s`} />;
}
