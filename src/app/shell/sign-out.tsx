import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../client/session.ts';
import type { Session } from '../../contract/session.ts';
import { queryClient } from '../query-client.ts';
import { knowSignedOut } from '../session.queries.ts';
import { clearUserStorage, userScope } from '../user-storage.ts';
import { Button } from '../ui/button.tsx';
import { laterDialog } from '../ui/later-dialog.ts';
import { finishWork, unfinishedWork, type Unfinished } from './session-work.ts';

/** How long sign-out waits for unsent work (decisions) before asking. */
const SIGN_OUT_WAIT_MS = 5_000;

const unsentTitle = (unsent: Unfinished[]) =>
  `${unsent.length} ${unsent.length === 1 ? 'decision is' : 'decisions are'} not saved yet`;

const unsentText = (unsent: Unfinished[]) =>
  `The service has not answered for ${unsent.map((work) => work.label).join(', ')}.` +
  (unsent.length === 1
    ? ' Stay signed in and it is sent as soon as the service can be reached. Sign out anyway and it stays in this browser, sent when you next sign in here.'
    : ' Stay signed in and they are sent as soon as the service can be reached. Sign out anyway and they stay in this browser, sent when you next sign in here.');

/**
 * Sign-out, which decisions not yet saved hold up a little before the person chooses (ADR
 * 026). The question is the app's dialog, loaded when the page is idle (the shell preloads
 * it); a page that lost its connection before that asks with the browser's own, which needs
 * nothing fetched: unsent decisions are what an offline page has.
 */
export function SignOut({ session }: { session: Session }) {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(0);
  const [unsent, setUnsent] = useState<Unfinished[]>([]);
  const ConfirmDialog = laterDialog.useLoaded(saving > 0 || unsent.length > 0)?.ConfirmDialog;
  const leave = async (anyway = false) => {
    const scope = userScope(session);
    let left = await unfinishedWork(scope);
    if (left.length > 0 && !anyway) {
      setSaving(left.length);
      left = await finishWork(scope, SIGN_OUT_WAIT_MS);
      setSaving(0);
      if (left.length > 0) {
        if (await laterDialog.load()) return setUnsent(left);
        if (!window.confirm(`${unsentTitle(left)}\n\n${unsentText(left)}\n\nSign out anyway?`))
          return;
      }
    }
    // What this person kept in the browser (review drafts) goes with them, but
    // what unsent work still needs, kept for their next sign-in here.
    const keep = new Set(left.flatMap((work) => work.keep));
    clearUserStorage(scope, undefined, (name) => keep.has(name));
    await signOut().catch(() => undefined);
    queryClient.clear();
    // The sign-in page that follows need not ask whether anyone is signed in.
    knowSignedOut();
    navigate('/sign-in', { replace: true });
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void leave()} disabled={saving > 0}>
        {saving > 0 ? `Saving ${saving} ${saving === 1 ? 'decision' : 'decisions'}…` : 'Sign out'}
      </Button>
      {ConfirmDialog && (
        <ConfirmDialog
          open={unsent.length > 0}
          onOpenChange={(open) => !open && setUnsent([])}
          title={unsentTitle(unsent)}
          description={unsentText(unsent)}
          confirmLabel="Sign out anyway"
          onConfirm={() => {
            setUnsent([]);
            void leave(true);
          }}
        />
      )}
    </>
  );
}
