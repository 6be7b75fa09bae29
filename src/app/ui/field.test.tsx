import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field, SelectField, TextAreaField } from './field.tsx';

describe('Field, TextAreaField and SelectField', () => {
  it('label the control and describe it by its hint and its error', () => {
    const html = renderToStaticMarkup(
      <TextAreaField id="note" label="Note" hint="Kept with it" error="Write a note" />,
    );
    expect(html).toBe(
      '<div class="field"><label class="field__label" for="note">Note</label>' +
        '<textarea id="note" class="field__input" aria-invalid="true" aria-describedby="note-hint note-error"></textarea>' +
        '<p id="note-hint" class="field__hint">Kept with it</p>' +
        '<p id="note-error" class="field__error">Write a note</p></div>',
    );
  });

  it('describe nothing when there is no hint or error', () => {
    const html = renderToStaticMarkup(<Field id="name" label="Name" />);
    expect(html).toBe(
      '<div class="field"><label class="field__label" for="name">Name</label>' +
        '<input id="name" class="field__input"/></div>',
    );
  });

  it('take a select with its options, and a class of their own', () => {
    const html = renderToStaticMarkup(
      <SelectField id="role" label="Role" labelClassName="title" className="own" error="Choose">
        <option value="">Choose…</option>
      </SelectField>,
    );
    expect(html).toContain('<label class="title" for="role">Role</label>');
    expect(html).toContain(
      '<select id="role" class="own" aria-invalid="true" aria-describedby="role-error"><option value="">Choose…</option></select>',
    );
  });
});
