import { useState } from 'react';
import { errorsOrFallback } from '../forms/fieldErrors.js';
import { api } from './api.js';

/**
 * An on/off state the server keeps at `path` (PUT turns it on, DELETE off): what the server
 * answered, whether a call is under way, and why the last one was refused. `read` takes the
 * state out of the answer; `onChange` hears each accepted answer.
 */
export function useServerToggle<T>(
  path: string,
  initiallyOn: boolean,
  read: (answer: T) => boolean,
  onChange?: (answer: T) => void,
) {
  const [on, setOn] = useState(initiallyOn);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function toggle() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const result = on ? await api.delete<T>(path) : await api.put<T>(path);
    setBusy(false);
    if (!result.data) {
      setProblem(errorsOrFallback(result.errors, result.status)[0].message);
      return;
    }
    setOn(read(result.data));
    onChange?.(result.data);
  }

  return { on, busy, problem, toggle: () => void toggle() };
}
