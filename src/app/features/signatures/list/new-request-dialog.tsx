import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SignatureRequestCreateSchema } from '../../../../contract/signatures.ts';
import { sessionQueries } from '../../../session.queries.ts';
import { Button, SubmitButton } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field } from '../../../ui/field.tsx';
import { EmptyState } from '../../../ui/states.tsx';
import { LoadingOrFailed, NextPageFailed } from '../../../ui/query-states.tsx';
import { shortDate } from '../../../ui/dates.ts';
import { createFailure, useCreateRequest } from '../signature-mutations.ts';
import { signatureQueries } from '../signatures.queries.ts';

interface Form {
  fileId: string;
  wetInk: boolean;
}

const matches = (text: string, query: string) =>
  text.toLowerCase().includes(query.trim().toLowerCase());

/** The owner's files as a radio group, newest first, narrowed by what is typed. */
function FileChoice({
  query,
  value,
  error,
  onChange,
}: {
  query: string;
  value: string;
  error: string | undefined;
  onChange: (fileId: string) => void;
}) {
  const files = useInfiniteQuery(signatureQueries.files());
  const errorId = useId();
  const all = useMemo(() => files.data?.pages.flatMap((page) => page.files) ?? [], [files.data]);
  const shown = all.filter(
    (f) =>
      f.id === value ||
      matches(f.matterReference, query) ||
      matches(f.filename, query) ||
      matches(f.preparedBy, query),
  );

  // Files loaded (and the one chosen) stay when a later page fails.
  if (!files.data) return <LoadingOrFailed query={files} what="files" />;
  return (
    <fieldset
      className="sig-files"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">File</legend>
      {shown.length === 0 ? (
        <EmptyState title={all.length === 0 ? 'There are no files yet' : 'No file matches'}>
          {all.length === 0
            ? 'Files added for your organization appear here.'
            : files.hasNextPage
              ? 'Load more files to search further.'
              : 'Try another matter reference or name.'}
        </EmptyState>
      ) : (
        <ul className="sig-files__list">
          {shown.map((file) => (
            <li key={file.id}>
              <label className="sig-file">
                <input
                  type="radio"
                  name="fileId"
                  value={file.id}
                  checked={file.id === value}
                  onChange={() => onChange(file.id)}
                />
                <span className="sig-file__text">
                  <span className="sig-file__name">{file.matterReference}</span>
                  <span className="sig-file__meta">
                    {file.filename} · {file.preparedBy} · {shortDate(file.preparedOn)} ·{' '}
                    {file.templates.length} template{file.templates.length === 1 ? '' : 's'}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {files.hasNextPage && (
        <Button
          variant="ghost"
          onClick={() => void files.fetchNextPage()}
          disabled={files.isFetchingNextPage}
        >
          {files.isFetchingNextPage ? 'Loading…' : 'Load more files'}
        </Button>
      )}
      <NextPageFailed query={files} what="files" />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** "New request": choose one of the owner's files; on success the new request opens. */
export function NewRequestDialog({ from }: { from: string }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form>({ fileId: '', wetInk: false });
  const [query, setQuery] = useState('');
  const [fileError, setFileError] = useState<string>();
  const create = useCreateRequest();
  const navigate = useNavigate();
  const sandbox = useQuery(sessionQueries.current()).data?.sandbox ?? false;
  const wetInkId = useId();

  const onOpenChange = (next: boolean) => {
    // Closing keeps the choice, so reopening after a slip loses nothing; a fresh open after
    // a success starts clean (see onSuccess).
    if (next) create.reset();
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SignatureRequestCreateSchema.safeParse({
      ...(form.fileId ? { fileId: form.fileId } : {}),
      ...(sandbox && form.wetInk ? { wetInk: true } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'fileId');
      return setFileError(
        issue ? 'Choose the file to be signed.' : parsed.error.issues[0]?.message,
      );
    }
    setFileError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setOpen(false);
        setForm({ fileId: '', wetInk: false });
        setQuery('');
        navigate(`/signatures/${created.id}`, { state: { from } });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button variant="primary">New request</Button>}
      size="wide"
      title="New signature request"
      description="Choose the file to be signed. Its templates say what needs a signature or a notary."
      failure={create.isError ? createFailure(create.error) : null}
      onSubmit={submit}
      actions={
        <SubmitButton pending={create.isPending} pendingLabel="Creating…">
          Create request
        </SubmitButton>
      }
    >
      <Field
        label="Find a file"
        type="search"
        placeholder="Matter reference, file name or preparer"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <FileChoice
        query={query}
        value={form.fileId}
        error={fileError}
        onChange={(fileId) => {
          setForm({ ...form, fileId });
          setFileError(undefined);
        }}
      />
      {sandbox && (
        <div className="sig-check">
          <input
            id={wetInkId}
            type="checkbox"
            checked={form.wetInk}
            aria-describedby={`${wetInkId}-hint`}
            onChange={(e) => setForm({ ...form, wetInk: e.target.checked })}
          />
          <div>
            <label htmlFor={wetInkId}>Signed in wet ink</label>
            <p id={`${wetInkId}-hint`} className="field__hint">
              The paper is signed by hand, then its scan is uploaded here. Sandbox only: a real
              deployment decides this by its workflow.
            </p>
          </div>
        </div>
      )}
    </Dialog>
  );
}
