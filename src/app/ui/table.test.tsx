import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Table, TableScroller } from './table.tsx';

describe('Table', () => {
  it('puts its caption, column heads and rows in a scroll container', () => {
    const html = renderToStaticMarkup(
      <Table
        className="team-table"
        data-testid="health"
        caption="Pending per process"
        scrollLabel="Queue health"
        columns={[{ label: 'Process' }, { label: 'Pending', className: 'table__num' }]}
      >
        <tr>
          <th scope="row">Deeds</th>
          <td className="table__num">3</td>
        </tr>
      </Table>,
    );
    expect(html).toBe(
      '<div class="table-scroller" tabindex="0" role="region" aria-label="Queue health">' +
        '<table class="table team-table" data-testid="health">' +
        '<caption class="visually-hidden">Pending per process</caption>' +
        '<thead><tr><th scope="col">Process</th><th scope="col" class="table__num">Pending</th></tr></thead>' +
        '<tbody><tr><th scope="row">Deeds</th><td class="table__num">3</td></tr></tbody>' +
        '</table></div>',
    );
  });

  it('says when its rows are about to change, and goes without a caption or label', () => {
    const html = renderToStaticMarkup(
      <Table columns={[{ label: 'CRID' }]} busy>
        {null}
      </Table>,
    );
    expect(html).toBe(
      '<div class="table-scroller"><table class="table" aria-busy="true">' +
        '<thead><tr><th scope="col">CRID</th></tr></thead><tbody></tbody></table></div>',
    );
    expect(renderToStaticMarkup(<TableScroller>x</TableScroller>)).toBe(
      '<div class="table-scroller">x</div>',
    );
  });
});
