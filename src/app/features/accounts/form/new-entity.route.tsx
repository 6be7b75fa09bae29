import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ACCOUNT_MAX_ENTITIES,
  EntityTypeSchema,
  type EntityType,
} from '../../../../contract/accounts.ts';
import { Field } from '../../../ui/field.tsx';
import { Page } from '../../../ui/page.tsx';
import { ErrorState } from '../../../ui/states.tsx';
import { Button } from '../../../ui/button.tsx';
import { accountQueries } from '../accounts.queries.ts';
import { ROLE_LABELS } from '../format.ts';
import { MetadataEditor } from '../metadata/metadata-editor.tsx';
import { metadataOf, rowErrors, type MetadataRow } from '../metadata/metadata-rows.ts';
import { accountStates } from '../account/account-states.tsx';
import { saveFailure } from '../save-failure.ts';
import { AddressFieldset } from './address-fieldset.tsx';
import {
  ADDRESS_KINDS,
  checkEntity,
  emptyForm,
  isPersonType,
  type AddressKind,
  type EntityForm,
  type FieldErrors,
} from './entity-form-model.ts';
import { saveEntity } from './save-entity.ts';
import { SsnField } from './ssn-field.tsx';
import '../accounts.css';
import './entity-form.css';

const LANGUAGES = ['en', 'es', 'fr', 'zh', 'vi', 'ko', 'tl', 'ar', 'ru', 'pt'];

/** A new entity on an account (`/accounts/:accountId/entities/new`). */
export function Component() {
  const { accountId = '' } = useParams();
  const account = useQuery(accountQueries.detail(accountId));

  const waiting = accountStates(
    'New entity',
    account,
    'An entity can only be added to an account that exists.',
  );
  if (waiting || !account.data) return waiting;
  const { crid, entities } = account.data;
  return (
    <Page title="New entity" subtitle={`On account ${crid}`}>
      <nav aria-label="Breadcrumb" className="acc-crumbs">
        <Link to="/accounts">Accounts</Link>
        <span aria-hidden="true">/</span>
        <Link to={`/accounts/${accountId}`}>{crid}</Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">New entity</span>
      </nav>
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
  const [form, setForm] = useState<EntityForm>(emptyForm);
  const [rows, setRows] = useState<MetadataRow[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { type: useId(), language: useId(), summary: useId() };

  // A field's error goes once it is edited; the rest stay until the next try.
  const clearErrors = (prefix: string) =>
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(
          ([path]) => path !== prefix && !path.startsWith(`${prefix}.`),
        ),
      ),
    );
  const set = <K extends keyof EntityForm>(key: K, value: EntityForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    clearErrors(key);
  };
  const text = (key: Exclude<keyof EntityForm, 'type' | AddressKind>) => ({
    name: key,
    value: form[key],
    error: errors[key],
    autoComplete: 'off',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
  });
  const copyAddress = (from: AddressKind, to: AddressKind) => {
    setForm((current) => ({ ...current, [to]: { ...current[from] } }));
    clearErrors(to);
  };

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
      className="entity-form"
      method="post"
      noValidate
      autoComplete="off"
      aria-describedby={ids.summary}
      onSubmit={(e) => void submit(e)}
    >
      <section className="entity-form__section panel" aria-labelledby="ef-who">
        <h2 id="ef-who" className="entity-form__title">
          Who
        </h2>
        <div className="entity-form__grid">
          <div className="field">
            <label className="field__label" htmlFor={ids.type}>
              Role on the account
            </label>
            <select
              id={ids.type}
              name="type"
              className="field__input"
              value={form.type}
              aria-invalid={errors.type ? true : undefined}
              aria-describedby={errors.type ? `${ids.type}-error` : undefined}
              onChange={(e) => {
                const parsed = EntityTypeSchema.safeParse(e.target.value);
                set('type', parsed.success ? parsed.data : '');
              }}
            >
              <option value="">Choose a role…</option>
              {(Object.keys(ROLE_LABELS) as EntityType[]).map((type) => (
                <option key={type} value={type}>
                  {ROLE_LABELS[type]}
                </option>
              ))}
            </select>
            {errors.type && (
              <p id={`${ids.type}-error`} className="field__error">
                {errors.type}
              </p>
            )}
          </div>
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

      <section className="entity-form__section panel" aria-labelledby="ef-contact">
        <h2 id="ef-contact" className="entity-form__title">
          Contact and identifiers
        </h2>
        <div className="entity-form__grid">
          <Field label="Phone" type="tel" {...text('phone')} />
          <Field label="Email" type="email" {...text('email')} />
          <div className="field">
            <Field
              label="Language preference"
              hint="A language code, e.g. en or es"
              list={ids.language}
              {...text('languagePreference')}
            />
            <datalist id={ids.language}>
              {LANGUAGES.map((code) => (
                <option key={code} value={code} />
              ))}
            </datalist>
          </div>
          <Field
            label="External id"
            hint="Your own system’s identifier for this entity"
            {...text('externalEntityId')}
          />
          <SsnField inputRef={ssnRef} error={errors.ssn} />
        </div>
      </section>

      <section className="entity-form__section panel" aria-labelledby="ef-addresses">
        <h2 id="ef-addresses" className="entity-form__title">
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

      <section className="entity-form__section panel" aria-label="Metadata">
        <MetadataEditor
          rows={rows}
          onChange={setRows}
          submitted={submitted}
          error={errors.metadata}
        />
      </section>

      <div className="entity-form__actions">
        <div id={ids.summary} className="entity-form__status">
          {failure ? (
            <p className="acc-form-alert" role="alert">
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
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? 'Creating…' : 'Create entity'}
          </Button>
        </div>
      </div>
    </form>
  );
}
