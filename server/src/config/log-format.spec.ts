import { chooseLogFormat } from './log-format.js';

describe('the log format', () => {
  it('is readable at a terminal and JSON lines in a pipe or a file', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    // A stream that is not a TTY at all (a file, a closed stdout) has no isTTY.
    expect(chooseLogFormat(undefined, undefined)).toBe('json');
  });

  it('is what LOG_FORMAT asks for, whatever stdout is', () => {
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });
});
