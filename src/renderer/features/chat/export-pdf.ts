import type { Ticket } from '../../../shared/api/tickets';
import type { ChatMessage } from './messages-cache';
import { buildPdfLines, type PdfLine, type PdfText } from './pdf-layout';

const MARGIN = 40;
const STYLES: Record<PdfLine['style'], { size: number; bold: boolean; after: number }> = {
  title: { size: 16, bold: true, after: 8 },
  meta: { size: 10, bold: false, after: 4 },
  author: { size: 10, bold: true, after: 2 },
  body: { size: 10, bold: false, after: 2 },
  gap: { size: 10, bold: false, after: 6 },
};

/**
 * 1-attendance §1 PDF export of a ticket: writes the layout with jspdf (loaded on first use), wrapping
 * long lines and breaking pages. Answers false when there is nothing to export.
 */
export async function exportTicketPdf(
  ticket: Pick<Ticket, 'id' | 'contact'>,
  messages: ChatMessage[],
  text: PdfText,
): Promise<boolean> {
  const lines = buildPdfLines(ticket, messages, text, new Date());
  if (lines.length === 0) return false;
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const width = doc.internal.pageSize.getWidth() - MARGIN * 2;
  const bottom = doc.internal.pageSize.getHeight() - MARGIN;
  let y = MARGIN;
  for (const line of lines) {
    const style = STYLES[line.style];
    doc.setFont('helvetica', style.bold ? 'bold' : 'normal');
    doc.setFontSize(style.size);
    const height = style.size * 1.25;
    const wrapped: string[] = line.text ? doc.splitTextToSize(line.text, width) : [''];
    for (const part of wrapped) {
      if (y + height > bottom) {
        doc.addPage();
        y = MARGIN;
      }
      doc.text(part, MARGIN, y + style.size);
      y += height;
    }
    y += style.after;
  }
  doc.save(`atendimento-${ticket.id}.pdf`);
  return true;
}
