import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { patchEntity } from '../../../../client/accounts.ts';
import type { Entity, MetadataPatch } from '../../../../contract/accounts.ts';
import { Button, SubmitButton } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/states.tsx';
import { accountQueries } from '../accounts.queries.ts';
import { MetadataEditor } from '../metadata/metadata-editor.tsx';
import {
  metadataOf,
  metadataPatches,
  rowErrors,
  rowsOf,
  type MetadataRow,
} from '../metadata/metadata-rows.ts';
import { saveFailure } from '../save-failure.ts';
import '../../../ui/alert.css';

function useSaveMetadata(accountId: string, entityId: string) {
  const client = useQueryClient();
  const key = accountQueries.entity(accountId, entityId).queryKey;
  return useMutation({
    // In order: a change of more than 50 keys is several PATCHes (see metadataPatches).
    mutationFn: async (patches: MetadataPatch[]) => {
      let saved: Entity | undefined;
      for (const metadata of patches) saved = await patchEntity(accountId, entityId, { metadata });
      return saved;
    },
    onSuccess: (saved) => {
      if (saved) client.setQueryData(key, saved);
    },
    // Some PATCHes may have gone through before one failed: read the entity again either way.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: key }),
        client.invalidateQueries({ queryKey: accountQueries.detail(accountId).queryKey }),
      ]),
  });
}

/** The entity's metadata, and its editor: only what changed is sent, a removed key as ''. */
export function MetadataSection({ accountId, entity }: { accountId: string; entity: Entity }) {
  const [rows, setRows] = useState<MetadataRow[] | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveMetadata(accountId, entity.entityId);
  const formRef = useRef<HTMLFormElement>(null);
  // Back to the Edit button when the editor closes: set here, honoured when it mounts.
  const focusEdit = useRef(false);
  const titleId = useId();
  const entries = Object.entries(entity.metadata);

  const startEditing = () => {
    save.reset();
    setSubmitted(false);
    setRows(rowsOf(entity.metadata));
  };
  const stopEditing = () => {
    focusEdit.current = true;
    setRows(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rows || save.isPending) return;
    setSubmitted(true);
    if (rowErrors(rows).size > 0) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const patches = metadataPatches(entity.metadata, metadataOf(rows));
    if (patches.length === 0) return stopEditing();
    save.mutate(patches, { onSuccess: stopEditing });
  };

  return (
    <section className="acc-sheet__section panel" aria-labelledby={titleId}>
      <div className="heading-row">
        <h2 id={titleId} className="section-title">
          Metadata
        </h2>
        {!rows && (
          <button
            ref={(button) => {
              if (button && focusEdit.current) {
                focusEdit.current = false;
                button.focus();
              }
            }}
            type="button"
            className="button button--secondary"
            onClick={startEditing}
          >
            Edit metadata
          </button>
        )}
      </div>
      {rows ? (
        <form ref={formRef} className="entity-metadata-form" onSubmit={submit} noValidate>
          <MetadataEditor rows={rows} onChange={setRows} submitted={submitted} hideLegend />
          {save.isError && (
            <p className="alert acc-form-alert" role="alert">
              {saveFailure(save.error, 'metadata')}
            </p>
          )}
          <div className="entity-metadata-form__actions">
            <Button onClick={stopEditing}>Cancel</Button>
            <SubmitButton pending={save.isPending}>Save metadata</SubmitButton>
          </div>
        </form>
      ) : entries.length === 0 ? (
        <EmptyState title="No metadata">Add keys for reporting with Edit metadata.</EmptyState>
      ) : (
        <dl className="entity-metadata">
          {entries.map(([key, value]) => (
            <div key={key} className="entity-metadata__row">
              <dt className="acc-mono">{key}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
