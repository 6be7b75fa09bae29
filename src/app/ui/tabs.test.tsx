import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkTabs, type LinkTab } from './tabs.tsx';

const render = (tab: Partial<LinkTab>) =>
  renderToStaticMarkup(
    <StaticRouter location="/">
      <LinkTabs
        label="Status"
        counted
        tabs={[{ key: 'a', to: '/?s=a', label: 'A', current: true, countTestId: 'n', ...tab }]}
      />
    </StaticRouter>,
  );

describe('LinkTabs counts', () => {
  it('shows a count, and – while it is unknown', () => {
    expect(render({ count: 1234 })).toContain('data-testid="n">1,234</span>');
    expect(render({})).toContain('data-testid="n">–</span>');
  });

  it('says a count that is being read is busy, and one known to be unknown is not', () => {
    expect(render({ countLoading: true })).toContain('data-testid="n" aria-busy="true">–</span>');
    expect(render({ countLoading: false })).not.toContain('aria-busy');
    expect(render({})).not.toContain('aria-busy');
  });
});
