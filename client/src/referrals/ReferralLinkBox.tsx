import { useId, useState } from 'react';
import { referralLink } from './referralLink.js';

/** The member's referral link, ready to copy. */
export function ReferralLinkBox({ username }: { username: string }) {
  const id = useId();
  const link = referralLink(window.location.origin, username);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="field referral-link">
      <label htmlFor={id}>Your referral link</label>
      <div className="referral-link-row">
        <input id={id} type="text" value={link} readOnly onFocus={(event) => event.target.select()} />
        <button type="button" className="button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p role="status" className="field-hint">
        {copied === 'yes' && 'Copied to the clipboard.'}
        {copied === 'failed' && 'Copying is blocked here. Select the link and copy it yourself.'}
      </p>
    </div>
  );
}
