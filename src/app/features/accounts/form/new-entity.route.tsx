import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_MAX_ENTITIES } from '../../../../contract/accounts.ts';
import { Field } from '../../../ui/field.tsx';
import { Page } from '../../../ui/page.tsx';
import { ErrorState } from '../../../ui/states.tsx';
import { useToasterClearance } from '../../../ui/toaster-clearance.ts';
import { SubmitButton } from '../../../ui/button.tsx';
import { MetadataEditor } from '../metadata/metadata-editor.tsx';
import { metadataOf, rowErrors, type MetadataRow } from '../metadata/metadata-rows.ts';
import { useRouteAccount } from '../account/account-states.tsx';
import { AccountCrumbs } from '../account-crumbs.tsx';
import { saveFailure } from '../save-failure.ts';
import { AddressFieldset } from './address-fieldset.tsx';
import { ADDRESS_KINDS, checkEntity, isPersonType } from './entity-form-model.ts';
import { LanguageField } from './language-field.tsx';
import { RoleSelect } from './role-select.tsx';
import { saveEntity } from './save-entity.ts';
import { SsnField } from './ssn-field.tsx';
import { useEntityFields } from './use-entity-fields.ts';
import '../../../ui/alert.css';
import '../accounts.css';
import './entity-form.css';

/** A new entity on an account (`/accounts/:accountId/entities/new`). */
export function Component() {
  const { accountId, account, waiting } = useRouteAccount(
    'New entity',
    'An entity can only be added to an account that exists.',
  );
  if (waiting || !account) return waiting;
  const { crid, entities } = account;
  return (
    <Page title="New entity" subtitle={`On account ${crid}`}>
      <AccountCrumbs accountId={accountId} crid={crid} current="New entity" />
      {entities.length >= ACCOUNT_MAX_ENTITIES ? (
        <div className="panel">
          <ErrorState
            title="This account is full"
            message={`An account holds at most ${ACCOUNT_MAX_ENTITIES} entities.`}
          />
        </div>
      ) : (
        <NewEntityForm accountId={accountId} />
      )}
    </Page>
  );
}

function NewEntityForm({ accountId }: { accountId: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const ssnRef = useRef<HTMLInputElement>(null);
  const { form, errors, setErrors, set, text, copyAddress } = useEntityFields();
  useToasterClearance(72);
  const [rows, setRows] = useState<MetadataRow[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const summaryId = useId();

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    setFailure(null);
    const rowProblems = rowErrors(rows);
    const checked = checkEntity(form, ssnRef.current?.value ?? '', metadataOf(rows), new Date());
    if (!checked.ok || rowProblems.size > 0) {
      setErrors(checked.ok ? {} : checked.errors);
      focusFirstError();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const entity = await saveEntity(client, accountId, checked.body);
      if (ssnRef.current) ssnRef.current.value = '';
      void navigate(`/accounts/${accountId}/entities/${entity.entityId}`, {
        replace: true,
        state: { created: true },
      });
    } catch (error) {
      setFailure(saveFailure(error, 'entity'));
      setSaving(false);
    }
  };

  const errorCount = Object.keys(errors).length + (submitted ? rowErrors(rows).size : 0);
  const person = isPersonType(form.type);

  return (
    <form
      ref={formRef}
      className="entity-form acc-sheet"
      method="post"
      noValidate
      autoComplete="off"
      aria-describedby={summaryId}
      onSubmit={(e) => void submit(e)}
    >
      <section className="acc-sheet__section panel" aria-labelledby="ef-who">
        <h2 id="ef-who" className="section-title">
          Who
        </h2>
        <div className="entity-form__grid">
          <RoleSelect
            value={form.type}
            error={errors.type}
            onChange={(type) => set('type', type)}
          />
          <Field
            label="Name"
            hint={
              person
                ? 'A person: FIRST MIDDLE LAST SUFFIX, e.g. JANE Q PUBLIC JR'
                : 'The organization’s registered name'
            }
            {...text('name')}
          />
          <Field
            label="Date of birth"
            hint="YYYY-MM-DD, e.g. 1984-07-21"
            placeholder="YYYY-MM-DD"
            inputMode="numeric"
            {...text('dateOfBirth')}
          />
          <Field
            label="Also known as"
            hint="Other names the entity goes by"
            {...text('alsoKnown')}
          />
        </div>
      </section>

      <section className="acc-sheet__section panel" aria-labelledby="ef-contact">
        <h2 id="ef-contact" className="section-title">
          Contact and identifiers
        </h2>
        <div className="entity-form__grid">
          <Field label="Phone" type="tel" {...text('phone')} />
          <Field label="Email" type="email" {...text('email')} />
          <LanguageField {...text('languagePreference')} />
          <Field
            label="External id"
            hint="Your own system’s identifier for this entity"
            {...text('externalEntityId')}
          />
          <SsnField inputRef={ssnRef} error={errors.ssn} />
        </div>
      </section>

      <section className="acc-sheet__section panel" aria-labelledby="ef-addresses">
        <h2 id="ef-addresses" className="section-title">
          Addresses
        </h2>
        <div className="entity-form__addresses">
          {ADDRESS_KINDS.map((kind, index) => (
            <AddressFieldset
              key={kind}
              kind={kind}
              value={form[kind]}
              errors={errors}
              copyFrom={ADDRESS_KINDS.slice(0, index)}
              onChange={(next) => set(kind, next)}
              onCopy={(from) => copyAddress(from, kind)}
            />
          ))}
        </div>
      </section>

      <section className="acc-sheet__section panel" aria-label="Metadata">
        <MetadataEditor
          rows={rows}
          onChange={setRows}
          submitted={submitted}
          error={errors.metadata}
        />
      </section>

      <div className="entity-form__actions">
        <div id={summaryId} className="entity-form__status">
          {failure ? (
            <p className="alert acc-form-alert" role="alert">
              {failure}
            </p>
          ) : errorCount > 0 ? (
            <p className="entity-form__count" role="status">
              {errorCount === 1
                ? 'One field needs attention.'
                : `${errorCount} fields need attention.`}
            </p>
          ) : null}
        </div>
        <div className="entity-form__buttons">
          <Link className="button button--secondary" to={`/accounts/${accountId}`}>
            Cancel
          </Link>
          <SubmitButton pending={saving} pendingLabel="Creating…">
            Create entity
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
