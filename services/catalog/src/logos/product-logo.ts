import { escapeHtml } from '@boon/service-kit';

/** How a merchant's generated logo looks: a shape, two colours and its initials. */
export interface LogoStyle {
  shape: 'circle' | 'rounded' | 'hexagon';
  background: string;
  foreground: string;
  initials: string;
}

// Dark backgrounds with white initials: every pair has a contrast ratio above 4.5:1.
const palette = [
  '#1f4e79',
  '#7a1f3d',
  '#245c3b',
  '#5b2a86',
  '#8a3b12',
  '#0f5c63',
  '#3d3d3d',
  '#99154b',
  '#2e4a9e',
  '#6b4e16',
] as const;
const shapes: readonly LogoStyle['shape'][] = ['circle', 'rounded', 'hexagon'];

/** The initials of a merchant's name: "Northwind Coffee" → "NC", "Acorn" → "AC". */
export function initialsOf(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const letters =
    words.length >= 2
      ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}`
      : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** A stable style for a brand, chosen from its name's hash (the same brand looks the same everywhere). */
export function logoStyleFor(brand: string): LogoStyle {
  let hash = 2166136261;
  for (const char of brand) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return {
    shape: shapes[hash % shapes.length] ?? 'circle',
    background: palette[(hash >>> 4) % palette.length] ?? '#1f4e79',
    foreground: '#ffffff',
    initials: initialsOf(brand),
  };
}

const shapePaths: Record<LogoStyle['shape'], string> = {
  circle: '<circle cx="48" cy="48" r="46"/>',
  rounded: '<rect x="2" y="2" width="92" height="92" rx="18"/>',
  hexagon: '<path d="M48 2 88 25v46L48 94 8 71V25z"/>',
};

/**
 * The logo as an SVG document, generated here so no image is ever fetched from elsewhere. The
 * initials use the system's sans-serif font; the name is the accessible title.
 */
export function productLogoSvg(name: string, style: LogoStyle): string {
  const colour = (value: string) => (/^#[0-9a-f]{6}$/i.test(value) ? value : '#3d3d3d');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img">',
    `<title>${escapeHtml(name)}</title>`,
    `<g fill="${colour(style.background)}">${shapePaths[style.shape]}</g>`,
    `<text x="48" y="50" fill="${colour(style.foreground)}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="34" font-weight="700" text-anchor="middle" dominant-baseline="middle">${escapeHtml(style.initials.slice(0, 3))}</text>`,
    '</svg>',
  ].join('');
}
