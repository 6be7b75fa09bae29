import { useLocation } from 'react-router';
import { areaFor } from '../shell/nav.ts';
import { Page } from '../ui/page.tsx';
import { EmptyState } from '../ui/states.tsx';

/** An area whose screen is not built yet: says so plainly, and nothing more. */
export function Component() {
  const { pathname } = useLocation();
  const area = areaFor(pathname);
  return (
    <Page title={area?.label ?? 'Attest'} subtitle={area?.summary}>
      <div className="panel">
        <EmptyState title="This screen is not available yet">
          This part of the console is still being built.
        </EmptyState>
      </div>
    </Page>
  );
}
