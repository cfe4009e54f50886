import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatInr } from '../../../common/money';

const DAY_SECONDS = 24 * 60 * 60;
const DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
const dayLabel = (seconds: number) => DAY.format(new Date(seconds * 1000));

/**
 * Revenue per day as a line, drawn with uPlot (a few KB of canvas drawing instead of an SVG chart
 * library). It redraws at its box's width, so it fits a phone and a desktop alike. The figures are
 * also in the figures and lists beside it, which a screen reader reads.
 */
export function SalesChart({
  series,
  label,
}: {
  series: { date: string; revenue: number }[];
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || series.length === 0) return;
    const data: uPlot.AlignedData = [
      series.map((point) => Date.parse(`${point.date}T00:00:00+05:30`) / 1000),
      series.map((point) => point.revenue),
    ];
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: 220,
        legend: { show: false },
        scales: { x: { time: true } },
        axes: [
          // One point a day: ticks on whole days, named as a date in India.
          {
            incrs: [DAY_SECONDS, 2 * DAY_SECONDS, 7 * DAY_SECONDS],
            values: (_plot, ticks) => ticks.map(dayLabel),
          },
          { values: (_plot, ticks) => ticks.map((tick) => formatInr(tick)), size: 70 },
        ],
        series: [{}, { label, stroke: '#9a3412', width: 2, fill: 'rgba(194, 65, 12, 0.08)' }],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, label]);
  return <div ref={box} role="img" aria-label={label} className="w-full" />;
}
