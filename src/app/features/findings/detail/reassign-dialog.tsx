import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { Finding } from '../../../../contract/findings.ts';
import { responsibleName } from '../../../finding-words.ts';
import { lookupQueries } from '../../../lookups.queries.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field } from '../../../ui/field.tsx';
import { failureMessage } from '../../../ui/failure-message.ts';
import { Loading } from '../../../ui/states.tsx';
import { changeFailure, useReassignFinding } from '../finding-mutations.ts';

// A QC manager hands a finding to another user of the owner (ADR 029): its answer is then
// theirs, and they hear of it. The users are the owner's (lookups.queries.ts), deactivated
// ones left out: they could answer nothing.

const SHOWN_MAX = 50;

export function ReassignDialog({
  finding,
  names,
}: {
  finding: Finding;
  names: ReadonlyMap<string, string>;
}) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<string>();
  const [error, setError] = useState<string>();
  const users = useQuery({ ...lookupQueries.users(), enabled: open });
  const save = useReassignFinding(finding.id);
  const listId = useId();

  const wanted = filter.trim().toLowerCase();
  const candidates = (users.data ?? [])
    .filter((u) => !u.deactivatedOn && u.id !== finding.responsible?.id)
    .filter((u) => !wanted || u.displayName.toLowerCase().includes(wanted))
    .sort(
      (a, b) =>
        Number(b.isNotary ?? false) - Number(a.isNotary ?? false) ||
        a.displayName.localeCompare(b.displayName),
    );

  const onOpenChange = (next: boolean) => {
    if (next) {
      setError(undefined);
      save.reset();
    }
    setOpen(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setError('Choose who answers for it.');
    save.mutate({ userId: chosen }, { onSuccess: () => setOpen(false) });
  };

  let list;
  if (users.isPending) list = <Loading label="Loading people…" />;
  else if (users.isError) {
    list = (
      <p className="finding-alert" role="alert">
        {failureMessage(users.error, {
          403: 'Your sign-in does not list the organization’s users.',
          otherwise: 'The people could not be loaded.',
        })}{' '}
        <Button variant="ghost" onClick={() => void users.refetch()}>
          Try again
        </Button>
      </p>
    );
  } else if (candidates.length === 0) {
    list = <p className="reassign__none">Nobody {wanted ? 'by that name' : 'else to choose'}.</p>;
  } else {
    list = (
      <fieldset className="reassign__list" id={listId} aria-invalid={error ? true : undefined}>
        <legend className="visually-hidden">Responsible</legend>
        {candidates.slice(0, SHOWN_MAX).map((user) => (
          <label key={user.id} className="reassign__option">
            <input
              type="radio"
              name={listId}
              value={user.id}
              checked={chosen === user.id}
              onChange={() => {
                setChosen(user.id);
                setError(undefined);
              }}
            />
            <span className="reassign__name">{user.displayName}</span>
            {user.isNotary && <Badge>Notary</Badge>}
          </label>
        ))}
        {candidates.length > SHOWN_MAX && (
          <p className="reassign__more">
            {candidates.length - SHOWN_MAX} more: type part of a name to find them.
          </p>
        )}
      </fieldset>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button>Reassign</Button>}
      title="Hand this finding to someone else"
      description={`Now ${responsibleName(finding.responsible, names)}. The person you choose answers it, and hears of it at once.`}
      failure={save.isError ? changeFailure(save.error) : error}
      onSubmit={submit}
      actions={
        <Button type="submit" variant="primary" pending={save.isPending}>
          Reassign
        </Button>
      }
    >
      <Field
        label="Find a person"
        type="search"
        autoComplete="off"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {list}
    </Dialog>
  );
}
