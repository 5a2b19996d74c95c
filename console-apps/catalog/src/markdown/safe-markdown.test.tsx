import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeMarkdown, safeHref } from './safe-markdown';

function show(markdown: string) {
  return render(<SafeMarkdown markdown={markdown} />).container;
}

describe('SafeMarkdown', () => {
  it('renders paragraphs, emphasis, lists, headings, quotes and code', () => {
    const container = show(
      '# Terms\n\nUse *once* and **only** online.\n\n- one\n- two\n\n> quoted\n\n`CODE`',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Terms' })).toBeInTheDocument();
    expect(container.querySelector('em')).toHaveTextContent('once');
    expect(container.querySelector('strong')).toHaveTextContent('only');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(container.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(container.querySelector('code')).toHaveTextContent('CODE');
  });

  it('never renders raw HTML: block, inline, script, style or event handlers', () => {
    const container = show(
      [
        '<div onclick="alert(1)">block</div>',
        '',
        'inline <span style="color:red" onmouseover="alert(1)">text</span> here',
        '',
        '<script>alert(1)</script>',
        '',
        '<style>body{display:none}</style>',
        '',
        '<iframe src="https://evil.example"></iframe>',
      ].join('\n'),
    );
    const rendered = container.firstElementChild as HTMLElement;
    expect(rendered.querySelector('div, span, script, style, iframe')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onclick|onmouseover|alert|<script/);
    expect(container).toHaveTextContent('inline text here');
  });

  it('shows no images, inline or by reference', () => {
    const container = show(
      '![a](https://evil.example/a.png) and ![b][pic]\n\n[pic]: https://evil.example/b.png',
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('evil.example');
  });

  it('links only to the web, mail, phone or the console, with rel="noopener noreferrer"', () => {
    show(
      '[web](https://shop.example/help) [mail](mailto:help@shop.example) [page](/help) ' +
        '[js](javascript:alert(1)) [data](data:text/html,hi) [other](//evil.example) ' +
        '[ref][r]\n\n[r]: https://shop.example/ref',
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['web', 'https://shop.example/help'],
      ['mail', 'mailto:help@shop.example'],
      ['page', '/help'],
      ['ref', 'https://shop.example/ref'],
    ]);
    for (const link of links) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'web' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'page' })).not.toHaveAttribute('target');
    expect(screen.getByText(/js data other/)).toBeInTheDocument();
  });

  it('accepts only safe link targets', () => {
    expect(safeHref('https://a.example')).toBe('https://a.example');
    expect(safeHref(' HTTP://a.example ')).toBe('HTTP://a.example');
    expect(safeHref('tel:+441234')).toBe('tel:+441234');
    expect(safeHref('/network/merchants')).toBe('/network/merchants');
    for (const unsafe of [
      'javascript:alert(1)',
      'JaVaScRiPt:x',
      'vbscript:x',
      'data:x',
      '//x',
      '/\\x',
      'x.html',
      '#top',
    ]) {
      expect(safeHref(unsafe)).toBeUndefined();
    }
  });
});
