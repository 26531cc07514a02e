import { useId, useState } from 'react';
import { buttonClass } from '@client/components/button';
import { inviteUrl } from './league-api';

/**
 * The invite link with a Copy button. Where the clipboard is refused (an insecure page, a denied
 * permission) the link stays selected in its field for the person to copy by hand.
 */
export function InviteLink({ inviteCode }: { inviteCode: string }) {
  const url = inviteUrl(inviteCode);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const fieldId = useId();
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
      const field = document.getElementById(fieldId);
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium">
        Invite link
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={fieldId}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-950"
        />
        <button type="button" className={buttonClass('secondary')} onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400">
        {copied === 'yes'
          ? 'Link copied.'
          : copied === 'failed'
            ? 'Copying is not allowed here: the link is selected, copy it with Ctrl+C (⌘C).'
            : ''}
      </p>
    </div>
  );
}
