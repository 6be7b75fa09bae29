import './payload.css';

/** A payload as indented JSON, folded until asked for; long values wrap inside the box. */
export function PayloadBox({ payload, label = 'Payload' }: { payload: unknown; label?: string }) {
  return (
    <details className="payload">
      <summary className="payload__summary">{label}</summary>
      <pre className="payload__json" tabIndex={0}>
        {JSON.stringify(payload, null, 2)}
      </pre>
    </details>
  );
}
