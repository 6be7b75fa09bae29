import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChoiceCards } from './choice-cards.tsx';
import { Fact, FactGrid } from './fact.tsx';

const choices = [
  { value: 'cured', label: 'Cured', hint: 'It is fixed.' },
  {
    value: 'disputed',
    label: 'Disputed',
    hint: 'Not a defect.',
    disabled: true,
    describedBy: 'why',
  },
] as const;

describe('a choice as cards', () => {
  it('is one radio group, named, with the chosen one checked and an off one said why', () => {
    const html = renderToStaticMarkup(
      <ChoiceCards legend="Answer" choices={choices} value="cured" onChange={() => {}} />,
    );
    expect(html).toContain('<legend class="visually-hidden">Answer</legend>');
    const names = [...html.matchAll(/name="([^"]+)"/g)].map((match) => match[1]);
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(1);
    expect(html).toMatch(/<input type="radio" name="[^"]+" checked="" value="cured"\/>/);
    expect(html).toMatch(
      /<input type="radio" disabled="" aria-describedby="why" name="[^"]+" value="disputed"\/>/,
    );
    expect(html).toContain('choice-cards__option choice-cards__option--off');
    expect(html).not.toContain('aria-invalid');
  });

  it('says below the cards that a choice is still to be made, and the group points at it', () => {
    const html = renderToStaticMarkup(
      <ChoiceCards
        legend="Outcome"
        choices={choices.slice(0, 1)}
        value=""
        error="Choose one."
        onChange={() => {}}
      />,
    );
    const described = /aria-invalid="true" aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(described).toBeDefined();
    expect(html).toContain(`<p class="field__error" id="${described}">Choose one.</p>`);
    expect(html).not.toContain('checked');
  });

  it('stands three to a row when asked, two otherwise', () => {
    const props = { legend: 'How often', choices, value: '', onChange: () => {} } as const;
    expect(renderToStaticMarkup(<ChoiceCards {...props} columns={3} />)).toContain(
      '<fieldset class="choice-cards choice-cards--3">',
    );
    expect(renderToStaticMarkup(<ChoiceCards {...props} />)).toContain(
      '<fieldset class="choice-cards">',
    );
  });
});

describe('facts as a grid', () => {
  it('is a description list of label and value rows, with its variants and a feature’s class', () => {
    const html = renderToStaticMarkup(
      <FactGrid className="sig-facts" small plain>
        <Fact label="Firm">Acme</Fact>
      </FactGrid>,
    );
    expect(html).toBe(
      '<dl class="fact-grid fact-grid--small fact-grid--plain sig-facts">' +
        '<div><dt>Firm</dt><dd>Acme</dd></div></dl>',
    );
    expect(renderToStaticMarkup(<FactGrid>{null}</FactGrid>)).toBe('<dl class="fact-grid"></dl>');
  });
});
