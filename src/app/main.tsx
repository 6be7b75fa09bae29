import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The console's shell (sign-in, navigation, screens) arrives with the gateway; until then the
// build carries this page, which says plainly what runs today.
function Placeholder() {
  return (
    <main
      style={{
        font: '16px/1.5 system-ui, sans-serif',
        maxWidth: 560,
        margin: '15vh auto',
        padding: '0 24px',
      }}
    >
      <h1 style={{ fontSize: 24, margin: 0 }}>Attest</h1>
      <p>
        The console is not served yet. The reference service runs with demo data at{' '}
        <code>http://127.0.0.1:8090</code>; see the README for its demo logins.
      </p>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
