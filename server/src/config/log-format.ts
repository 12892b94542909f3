/** How log lines are written: `pretty` for a person at a terminal, `json` (one object per line) for everything else. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * LOG_FORMAT when set; otherwise readable lines when stdout is a terminal and JSON lines when it
 * is a pipe or a file (a log collector, CI, `npm start > server.log`), which tools can parse.
 */
export function chooseLogFormat(requested: LogFormat | undefined, stdoutIsTerminal: boolean | undefined): LogFormat {
  if (requested) return requested;
  return stdoutIsTerminal ? 'pretty' : 'json';
}
