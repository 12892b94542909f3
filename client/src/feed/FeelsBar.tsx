import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { FEEL_KINDS, FEEL_LABELS, feelKey, type FeelCounts, type FeelKind, type FeelTarget } from '@shared/feed/feels.js';
import { openModalAtom } from '../modals/modalsAtom.js';
import { userAtom } from '../sessions/userAtom.js';
import { pushToastAtom } from '../toasts/toastsAtom.js';
import { feedApi } from './feedApi.js';
import { FeelersList } from './FeelersList.js';
import { feelsAtom, storeFeelsAtom } from './feelsAtom.js';

const EMPTY = { counts: {}, mine: null } as const;

export function feelTotal(counts: FeelCounts): number {
  return Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
}

/**
 * The feels of a post or comment: the counts (opening who gave them) and, for members, their
 * own feel: choose one of the fixed kinds, change it, or choose it again to take it back.
 */
export function FeelsBar({ target, compact = false }: { target: FeelTarget; compact?: boolean }) {
  const key = feelKey(target);
  const summary = useAtomValue(feelsAtom)[key] ?? EMPTY;
  const store = useSetAtom(storeFeelsAtom);
  const toast = useSetAtom(pushToastAtom);
  const openModal = useSetAtom(openModalAtom);
  const user = useAtomValue(userAtom);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const total = feelTotal(summary.counts);
  const what = target.commentId === null ? 'post' : 'comment';

  const give = async (kind: FeelKind) => {
    if (busy) return;
    setBusy(true);
    setPicking(false);
    const result = await feedApi.feel(target, summary.mine === kind ? null : kind);
    setBusy(false);
    if (result.data) store({ [key]: result.data });
    else toast({ header: result.errors[0]?.heading ?? 'Not saved', body: result.errors[0]?.message ?? 'Please try again.' });
  };

  const shown = FEEL_KINDS.filter((kind) => (summary.counts[kind] ?? 0) > 0);
  return (
    <div className={`feels-bar${compact ? ' feels-bar-compact' : ''}`}>
      {total > 0 && (
        <button
          type="button"
          className="feels-summary link-button"
          onClick={() => openModal({ header: `Feels on this ${what}`, body: <FeelersList target={target} /> })}
          aria-label={`${total} ${total === 1 ? 'feel' : 'feels'}: ${shown.map((kind) => `${summary.counts[kind]} ${FEEL_LABELS[kind].label}`).join(', ')}. Show who`}
        >
          <span aria-hidden="true">{shown.map((kind) => FEEL_LABELS[kind].emoji).join('')}</span>{' '}
          <span aria-hidden="true">{total}</span>
        </button>
      )}
      {user && (
        <>
          <button
            type="button"
            className={`feel-toggle${summary.mine ? ' feel-toggle-on' : ''}`}
            aria-expanded={picking}
            disabled={busy}
            onClick={() => setPicking(!picking)}
          >
            {summary.mine ? `${FEEL_LABELS[summary.mine].emoji} ${FEEL_LABELS[summary.mine].label}` : 'Feel'}
          </button>
          {picking && (
            <div className="feel-picker" role="group" aria-label={`Your feel on this ${what}`}>
              {FEEL_KINDS.map((kind) => (
                <button
                  key={kind}
                  type="button"
                  className="feel-choice"
                  aria-pressed={summary.mine === kind}
                  title={FEEL_LABELS[kind].label}
                  onClick={() => void give(kind)}
                >
                  <span aria-hidden="true">{FEEL_LABELS[kind].emoji}</span>
                  <span className="visually-hidden">{FEEL_LABELS[kind].label}</span>
                </button>
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
