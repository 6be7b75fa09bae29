import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('says what it does while nothing is awaited', () => {
    const html = renderToStaticMarkup(<Button pending={false}>Save metadata</Button>);
    expect(html).toBe(
      '<button type="button" class="button button--secondary">Save metadata</button>',
    );
  });

  it('is disabled and says so while pending', () => {
    expect(renderToStaticMarkup(<Button pending>Save metadata</Button>)).toBe(
      '<button type="button" class="button button--secondary" disabled="">Saving…</button>',
    );
    expect(
      renderToStaticMarkup(
        <Button pending pendingLabel="Creating…">
          Create request
        </Button>,
      ),
    ).toContain('>Creating…</button>');
  });

  it('stays disabled for its own reasons once the answer is in', () => {
    expect(renderToStaticMarkup(<Button disabled>Send</Button>)).toContain('disabled=""');
  });
});
