import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client.ts';
import { createRouter } from './router.tsx';
import { Toaster } from './ui/toaster.tsx';
import './ui/tokens.css';
import './ui/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createRouter()} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
