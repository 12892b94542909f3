import type { StatsDay } from '@shared/stats/stats.js';
import { statsCsv } from './statsCsv.js';

/** A button that saves the period's days as a CSV file, made in the browser from the figures on screen. */
export function CsvDownload({ daily, fileName }: { daily: StatsDay[]; fileName: string }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([statsCsv(daily)], { type: 'text/csv;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };
  return (
    <button type="button" className="button button-secondary stats-csv" onClick={download}>
      Download CSV
    </button>
  );
}
