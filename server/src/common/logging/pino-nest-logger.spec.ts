import { pino } from 'pino';
import { PinoNestLogger } from './pino-nest-logger.js';

/** Nest's logger over a pino logger at `level`, and the records it wrote. */
function nestLoggerAt(level: string): { nest: PinoNestLogger; records: Array<{ level: number; context?: string; msg: string }> } {
  const records: Array<{ level: number; context?: string; msg: string }> = [];
  const nest = new PinoNestLogger(pino({ level }, { write: (line: string) => records.push(JSON.parse(line)) }));
  return { nest, records };
}

describe('Nest’s log lines in the app’s log', () => {
  it('keeps Nest’s start-up lines (modules loaded, routes mapped) out of an info log, and its warnings in', () => {
    const { nest, records } = nestLoggerAt('info');
    nest.log('AppModule dependencies initialized', 'InstanceLoader');
    nest.log('Mapped {/data/start, GET} route', 'RouterExplorer');
    nest.warn('The database cannot be reached', 'http');
    expect(records.map(({ msg }) => msg)).toEqual(['The database cannot be reached']);
  });

  it('shows those start-up lines at debug, with Nest’s context', () => {
    const { nest, records } = nestLoggerAt('debug');
    nest.log('Mapped {/data/start, GET} route', 'RouterExplorer');
    expect(records).toEqual([
      expect.objectContaining({ level: 20, context: 'RouterExplorer', msg: 'Mapped {/data/start, GET} route' }),
    ]);
  });
});
