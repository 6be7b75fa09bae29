import { useQuery } from '@tanstack/react-query';
import { grants, sessionQueries } from '../../../session.queries.ts';
import type { SamplesTab } from '../queue/index.ts';
import { useOnTeam } from '../holds.ts';
import { samplesQueries } from './samples.queries.ts';

/**
 * The "Second review" tab's figures: the open samples for the signed-in person and, for a
 * QC manager, the flagged ones. `enabled` holds them back: the queue asks once its rows are
 * in, so they never slow its first page.
 */
export function useSamplesTab(enabled: boolean, current = false): SamplesTab {
  const { data: session } = useQuery(sessionQueries.current());
  const manager = Boolean(session && grants(session, ['qc.manage']));
  const onTeam = useOnTeam();
  const open = useQuery({ ...samplesQueries.list('open'), enabled: enabled && onTeam });
  const flagged = useQuery({ ...samplesQueries.list('flagged'), enabled: enabled && manager });
  return {
    count: open.data?.samples.length,
    flagged: manager ? flagged.data?.samples.length : undefined,
    current,
  };
}
