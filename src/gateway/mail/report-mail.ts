import type { QcReport } from '../../contract/report.ts';
import type { Composed } from './compose.ts';

// Last month's QC report by e-mail (ADR 041): its headline figures in the text and HTML
// parts, the PDF attached, and a link to the team view for the rest.

const pct = (value: number | null) =>
  value === null ? 'none decided' : `${(value * 100).toFixed(1)}%`;
const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

export function composeReportMail(report: QcReport, pdf: Uint8Array, base: string): Composed {
  const o = report.overall;
  const lines: [string, string][] = [
    ['Requests decided', String(o.decisions)],
    ['Gross defect rate', pct(o.grossRate)],
    ['Net defect rate', pct(o.netRate)],
    ['Critical, gross', pct(o.grossCriticalRate)],
    ['Critical, net', pct(o.netCriticalRate)],
    ['Corrective actions', String(report.correctiveActions.length)],
  ];
  const link = `${base.replace(/\/+$/, '')}/qc/team`;
  const intro = `The QC report of ${report.owner} for ${report.period} (${report.from} to ${report.to}) is attached as a PDF.`;
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0;color:#555;font-weight:normal">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return {
    subject: `QC report ${report.period}: ${report.owner}`,
    text: `${intro}\n\n${lines.map(([l, v]) => `${l}: ${v}`).join('\n')}\n\nGross: decisions that raised a finding. Net: a finding still standing after the answers and settlements.\nThe team view: ${link}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:14px;color:#111"><p>${escapeHtml(intro)}</p><table role="presentation">${rows}</table><p style="color:#555">Gross: decisions that raised a finding. Net: a finding still standing after the answers and settlements.</p><p><a href="${escapeHtml(link)}">Open the team view</a></p></body></html>`,
    attachments: [
      {
        filename: `qc-report-${report.owner}-${report.period}.pdf`,
        content: Buffer.from(pdf),
        contentType: 'application/pdf',
      },
    ],
  };
}
