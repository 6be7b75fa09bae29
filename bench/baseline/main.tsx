import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

// The bare React baseline of `npm run bench` (ADR 017): React, React Router's data router
// and TanStack Query, a list of 50 rows from an in-memory API, no UI kit. Its first visit is
// what the console's queue is measured against, on the same machine in the same run.

interface Row {
  id: string;
  documentName: string;
  firmName: string;
  submittedOn: string;
}

const rows = queryOptions({
  queryKey: ['rows'],
  queryFn: async (): Promise<Row[]> => {
    const response = await fetch('/api/rows');
    if (!response.ok) throw new Error(`rows: ${response.status}`);
    return ((await response.json()) as { rows: Row[] }).rows;
  },
});

const queryClient = new QueryClient();

function List() {
  const { data } = useQuery(rows);
  return (
    <table>
      <thead>
        <tr>
          <th>Document</th>
          <th>Firm</th>
          <th>Submitted</th>
        </tr>
      </thead>
      <tbody>
        {data?.map((row) => (
          <tr key={row.id} data-qc-row="">
            <td>{row.documentName}</td>
            <td>{row.firmName}</td>
            <td>{new Date(row.submittedOn).toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const router = createBrowserRouter([
  {
    path: '/',
    loader: () => queryClient.ensureQueryData(rows),
    Component: List,
  },
]);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
