import PDFDocument from 'pdfkit';

/**
 * The billing documents' shared layout on pdfkit (statements, top-up invoices): A4, the standard
 * Helvetica (no font files to ship or embed), a header with the product and the document's
 * title, label and value rows, and a table that carries its header onto each new page.
 */
export type Pdf = InstanceType<typeof PDFDocument>;

const MARGIN = 50;
const INK = '#0f172a';
const MUTED = '#475569';
const LINE = '#cbd5e1';

// Characters the standard fonts' WinAnsi encoding has beyond Latin-1 (pdfkit's own table).
const winAnsiExtras = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018,
  0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a,
  0x20ac, 0x2122,
]);

/**
 * Text the standard fonts can draw: a minus sign becomes a hyphen, and any other character they
 * lack (a company name in another script, say) a question mark, rather than a wrong glyph.
 */
export function pdfText(value: string): string {
  return [...value.replaceAll('\u2212', '-')]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      return (code >= 0x20 && code <= 0x7e) ||
        (code >= 0xa0 && code <= 0xff) ||
        winAnsiExtras.has(code)
        ? char
        : '?';
    })
    .join('');
}

export function newPdf(title: string, author: string): Pdf {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: pdfText(title), Author: pdfText(author), Creator: pdfText(author) },
  });
}

/** The product's name and the document's title and subtitle lines. */
export function header(doc: Pdf, product: string, title: string, subtitles: readonly string[]) {
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(10).text(pdfText(product.toUpperCase()));
  doc.moveDown(0.4);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(pdfText(title));
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  for (const line of subtitles) doc.text(pdfText(line));
  doc.moveDown(1);
}

/** Label and value rows, as a definition list. */
export function details(doc: Pdf, rows: readonly (readonly [string, string])[]) {
  const labelWidth = 150;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(pdfText(label), MARGIN, y, {
      width: labelWidth,
    });
    const labelBottom = doc.y;
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(pdfText(value), MARGIN + labelWidth, y, { width: contentWidth(doc) - labelWidth });
    doc.y = Math.max(doc.y, labelBottom) + 3;
  }
  doc.x = MARGIN;
  doc.moveDown(0.8);
}

export function heading(doc: Pdf, text: string) {
  doc.x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(pdfText(text));
  doc.moveDown(0.4);
}

export function paragraph(doc: Pdf, text: string) {
  doc.x = MARGIN;
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(pdfText(text), { width: contentWidth(doc) });
  doc.moveDown(0.6);
}

export interface Column {
  header: string;
  /** A share of the page's width. */
  width: number;
  align?: 'left' | 'right';
}

function contentWidth(doc: Pdf): number {
  return doc.page.width - MARGIN * 2;
}

/** A table: `addRow` draws a row, beginning a new page (with the header again) when full. */
export function table(doc: Pdf, columns: readonly Column[]) {
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / total) * contentWidth(doc));
  const drawRow = (cells: readonly string[], bold: boolean) => {
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(bold ? MUTED : INK);
    cells.forEach((cell, index) => {
      doc.text(pdfText(cell), x + 2, y, {
        width: widths[index]! - 4,
        align: columns[index]?.align ?? 'left',
      });
      bottom = Math.max(bottom, doc.y);
      x += widths[index]!;
    });
    doc
      .moveTo(MARGIN, bottom + 3)
      .lineTo(MARGIN + contentWidth(doc), bottom + 3)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.y = bottom + 6;
    doc.x = MARGIN;
  };
  const headers = columns.map((column) => column.header);
  drawRow(headers, true);
  return {
    addRow(cells: readonly string[], bold = false) {
      if (doc.y > doc.page.height - MARGIN - 40) {
        doc.addPage();
        drawRow(headers, true);
      }
      drawRow(cells, bold);
    },
  };
}

/**
 * "Page N" at the foot of every page, written as each page begins, so a long statement streams
 * out page by page instead of being held whole in memory for a "page N of M".
 */
export function numberPages(doc: Pdf) {
  let page = 0;
  const stamp = () => {
    page += 1;
    const { x, y } = doc;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Page ${page}`, MARGIN, doc.page.height - 35, {
        width: contentWidth(doc),
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    doc.x = x;
    doc.y = y;
  };
  stamp();
  doc.on('pageAdded', stamp);
}
